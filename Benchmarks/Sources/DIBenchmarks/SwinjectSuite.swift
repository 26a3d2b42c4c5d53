import BenchHarness
import Swinject

/// Swinject 2.10.0: `Container.resolve(_:name:)`, as its README shows.
///
/// - unique: `.transient`; singleton: `.container`; cached: a custom `ObjectScope` backed by
///   `PermanentStorage`, reset with `resetObjectScope` (Swinject's "one until reset");
/// - graph: three `.transient` registrations whose factories resolve the next level;
/// - override: a child `Container(parent:)` that re-registers the client with a mock;
/// - beside a scope: the singleton read while another task holds such a child container.
enum SwinjectSuite {
    static func make() throws -> CaseSuite {
        let cachedScope = ObjectScope(storageFactory: PermanentStorage.init, description: "cached")
        let container = Container()
        container.register((any APIClient).self, name: "unique") { _ in
            LiveAPIClient(logger: sharedLogger)
        }.inObjectScope(.transient)
        container.register((any APIClient).self, name: "singleton") { _ in
            LiveAPIClient(logger: sharedLogger)
        }.inObjectScope(.container)
        container.register((any APIClient).self, name: "cached") { _ in
            LiveAPIClient(logger: sharedLogger)
        }.inObjectScope(cachedScope)
        container.register(FeedRepository.self) { _ in FeedRepository() }.inObjectScope(.transient)
        container.register(FeedService.self) { resolver in
            FeedService(repository: resolver.resolve(FeedRepository.self) ?? FeedRepository())
        }.inObjectScope(.transient)
        container.register(FeedViewModel.self) { resolver in
            FeedViewModel(service: resolver.resolve(FeedService.self) ?? FeedService(repository: FeedRepository()))
        }.inObjectScope(.transient)

        let mock = MockAPIClient(logger: sharedLogger)
        let overrides = Container(parent: container)
        overrides.register((any APIClient).self, name: "singleton") { _ in mock }.inObjectScope(.container)

        try check(container, overrides: overrides, mock: mock, cachedScope: cachedScope)
        // Swinject has no override scope; the nearest thing is another task holding a child container
        // that re-registers the client, which leaves reads from the parent as they are.
        nonisolated(unsafe) let child = Container(parent: container)
        child.register((any APIClient).self, name: "singleton") { _ in mock }.inObjectScope(.container)
        let otherTask = BackgroundScope { inside in
            await inside()
            withExtendedLifetime(child) {}
        }

        return CaseSuite(
            library: .swinject,
            benchmarks: [
                .unique: MicroBenchmark("swinject.unique") { iterations in
                    for _ in 0..<iterations { blackHole(container.resolve((any APIClient).self, name: "unique")) }
                },
                .singleton: MicroBenchmark("swinject.singleton") { iterations in
                    for _ in 0..<iterations { blackHole(container.resolve((any APIClient).self, name: "singleton")) }
                },
                .cached: MicroBenchmark("swinject.cached") { iterations in
                    for _ in 0..<iterations { blackHole(container.resolve((any APIClient).self, name: "cached")) }
                },
                .graph: MicroBenchmark("swinject.graph") { iterations in
                    for _ in 0..<iterations { blackHole(container.resolve(FeedViewModel.self)) }
                },
                .besideScope: MicroBenchmark("swinject.besideScope", setUp: otherTask.hold, tearDown: otherTask.release)
                {
                    iterations in
                    for _ in 0..<iterations { blackHole(container.resolve((any APIClient).self, name: "singleton")) }
                },
                .override: MicroBenchmark("swinject.override") { iterations in
                    for _ in 0..<iterations { blackHole(overrides.resolve((any APIClient).self, name: "singleton")) }
                },
            ],
            notes: [
                .unique: "`.transient`",
                .singleton: "`.container`",
                .cached: "custom `ObjectScope` on `PermanentStorage`",
                .graph: "three `.transient` registrations",
                .override: "child `Container(parent:)` with an override registration",
                .besideScope: "`.container`, another task holding a child container that overrides it",
            ]
        )
    }

    /// Verifies each registration behaves as its case claims before anything is timed.
    private static func check(
        _ container: Container, overrides: Container, mock: MockAPIClient, cachedScope: ObjectScope
    ) throws {
        func resolve(_ resolver: Container, _ name: String) throws -> any APIClient {
            guard let client = resolver.resolve((any APIClient).self, name: name) else {
                throw FixtureError(.swinject, "no registration named \(name)")
            }
            return client
        }
        guard try resolve(container, "unique") !== resolve(container, "unique") else {
            throw FixtureError(.swinject, "unique returned the same instance twice")
        }
        guard try resolve(container, "singleton") === resolve(container, "singleton") else {
            throw FixtureError(.swinject, "singleton returned two instances")
        }
        let cached = try resolve(container, "cached")
        guard try cached === resolve(container, "cached") else {
            throw FixtureError(.swinject, "cached returned two instances")
        }
        container.resetObjectScope(cachedScope)
        guard try cached !== resolve(container, "cached") else {
            throw FixtureError(.swinject, "cached survived a reset")
        }
        guard let first = container.resolve(FeedViewModel.self), let second = container.resolve(FeedViewModel.self),
            first.service !== second.service, first.service.repository !== second.service.repository
        else {
            throw FixtureError(.swinject, "the A→B→C graph is not unique at every level")
        }
        guard try resolve(overrides, "singleton") === mock, try !(resolve(container, "singleton") is MockAPIClient)
        else {
            throw FixtureError(.swinject, "the child container does not override the client")
        }
    }
}
