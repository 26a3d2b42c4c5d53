import Seam
import SeamTesting
import Testing

/// A key whose live factory cannot fail (`Failure == Never`), resolvable without `try`.
enum GreetingKey: DependencyKey {
    static var testValue: String? { "test hello" }
    static func live(_ r: borrowing Resolver) -> String { "hello" }
}

/// Leaves of a cycle through the container, for the subscript's trap.
enum SubscriptCycle {
    nonisolated(unsafe) static var container: Container?
}
enum SubscriptCycleA: DependencyKey {
    static func live(_ r: borrowing Resolver) -> Instance {
        _ = SubscriptCycle.container?[SubscriptCycleB.self]
        return Instance()
    }
}
enum SubscriptCycleB: DependencyKey {
    static func live(_ r: borrowing Resolver) -> Instance {
        _ = SubscriptCycle.container?[SubscriptCycleA.self]
        return Instance()
    }
}

@Suite("Composition roots: containers with their own overrides, resolving without try")
struct CompositionRootTests {
    @Test("a non-throwing factory makes Failure Never; a throwing one any Error")
    func failureInference() {
        #expect(GreetingKey.Failure.self == Never.self)
        #expect(APIClientKey.Failure.self == (any Error).self)
    }

    @Test("the subscript resolves without try, in the container's context")
    func subscriptResolves() {
        #expect(Container(name: "App", context: .live)[GreetingKey.self] == "hello")
        #expect(Container(name: "App")[GreetingKey.self] == "test hello")
    }

    @Test("a container's own overrides apply to every resolve from it; other containers are untouched")
    func containerOverrides() throws {
        let mock = MockAPIClient(spots: ["Own"])
        let counter = Counter()
        let container = Container(
            name: "Mock", context: .live,
            overrides: {
                $0[APIClientKey.self] = mock
                $0.factory(SingletonKey.self) { _ in
                    counter.increment(); return Instance("own factory")
                }
            })
        #expect((try container.resolve(APIClientKey.self) as? MockAPIClient)?.spots == ["Own"])
        let first = try container.resolve(SingletonKey.self)
        #expect(first.label == "own factory")
        #expect(try container.resolve(SingletonKey.self) === first, "a factory override keeps the key's lifetime")
        #expect(counter.value == 1)
        #expect(container.origin(of: APIClientKey.self).source == .override(fileID: #fileID, line: #line - 13))
        #expect(try Container(name: "Live", context: .live).resolve(APIClientKey.self) is LiveAPIClient)
    }

    @Test("a unique key overridden on the container does not take the live shortcut")
    func uniqueOverridden() throws {
        let container = Container(context: .live, overrides: { $0[UniqueKey.self] = Instance("fixed") })
        #expect(try container.resolve(UniqueKey.self).label == "fixed")
    }

    @Test(
        "an enclosing scope's overrides win over the container's",
        .seamDependencies {
            $0[APIClientKey.self] = MockAPIClient(spots: ["Test"])
        })
    func scopeWins() throws {
        let container = Container(
            name: "Mock", overrides: { $0[APIClientKey.self] = MockAPIClient(spots: ["Container"]) })
        #expect((try container.resolve(APIClientKey.self) as? MockAPIClient)?.spots == ["Test"])
        #expect(
            (try container.resolve(DatabasePathKey.self)) == ":memory:",
            "keys it does not override: the scope's context")
    }

    @Test("a container's issue reporter receives its issues outside any scope")
    func containerReporter() {
        let log = IssueLog()
        let container = EscapeProbe.container(reportingTo: log)
        #expect(throws: ResolutionError.self) { try container.resolve(AnalyticsKey.self) }
        #expect(log.dependencies == ["AnalyticsKey"])
    }

    @Test("a cycle reached through the subscript is a precondition failure naming the path")
    func subscriptCycleTraps() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container(context: .live)
            SubscriptCycle.container = container
            _ = container[SubscriptCycleA.self]
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains("Dependency cycle: SubscriptCycleA → SubscriptCycleB → SubscriptCycleA"), "\(message)")
        }
    }
}
