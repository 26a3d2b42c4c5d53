// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of the DocC articles in Sources/Seam/Seam.docc, compiled and run. Each article's code is
// here verbatim (DocCCatalogTests checks every line), inside a namespace so its names do not clash
// with the other fixtures; the few declarations that must sit at file level are marked.
import Foundation
import Seam
import SeamTesting
import Testing

// MARK: - Getting started

/// A struct, not an enum, so the article's free function can be an instance method here.
struct GettingStartedArticle {
    protocol SpotsAPI: Sendable {
        func spots(region: String) async throws -> [String]
    }
    struct LiveSpotsAPI: SpotsAPI {
        func spots(region: String) async throws -> [String] { ["Pipeline", "Sunset"] }
    }
    struct MockSpotsAPI: SpotsAPI {
        var spots = ["Mock Beach"]
        func spots(region: String) async throws -> [String] { spots }
    }

    enum SpotsAPIKey: DependencyKey {
        static var testValue: (any SpotsAPI)? { MockSpotsAPI() }      // what tests get unless they override it
        static var previewValue: (any SpotsAPI)? { MockSpotsAPI() }   // what previews get
        static func live(_ r: borrowing Resolver) -> any SpotsAPI { LiveSpotsAPI() }
    }

    final class SpotsStore: Sendable {
        let api: any SpotsAPI
        init(api: any SpotsAPI) { self.api = api }
    }

    enum SpotsStoreKey: DependencyKey {
        static var usesLiveFactoryInTests: Bool { true }   // it only composes: built in tests too, from test values
        static func live(_ r: borrowing Resolver) throws -> SpotsStore {
            SpotsStore(api: try r.resolve(SpotsAPIKey.self))
        }
    }

    @MainActor
    final class SpotsViewModel {
        private let store: SpotsStore
        private(set) var spots: [String] = []
        init(store: SpotsStore) { self.store = store }
        func load() async throws { spots = try await store.api.spots(region: "north") }
    }

    @MainActor
    struct AppDependencies {
        let container: Container

        static func production() -> AppDependencies {
            AppDependencies(container: Container(name: "Surf") {
                SpotsAPIKey.self
                SpotsStoreKey.self
            })
        }

        static func mock(api: any SpotsAPI = MockSpotsAPI()) -> AppDependencies {
            AppDependencies(container: Container(name: "Surf", overrides: { $0[SpotsAPIKey.self] = api }))
        }

        func makeSpotsViewModel() throws -> SpotsViewModel {
            SpotsViewModel(store: try container.resolve(SpotsStoreKey.self))
        }
    }

    actor Database {
        static func open() async throws -> Database { Database() }
    }
    enum DatabaseKey: AsyncDependencyKey {
        static func live(_ r: borrowing AsyncResolver) async throws -> Database { try await Database.open() }
    }

    struct SpotDetail: Sendable { let id: String }
    enum SpotDetailKey: ParameterizedDependencyKey {
        static func live(_ r: borrowing Resolver, _ id: String) throws -> SpotDetail { SpotDetail(id: id) }
    }

    @MainActor final class Router { var path: [String] = [] }
    enum RouterKey: MainActorDependencyKey {
        @MainActor static func live(_ r: borrowing Resolver) -> Router { Router() }
    }

    @MainActor
    func resolveEveryKind(_ container: Container) async throws {
        let store = try container.resolve(SpotsStoreKey.self)                 // a factory that can fail: try
        let api = container[SpotsAPIKey.self]                                 // one that cannot: no try
        let database = try await container.resolve(DatabaseKey.self)          // AsyncDependencyKey
        let detail = try container.resolve(SpotDetailKey.self, argument: "pipeline")
        let router = container[RouterKey.self]                                // main-actor code only
        _ = (store, api, database, detail, router)
    }

    // The interface module: the declaration. It cannot be resolved.
    enum WeatherKey: TestDependencyKey {
        typealias Value = any SpotsAPI
    }
}

// File level: an extension cannot be declared inside the namespace.
typealias WeatherKey = GettingStartedArticle.WeatherKey
typealias SpotsAPI = GettingStartedArticle.SpotsAPI
typealias LiveSpotsAPI = GettingStartedArticle.LiveSpotsAPI

// The live module (across modules, spelled `extension WeatherKey: @retroactive DependencyKey`).
extension WeatherKey: DependencyKey {
    static func live(_ r: borrowing Resolver) -> any SpotsAPI { LiveSpotsAPI() }
}

