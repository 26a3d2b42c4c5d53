import Seam
import Testing

/// A detail screen model built from a caller-supplied spot ID.
struct SpotDetail: Sendable {
    let spotID: String
    let api: any APIClient
}

enum SpotDetailKey: ParameterizedDependencyKey {
    static func live(_ r: borrowing Resolver, _ spotID: String) throws -> SpotDetail {
        SpotDetail(spotID: spotID, api: try r.resolve(APIClientKey.self))
    }
}

/// A store opened asynchronously.
actor Database {
    let path: String
    init(path: String) { self.path = path }
    static func open(path: String) async throws -> Database {
        await Task.yield()
        return Database(path: path)
    }
}

enum DatabasePathKey: DependencyKey {
    static var testValue: String? { ":memory:" }
    static func live(_ r: borrowing Resolver) throws -> String { "/var/db/spots.sqlite" }
}

enum DatabaseKey: AsyncDependencyKey {
    static var testValue: Database? { nil }
    /// The second resolve waits for the first one's build, which needs a thread of the cooperative pool: on two cores,
    /// with the suite's process-spawning tests beside it, a clean-clone CI once starved it past the 60 s default.
    static var maximumBuildWait: Duration { .seconds(600) }
    static func live(_ r: borrowing AsyncResolver) async throws -> Database {
        try r.resolve(CounterKey.self).increment()
        return try await Database.open(path: try r.resolve(DatabasePathKey.self))
    }
}

/// A main-actor view model (not `Sendable`).
@MainActor
final class SpotListModel {
    let api: any APIClient
    var spots: [String] = []
    init(api: any APIClient) { self.api = api }
    func load() async throws { spots = try await api.fetchSpots(region: "north") }
}

enum SpotListModelKey: MainActorDependencyKey {
    static var lifetime: Lifetime { .unique }
    @MainActor static func live(_ r: borrowing Resolver) throws -> SpotListModel {
        SpotListModel(api: try r.resolve(APIClientKey.self))
    }
}

/// A main-actor router shared app-wide.
@MainActor final class Router { var path: [String] = [] }
enum RouterKey: MainActorDependencyKey {
    @MainActor static var testValue: Router? { Router() }
    @MainActor static func live(_ r: borrowing Resolver) throws -> Router { Router() }
}

@Suite("Factories")
struct FactoryTests {
    @Test("a parameterized factory builds from its argument and resolves its own dependencies")
    func parameterized() throws {
        let container = Container(context: .live)
        let detail = try container.resolve(SpotDetailKey.self, argument: "pipeline")
        #expect(detail.spotID == "pipeline")
        #expect(detail.api is LiveAPIClient)
        #expect(try container.resolve(SpotDetailKey.self, argument: "sunset").spotID == "sunset")
    }

    @Test("a parameterized factory override receives the argument")
    func parameterizedOverride() throws {
        let container = Container(context: .live)
        let detail = try withOverrides {
            $0.factory(SpotDetailKey.self) { _, spotID in SpotDetail(spotID: spotID.uppercased(), api: MockAPIClient())
            }
        } operation: {
            try container.resolve(SpotDetailKey.self, argument: "pipeline")
        }
        #expect(detail.spotID == "PIPELINE")
        #expect(detail.api is MockAPIClient)
    }

    @Test("an async factory is awaited, resolves sync dependencies, and its singleton is built once")
    func asyncFactory() async throws {
        let container = Container(context: .live)
        async let first = container.resolve(DatabaseKey.self)
        async let second = container.resolve(DatabaseKey.self)
        let (a, b) = try await (first, second)
        #expect(a === b)
        #expect(a.path == "/var/db/spots.sqlite")
        #expect(try container.resolve(CounterKey.self).value == 1)
    }

    @Test("an async factory can be overridden with an async factory")
    func asyncOverride() async throws {
        let container = Container(context: .live)
        let db = try await withOverrides {
            $0.factory(DatabaseKey.self) { r in
                try await Database.open(path: "override:" + r.resolve(DatabasePathKey.self))
            }
        } operation: {
            try await container.resolve(DatabaseKey.self)
        }
        #expect(db.path == "override:/var/db/spots.sqlite")
    }

    @Test("main-actor dependencies resolve on the main actor, with their own main-actor dependencies")
    @MainActor
    func mainActor() async throws {
        let container = Container(context: .live)
        let model = try container.resolve(SpotListModelKey.self)
        try await model.load()
        #expect(model.spots == ["Pipeline", "Sunset"])
        #expect(try container.resolve(SpotListModelKey.self) !== model, "unique view models")
        let router = try container.resolve(RouterKey.self)
        #expect(try container.resolve(RouterKey.self) === router, "singleton router")
    }

    @Test("a main-actor dependency can be overridden with a main-actor factory")
    @MainActor
    func mainActorOverride() throws {
        let container = Container(context: .live)
        let shared = Router()
        shared.path = ["overridden"]
        let router = try withOverrides {
            $0.factory(RouterKey.self) { _ in
                let router = Router()
                router.path = ["overridden"]
                return router
            }
        } operation: {
            try container.resolve(RouterKey.self)
        }
        #expect(router.path == shared.path)
    }
}
