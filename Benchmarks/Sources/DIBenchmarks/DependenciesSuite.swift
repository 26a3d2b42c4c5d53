import BenchHarness
import Dependencies

// swift-dependencies 1.17.1 keys. The library has no lifetimes: a dependency's live value is
// created once and cached, so "unique" is a factory-closure dependency (the library's documented
// way to vend new instances) and "cached" is another live value.

private enum SingletonClientKey: DependencyKey {
    static let liveValue: any APIClient = LiveAPIClient(logger: sharedLogger)
}

private enum CachedClientKey: DependencyKey {
    static let liveValue: any APIClient = LiveAPIClient(logger: sharedLogger)
}

private enum MakeClientKey: DependencyKey {
    static let liveValue: @Sendable () -> any APIClient = { LiveAPIClient(logger: sharedLogger) }
}

private enum MakeRepositoryKey: DependencyKey {
    static let liveValue: @Sendable () -> FeedRepository = { FeedRepository() }
}

private enum MakeServiceKey: DependencyKey {
    static let liveValue: @Sendable () -> FeedService = {
        @Dependency(\.benchMakeRepository) var makeRepository
        return FeedService(repository: makeRepository())
    }
}

private enum MakeViewModelKey: DependencyKey {
    static let liveValue: @Sendable () -> FeedViewModel = {
        @Dependency(\.benchMakeService) var makeService
        return FeedViewModel(service: makeService())
    }
}

extension DependencyValues {
    fileprivate var benchSingletonClient: any APIClient {
        get { self[SingletonClientKey.self] }
        set { self[SingletonClientKey.self] = newValue }
    }
    fileprivate var benchCachedClient: any APIClient {
        get { self[CachedClientKey.self] }
        set { self[CachedClientKey.self] = newValue }
    }
    fileprivate var benchMakeClient: @Sendable () -> any APIClient {
        get { self[MakeClientKey.self] }
        set { self[MakeClientKey.self] = newValue }
    }
    fileprivate var benchMakeRepository: @Sendable () -> FeedRepository {
        get { self[MakeRepositoryKey.self] }
        set { self[MakeRepositoryKey.self] = newValue }
    }
    fileprivate var benchMakeService: @Sendable () -> FeedService {
        get { self[MakeServiceKey.self] }
        set { self[MakeServiceKey.self] = newValue }
    }
    fileprivate var benchMakeViewModel: @Sendable () -> FeedViewModel {
        get { self[MakeViewModelKey.self] }
        set { self[MakeViewModelKey.self] = newValue }
    }
}

/// A model that reads its dependencies through `@Dependency` properties, the library's idiom.
private final class DependenciesModel {
    @Dependency(\.benchSingletonClient) var singleton
    @Dependency(\.benchCachedClient) var cached
    @Dependency(\.benchMakeClient) var makeClient
    @Dependency(\.benchMakeViewModel) var makeViewModel
}

/// swift-dependencies 1.17.1: `@Dependency` property reads on a model, overrides with
/// `withDependencies(_:operation:)`.
enum DependenciesSuite {
    static func make() throws -> CaseSuite {
        let model = DependenciesModel()
        let mock = MockAPIClient(logger: sharedLogger)
        let otherTask = BackgroundScope { inside in
            await withDependencies {
                $0.benchSingletonClient = mock
            } operation: {
                await inside()
            }
        }
        try check(model, mock: mock)
        return CaseSuite(
            library: .dependencies,
            benchmarks: [
                .unique: MicroBenchmark("dependencies.unique") { iterations in
                    for _ in 0..<iterations { blackHole(model.makeClient()) }
                },
                .singleton: MicroBenchmark("dependencies.singleton") { iterations in
                    for _ in 0..<iterations { blackHole(model.singleton) }
                },
                .cached: MicroBenchmark("dependencies.cached") { iterations in
                    for _ in 0..<iterations { blackHole(model.cached) }
                },
                .graph: MicroBenchmark("dependencies.graph") { iterations in
                    for _ in 0..<iterations { blackHole(model.makeViewModel()) }
                },
                .besideScope: MicroBenchmark(
                    "dependencies.besideScope", setUp: otherTask.hold, tearDown: otherTask.release
                ) { iterations in
                    for _ in 0..<iterations { blackHole(model.singleton) }
                },
                .override: MicroBenchmark("dependencies.override") { iterations in
                    withDependencies {
                        $0.benchSingletonClient = mock
                    } operation: {
                        for _ in 0..<iterations { blackHole(model.singleton) }
                    }
                },
            ],
            notes: [
                .unique: "`@Dependency` factory closure, called",
                .singleton: "`@Dependency` live value",
                .cached: "`@Dependency` live value (no separate cached lifetime)",
                .graph: "factory closures, each reading the next with `@Dependency`",
                .override: "read inside `withDependencies`",
                .besideScope: "`@Dependency` live value, another task inside `withDependencies`",
            ]
        )
    }

    /// Verifies each key behaves as its case claims before anything is timed.
    private static func check(_ model: DependenciesModel, mock: MockAPIClient) throws {
        guard model.makeClient() !== model.makeClient() else {
            throw FixtureError(.dependencies, "unique returned the same instance twice")
        }
        guard model.singleton === model.singleton, model.cached === model.cached else {
            throw FixtureError(.dependencies, "a live value was created twice")
        }
        let first = model.makeViewModel()
        let second = model.makeViewModel()
        guard first.service !== second.service, first.service.repository !== second.service.repository else {
            throw FixtureError(.dependencies, "the A→B→C graph is not unique at every level")
        }
        let overridden = withDependencies {
            $0.benchSingletonClient = mock
        } operation: {
            model.singleton
        }
        guard overridden === mock, !(model.singleton is MockAPIClient) else {
            throw FixtureError(.dependencies, "withDependencies did not override the client")
        }
    }
}
