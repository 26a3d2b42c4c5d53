import BenchHarness
import Seam

// Seam keys for the same fixtures. Every factory does the same work as its floor and as the
// peers' factories: one `LiveAPIClient(logger:)`, or A → B → C with each level resolving the next
// through the resolver it is handed.

private enum UniqueClientKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ resolver: borrowing Resolver) throws -> any APIClient {
        LiveAPIClient(logger: sharedLogger)
    }
}

private enum SingletonClientKey: DependencyKey {
    static var lifetime: Lifetime { .singleton }
    static func live(_ resolver: borrowing Resolver) throws -> any APIClient {
        LiveAPIClient(logger: sharedLogger)
    }
}

private enum CachedClientKey: DependencyKey {
    static var lifetime: Lifetime { .cached }
    static func live(_ resolver: borrowing Resolver) throws -> any APIClient {
        LiveAPIClient(logger: sharedLogger)
    }
}

private enum RepositoryKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ resolver: borrowing Resolver) throws -> FeedRepository {
        FeedRepository()
    }
}

private enum ServiceKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ resolver: borrowing Resolver) throws -> FeedService {
        FeedService(repository: try resolver.resolve(RepositoryKey.self))
    }
}

private enum ViewModelKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ resolver: borrowing Resolver) throws -> FeedViewModel {
        FeedViewModel(service: try resolver.resolve(ServiceKey.self))
    }
}

/// Seam: `container.resolve(Key.self)`; overrides with `withOverrides { … } operation: { … }`.
enum SeamSuite {
    static func make() throws -> CaseSuite {
        let container = Container(name: "Benchmarks") {
            UniqueClientKey.self
            SingletonClientKey.self
            CachedClientKey.self
            RepositoryKey.self
            ServiceKey.self
            ViewModelKey.self
        }
        let mock = MockAPIClient(logger: sharedLogger)
        let otherTask = BackgroundScope { inside in
            await withOverrides {
                $0[SingletonClientKey.self] = mock
            } operation: {
                await inside()
            }
        }
        try check(container, mock: mock, otherTask: otherTask)
        return CaseSuite(
            library: .seam,
            benchmarks: [
                .unique: MicroBenchmark("seam.unique") { iterations in
                    for _ in 0..<iterations { blackHole(try container.resolve(UniqueClientKey.self)) }
                },
                .singleton: MicroBenchmark("seam.singleton") { iterations in
                    for _ in 0..<iterations { blackHole(try container.resolve(SingletonClientKey.self)) }
                },
                .cached: MicroBenchmark("seam.cached") { iterations in
                    for _ in 0..<iterations { blackHole(try container.resolve(CachedClientKey.self)) }
                },
                .graph: MicroBenchmark("seam.graph") { iterations in
                    for _ in 0..<iterations { blackHole(try container.resolve(ViewModelKey.self)) }
                },
                .besideScope: MicroBenchmark("seam.besideScope", setUp: otherTask.hold, tearDown: otherTask.release) {
                    iterations in
                    for _ in 0..<iterations { blackHole(try container.resolve(SingletonClientKey.self)) }
                },
                .override: MicroBenchmark("seam.override") { iterations in
                    try withOverrides {
                        $0[SingletonClientKey.self] = mock
                    } operation: {
                        for _ in 0..<iterations { blackHole(try container.resolve(SingletonClientKey.self)) }
                    }
                },
            ],
            notes: [
                .unique: "`.unique`",
                .singleton: "`.singleton`",
                .cached: "`.cached`",
                .graph: "three `.unique` keys, each resolving the next through its `Resolver`",
                .override: "read inside `withOverrides`",
                .besideScope: "`.singleton`, another task inside `withOverrides`",
            ]
        )
    }

    /// Verifies each key behaves as its case claims before anything is timed.
    private static func check(_ container: Container, mock: MockAPIClient, otherTask: BackgroundScope) throws {
        guard try container.resolve(UniqueClientKey.self) !== container.resolve(UniqueClientKey.self) else {
            throw FixtureError(.seam, "unique returned the same instance twice")
        }
        let singleton = try container.resolve(SingletonClientKey.self)
        guard try singleton === container.resolve(SingletonClientKey.self) else {
            throw FixtureError(.seam, "singleton returned two instances")
        }
        let cached = try container.resolve(CachedClientKey.self)
        guard try cached === container.resolve(CachedClientKey.self) else {
            throw FixtureError(.seam, "cached returned two instances")
        }
        container.resetCached()
        let rebuilt = try container.resolve(CachedClientKey.self)
        guard cached !== rebuilt else {
            throw FixtureError(.seam, "cached survived resetCached()")
        }
        guard try rebuilt === container.resolve(CachedClientKey.self) else {
            throw FixtureError(.seam, "cached is rebuilt on every resolve after resetCached()")
        }
        let first = try container.resolve(ViewModelKey.self)
        let second = try container.resolve(ViewModelKey.self)
        guard first.service !== second.service, first.service.repository !== second.service.repository else {
            throw FixtureError(.seam, "the A→B→C graph is not unique at every level")
        }
        let overridden = try withOverrides {
            $0[SingletonClientKey.self] = mock
        } operation: {
            try container.resolve(SingletonClientKey.self)
        }
        guard overridden === mock, try !(container.resolve(SingletonClientKey.self) is MockAPIClient) else {
            throw FixtureError(.seam, "withOverrides did not override the client")
        }
        otherTask.hold()
        defer { otherTask.release() }
        guard try container.resolve(SingletonClientKey.self) === singleton else {
            throw FixtureError(.seam, "another task's override scope changed an unrelated read")
        }
    }
}
