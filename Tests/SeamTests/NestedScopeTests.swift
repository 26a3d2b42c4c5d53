import Seam
import SeamTesting
import Testing

/// A `withOverrides` inside a test (or inside another scope) shares the enclosing scope's instances
/// for every key it does not override itself.
@Suite("Scopes nested in a test")
struct NestedScopeTests {
    @Test(
        "a nested scope sees the test's own singletons and cached instances, with the state seeded in them",
        .seamDependencies)
    func seesTheTestsSingletons() throws {
        let container = Container(name: "App")
        let singleton = try container.resolve(SingletonKey.self)
        let cached = try container.resolve(CachedKey.self)
        let counter = try container.resolve(CounterKey.self)
        counter.increment()
        try withOverrides {
            $0[APIClientKey.self] = MockAPIClient(spots: ["Nested"])
        } operation: { () throws in
            #expect(try container.resolve(SingletonKey.self) === singleton)
            #expect(try container.resolve(CachedKey.self) === cached)
            #expect(try container.resolve(CounterKey.self).value == 1, "the state seeded in the test")
            #expect((try container.resolve(APIClientKey.self) as? MockAPIClient)?.spots == ["Nested"])
        }
    }

    @Test("an async nested scope and its child tasks see them too", .seamDependencies)
    func asyncNested() async throws {
        let container = Container(name: "App")
        let singleton = try container.resolve(SingletonKey.self)
        let seen = try await withOverrides {
            $0[DatabasePathKey.self] = "nested.sqlite"
        } operation: {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 { group.addTask { try container.resolve(SingletonKey.self) === singleton } }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
        }
        #expect(seen == [true, true, true, true])
    }

    @Test("a key the nested scope overrides itself is its own", .seamDependencies)
    func ownOverrideWins() throws {
        let container = Container(name: "App")
        let singleton = try container.resolve(SingletonKey.self)
        let replaced = Instance("replaced")
        let inside = try withOverrides {
            $0[SingletonKey.self] = replaced
        } operation: {
            try container.resolve(SingletonKey.self)
        }
        #expect(inside === replaced)
        #expect(try container.resolve(SingletonKey.self) === singleton)
    }

    @Test("a singleton first built inside a nested scope with its own overrides stays there", .seamDependencies)
    func builtInsideStaysInside() throws {
        let container = Container(name: "App")
        let inside = try withOverrides {
            $0[CounterKey.self] = Counter()
        } operation: {
            try container.resolve(SingletonKey.self)
        }
        #expect(try container.resolve(SingletonKey.self) !== inside, "built with the nested scope's counter")
    }

    @Test("a nested scope that overrides nothing builds into the test's storage", .seamDependencies)
    func plainNestingShares() throws {
        let container = Container(name: "App")
        let inside = try withOverrides { try container.resolve(SingletonKey.self) }
        #expect(try container.resolve(SingletonKey.self) === inside)
    }

    @Test("a nested scope with another context gets its own instances", .seamDependencies)
    func otherContextIsolated() throws {
        let container = Container(name: "App")
        let singleton = try container.resolve(SingletonKey.self)
        let preview = try withOverrides(context: .preview) { try container.resolve(SingletonKey.self) }
        #expect(preview !== singleton)
        #expect(preview.label == "SingletonKey", "the preview context falls back to the live factory")
    }

    @Test("two tests never share an instance, even through a suite-level scope")
    func testScopesStayIsolated() async throws {
        let container = Container(name: "App")
        let first = try await withTestDependencies { try container.resolve(SingletonKey.self) }
        let second = try await withOverrides {
            try await withTestDependencies { try container.resolve(SingletonKey.self) }
        }
        #expect(first !== second)
    }
}