extension GettingStartedArticle {
    @Suite("Article: Getting started")
    @MainActor
    struct Tests {
        @Test("the production composition root builds the live graph, in a live scope")
        func production() async throws {
            try await withOverrides(context: .live) {
                let viewModel = try AppDependencies.production().makeSpotsViewModel()
                try await viewModel.load()
                #expect(viewModel.spots == ["Pipeline", "Sunset"])
                try await GettingStartedArticle().resolveEveryKind(AppDependencies.production().container)
                #expect(AppDependencies.production().container[WeatherKey.self] is LiveSpotsAPI)
            }
        }

        @Test("the mock composition root uses its own override")
        func mock() async throws {
            let viewModel = try AppDependencies.mock(api: MockSpotsAPI(spots: ["Mocked"])).makeSpotsViewModel()
            try await viewModel.load()
            #expect(viewModel.spots == ["Mocked"])
        }

        @Test("check the graph")
        func checkTheGraph() async throws {
            let report = await withOverrides(context: .live) { await AppDependencies.production().container.verify() }
            #expect(report.isClean, "\(report)")
            let dot = report.graph.dot()
            #expect(dot.contains("\"GettingStartedArticle.SpotsStoreKey\" -> \"GettingStartedArticle.SpotsAPIKey\";"))
        }
    }
}

// MARK: - Lifetimes (at file level: the captive report names the keys without a namespace)

extension Scope {
    static let account = Scope("account")
}

enum SessionTokenKey: DependencyKey {
    static var lifetime: Lifetime { .scoped(.account) }
    static func live(_ r: borrowing Resolver) -> String { "token-\(Int.random(in: 0..<1_000))" }
}

func logOut(_ container: Container) {
    container.endScope(.account)   // the next resolve of SessionTokenKey builds a new token
}

enum TokenCacheKey: DependencyKey {
    static var lifetime: Lifetime { .cached }
    static func live(_ r: borrowing Resolver) -> String { "token" }
}

// A singleton holding the cached token: after resetCached() it still holds the old one.
enum ApiSessionKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> String { "session with " + (try r.resolve(TokenCacheKey.self)) }
}

struct ForecastModel: Sendable {
    static func load() async throws -> ForecastModel { ForecastModel() }
}

enum ForecastModelKey: AsyncDependencyKey {
    static func live(_ r: borrowing AsyncResolver) async throws -> ForecastModel { try await ForecastModel.load() }
}

@Suite("Article: Lifetimes")
struct LifetimesArticleTests {
    @Test("a scoped token lives until its scope ends")
    func scoped() {
        let container = Container(name: "Tally", context: .live)
        let token = container[SessionTokenKey.self]
        #expect(container[SessionTokenKey.self] == token)
        logOut(container)
        #expect(container.origin(of: SessionTokenKey.self).hasInstance == false)
    }

    @Test("a singleton holding a cached token is captive")
    func captive() async {
        let report = await Container(name: "Tally", context: .live) { ApiSessionKey.self }.verify()
        #expect(report.captives.map(\.description) == [
            "ApiSessionKey (singleton) holds TokenCacheKey (cached): the cached instance is captured for the ApiSessionKey's whole life",
        ])
    }

    @Test("a slow factory is an async key")
    func asyncKey() async throws {
        _ = try await Container(context: .live).resolve(ForecastModelKey.self)
    }
}

// MARK: - Testing

enum TestingArticle {
    typealias SpotsAPIKey = GettingStartedArticle.SpotsAPIKey
    typealias SpotsStoreKey = GettingStartedArticle.SpotsStoreKey
    typealias MockSpotsAPI = GettingStartedArticle.MockSpotsAPI
    typealias AppDependencies = GettingStartedArticle.AppDependencies

    @Suite("Article: Testing, explicit contexts")
    @MainActor
    struct ExplicitContext {
        @Test func liveContainer() throws {
            let container = Container(name: "Surf", context: .live)
            #expect(container[SpotsAPIKey.self] is GettingStartedArticle.LiveSpotsAPI)
        }

        @Test func liveScope() async throws {
            let live = try withOverrides(context: .live) { try AppDependencies.production().makeSpotsViewModel() }
            try await live.load()
            #expect(live.spots == ["Pipeline", "Sunset"])
        }
    }

