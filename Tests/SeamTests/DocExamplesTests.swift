// Mirrors Docs/seam-di-api.md, nested in a namespace so its names don't clash with other fixtures.
// Keep the two in sync.
import Seam
import SeamTesting
import Testing

enum DocExamples {
    // §1
    protocol APIClient: Sendable { func fetchSpots(region: String) async throws -> [String] }
    struct LiveAPIClient: APIClient { func fetchSpots(region: String) async throws -> [String] { ["Pipeline"] } }
    struct MockAPIClient: APIClient {
        var spots = ["Mock Beach"]
        func fetchSpots(region: String) async throws -> [String] { spots }
    }

    enum APIClientKey: DependencyKey {
        static var lifetime: Lifetime { .singleton }                 // the default; may be omitted
        static var testValue: (any APIClient)? { MockAPIClient() }    // optional; nil (default) = "no test value"
        static var previewValue: (any APIClient)? { MockAPIClient() } // optional; nil (default) = use live
        static func live(_ r: borrowing Resolver) throws -> any APIClient { LiveAPIClient() }
    }

    // §1, interface/live split, in one module here: the declaration...
    enum WeatherKey: TestDependencyKey {
        typealias Value = any APIClient
        static var testValue: (any APIClient)? { nil }
    }

    // §2, §3 supporting keys
    struct Session: Sendable { let user: String }
    enum SessionKey: DependencyKey {
        static var lifetime: Lifetime { .scoped(.session) }
        static var testValue: Session? { Session(user: "test-default") }
        static func live(_ r: borrowing Resolver) throws -> Session { Session(user: "live") }
    }
    struct SpotDetail: Sendable { let id: String }
    enum SpotDetailKey: ParameterizedDependencyKey {
        static func live(_ r: borrowing Resolver, _ id: String) throws -> SpotDetail { SpotDetail(id: id) }
    }
    actor Database {}
    enum DatabaseKey: AsyncDependencyKey {
        static func live(_ r: borrowing AsyncResolver) async throws -> Database { Database() }
    }
    @MainActor final class Router {}
    enum RouterKey: MainActorDependencyKey {
        @MainActor static func live(_ r: borrowing Resolver) throws -> Router { Router() }
    }

    // §4
    @MainActor
    final class SpotsViewModel {
        private(set) var spots: [String] = []
        private let apiClient: any APIClient
        init(apiClient: any APIClient) { self.apiClient = apiClient }
        func load() async throws { spots = try await apiClient.fetchSpots(region: "north") }
    }

    @MainActor
    final class AppDependencies {
        let container: Container
        init(container: Container = Container(name: "App") { APIClientKey.self }) { self.container = container }

        func makeSpotsViewModel() throws -> SpotsViewModel {
            SpotsViewModel(apiClient: try container.resolve(APIClientKey.self))
        }
    }

    enum SpotsViewModelKey: MainActorDependencyKey {
        static var lifetime: Lifetime { .unique }
        static var usesLiveFactoryInTests: Bool { true }
        @MainActor static func live(_ r: borrowing Resolver) throws -> SpotsViewModel {
            SpotsViewModel(apiClient: try r.resolve(APIClientKey.self))
        }
    }
}

// ...and the live module's conformance (no `@retroactive` needed within one module).
extension DocExamples.WeatherKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> any DocExamples.APIClient { DocExamples.LiveAPIClient() }
}

extension DocExamples {
    @Suite("API cheat sheet")
    struct Tests {
        let container = Container(name: "App") {         // registrations: what verify() builds and the graph shows
            APIClientKey.self
            SessionKey.self
            Registration(SpotDetailKey.self, sampleArgument: "pipeline")   // parameterized keys need a sample
            DatabaseKey.self
            RouterKey.self
            SpotsViewModelKey.self
            WeatherKey.self
        }

        @Test("§3 resolve every kind of key")
        @MainActor func resolve() async throws {
            let api = try container.resolve(APIClientKey.self)
            let detail = try container.resolve(SpotDetailKey.self, argument: "pipeline")
            let db = try await container.resolve(DatabaseKey.self)
            let router = try container.resolve(RouterKey.self)
            #expect(api is LiveAPIClient)
            #expect(detail.id == "pipeline")
            #expect(try await container.resolve(DatabaseKey.self) === db)
            #expect(try container.resolve(RouterKey.self) === router)
            #expect(try container.resolve(WeatherKey.self) is LiveAPIClient)
        }

        @Test("§4 the view-model key builds live in tests, over test values")
        @MainActor func viewModelKey() async throws {
            try await withTestDependencies {
                let viewModel = try container.resolve(SpotsViewModelKey.self)
                try await viewModel.load()
                #expect(viewModel.spots == ["Mock Beach"])
            }
        }

        @Test("§5 override for a scope of work")
        func overrides() async throws {
            let names = try await withOverrides {
                $0[APIClientKey.self] = MockAPIClient(spots: ["Override"])     // a fixed value (any lifetime)
                $0.factory(SessionKey.self) { _ in Session(user: "test") }   // a factory: the key's lifetime applies
            } operation: {
                #expect(try container.resolve(SessionKey.self).user == "test")
                return try await container.resolve(APIClientKey.self).fetchSpots(region: "north")
            }
            #expect(names == ["Override"])
            #expect(try container.resolve(SessionKey.self).user == "live")
        }

        @Test("§6 the test trait", .seamDependencies { $0[APIClientKey.self] = MockAPIClient(spots: ["A"]) })
        @MainActor func loadsSpots() async throws {
            let viewModel = try AppDependencies().makeSpotsViewModel()   // the same container code as the app
            try await viewModel.load()
            #expect(viewModel.spots == ["A"])
        }

        @Test("§7 introspection")
        func introspection() async throws {
            let report = await container.verify()
            #expect(report.isClean, "\(report)")
            #expect(report.graph.nodes.count == 7)
            #expect(report.graph.edges.contains(.init(from: "DocExamples.SpotsViewModelKey", to: "DocExamples.APIClientKey", isCaptive: false)))
            #expect(container.origin(of: APIClientKey.self).source == .live)
            _ = try container.resolve(SessionKey.self)
            #expect(container.origin(of: SessionKey.self).hasInstance)
            container.endScope(.session)
            #expect(!container.origin(of: SessionKey.self).hasInstance)
        }
    }
}