    @Suite(.seamDependencies)
    @MainActor
    struct SpotsViewModelTests {
        @Test(.seamDependencies { $0[SpotsAPIKey.self] = MockSpotsAPI(spots: ["Pipeline"]) })
        func loadsSpots() async throws {
            let viewModel = try AppDependencies.production().makeSpotsViewModel()   // the app's own wiring
            try await viewModel.load()
            #expect(viewModel.spots == ["Pipeline"])
        }

        @Test func usesTheTestValue() async throws {
            let viewModel = try AppDependencies.production().makeSpotsViewModel()
            try await viewModel.load()
            #expect(viewModel.spots == ["Mock Beach"])
        }
    }

    @Suite("Article: Testing, scopes")
    struct Scopes {
        @Test @MainActor func countsSpots() async throws {
            let count = try await withTestDependencies({ $0[SpotsAPIKey.self] = MockSpotsAPI(spots: ["A", "B"]) }) {
                try await AppDependencies.production().container[SpotsAPIKey.self].spots(region: "north").count
            }
            #expect(count == 2)
        }

        @Test(.seamDependencies) func nestedScopeSeesTheTestsInstances() throws {
            let container = Container(name: "Surf")
            let store = try container.resolve(SpotsStoreKey.self)
            try withOverrides { $0[WeatherKey.self] = MockSpotsAPI() } operation: { () throws in
                #expect(try container.resolve(SpotsStoreKey.self) === store)
            }
        }

        @Test(.seamDependencies { $0[SpotsAPIKey.self] = MockSpotsAPI(spots: ["Escaped"]) })
        func escapedCallback() async throws {
            let container = Container(name: "Surf")
            let spots = try await withEscapedOverrides { escaped in
                try await Task.detached {
                    try await escaped.yield { try await container.resolve(SpotsStoreKey.self).api.spots(region: "north") }
                }.value
            }
            #expect(spots == ["Escaped"])
        }

        @Test(.seamDependencies { $0[SpotsAPIKey.self] = MockSpotsAPI() })
        func origin() {
            let origin = Container(name: "Surf").origin(of: SpotsAPIKey.self)
            #expect(origin.context == .test)
            #expect(origin.source?.description.hasPrefix("override at") == true)
        }

        @Test("an unimplemented member records an issue and returns the placeholder")
        func unimplementedMock() async {
            await withKnownIssue {
                let spots = try await UnimplementedSpotsAPI().spots(region: "north")
                #expect(spots.isEmpty)
            }
        }
    }

    struct UnimplementedSpotsAPI: SpotsAPI {
        func spots(region: String) async throws -> [String] { unimplemented("SpotsAPI.spots", placeholder: []) }
    }
}

// MARK: - Migrating from singletons

enum MigratingArticle {
    enum Before {
        final class ForecastService: Sendable {
            static let shared = ForecastService()
            func forecast(for spot: String) async throws -> [Double] { [1.5, 2.0] }
        }

        final class ForecastViewModel {
            func load() async throws -> [Double] { try await ForecastService.shared.forecast(for: "pipeline") }
        }
    }

    enum After {
        protocol ForecastServing: Sendable {
            func forecast(for spot: String) async throws -> [Double]
        }

        final class ForecastService: ForecastServing {
            func forecast(for spot: String) async throws -> [Double] { [1.5, 2.0] }
        }

        final class ForecastViewModel {
            private let service: any ForecastServing
            init(service: any ForecastServing) { self.service = service }
            func load() async throws -> [Double] { try await service.forecast(for: "pipeline") }
        }

        enum ForecastServiceKey: DependencyKey {
            static func live(_ r: borrowing Resolver) -> any ForecastServing { ForecastService() }
        }

        struct AppDependencies {
            let container = Container(name: "Surf")
            func makeForecastViewModel() -> ForecastViewModel { ForecastViewModel(service: container[ForecastServiceKey.self]) }
        }
    }

    @Suite("Article: Migrating from singletons")
    struct Tests {
        @Test("before and after load the same forecast; after, a test supplies its own service")
        func sameBehaviour() async throws {
            let before = try await Before.ForecastViewModel().load()
            let after = try await withOverrides(context: .live) { try await After.AppDependencies().makeForecastViewModel().load() }
            #expect(before == after)
            struct Calm: After.ForecastServing { func forecast(for spot: String) async throws -> [Double] { [0.3] } }
            let mocked = try await withTestDependencies({ $0[After.ForecastServiceKey.self] = Calm() }) {
                try await After.AppDependencies().makeForecastViewModel().load()
            }
            #expect(mocked == [0.3])
        }
    }
}
