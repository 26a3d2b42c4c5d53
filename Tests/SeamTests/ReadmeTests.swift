// Mirrors the README's "Dependency injection with Seam" tour, nested in a namespace so its names don't
// clash with the other fixtures. Keep the two in sync.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Seam
import SeamTesting
import Testing

enum ReadmeTour {
    // 1. The seam: a protocol, its live and mock implementations, and a key declaring it once.
    struct Spot: Codable, Equatable, Sendable { let name: String }

    protocol APIClient: Sendable {
        func fetchSpots(region: String) async throws -> [Spot]
    }

    struct LiveAPIClient: APIClient {
        let session: URLSession
        func fetchSpots(region: String) async throws -> [Spot] {
            let url = URL(string: "https://api.treblesurf.example/spots/\(region)")!
            let (data, _) = try await session.data(from: url)
            return try JSONDecoder().decode([Spot].self, from: data)
        }
    }

    struct MockAPIClient: APIClient {
        var spots: [Spot] = []
        func fetchSpots(region: String) async throws -> [Spot] { spots }
    }

    enum APIClientKey: DependencyKey {                      // lifetime: .singleton by default
        static var testValue: (any APIClient)? { MockAPIClient() }
        static func live(_ r: borrowing Resolver) throws -> any APIClient { LiveAPIClient(session: .shared) }
    }

    // 2. The view model takes the protocol in `init`: no `.shared`, no container inside.
    @MainActor
    final class SpotsViewModel {
        private(set) var spots: [Spot] = []
        private let apiClient: any APIClient
        init(apiClient: any APIClient) { self.apiClient = apiClient }
        func load(region: String) async throws { spots = try await apiClient.fetchSpots(region: region) }
    }

    // 3. The app container: the one place the graph is built, with factory methods for view models.
    @MainActor
    final class AppDependencies {
        let container = Container(name: "TrebleSurf") {
            APIClientKey.self
        }
        func makeSpotsViewModel() throws -> SpotsViewModel {
            SpotsViewModel(apiClient: try container.resolve(APIClientKey.self))
        }
    }
}

extension ReadmeTour {
    @Suite("README tour")
    struct Tests {
        @Test(.seamDependencies { $0[APIClientKey.self] = MockAPIClient(spots: [Spot(name: "Pipeline")]) })
        @MainActor func loadsSpots() async throws {
            let viewModel = try AppDependencies().makeSpotsViewModel()
            try await viewModel.load(region: "north-shore")
            #expect(viewModel.spots == [Spot(name: "Pipeline")])
        }

        @Test("the README's `withOverrides { $0[Key.self] = value } operation: { ... }` compiles and overrides (sync)")
        func overrideSpellingSync() throws {
            let container = Container(name: "TrebleSurf") { APIClientKey.self }
            let mock = MockAPIClient(spots: [Spot(name: "Sync")])
            let client = try withOverrides { $0[APIClientKey.self] = mock } operation: {
                try container.resolve(APIClientKey.self)
            }
            #expect((client as? MockAPIClient)?.spots == [Spot(name: "Sync")])
            #expect(try container.resolve(APIClientKey.self) is LiveAPIClient)
            // The same spelling as the whole body of a `(Int) throws -> Void` closure (a loop operation).
            var mocks = 0
            let readMany: (Int) throws -> Void = { count in
                try withOverrides { $0[APIClientKey.self] = MockAPIClient() } operation: {
                    for _ in 0..<count where try container.resolve(APIClientKey.self) is MockAPIClient { mocks += 1 }
                }
            }
            try readMany(2)
            #expect(mocks == 2)
        }

        @Test("the README's `withOverrides { $0[Key.self] = value } operation: { ... }` compiles and overrides (async)")
        func overrideSpellingAsync() async throws {
            let container = Container(name: "TrebleSurf") { APIClientKey.self }
            let mock = MockAPIClient(spots: [Spot(name: "Async")])
            let spots = try await withOverrides { $0[APIClientKey.self] = mock } operation: {
                try await container.resolve(APIClientKey.self).fetchSpots(region: "north-shore")
            }
            #expect(spots == [Spot(name: "Async")])
            #expect(try container.resolve(APIClientKey.self) is LiveAPIClient)
        }

        @Test("the live app gets the live client; its container verifies clean")
        @MainActor func liveGraph() async throws {
            let dependencies = AppDependencies()
            #expect(try dependencies.container.resolve(APIClientKey.self) is LiveAPIClient)
            let report = await dependencies.container.verify()
            #expect(report.isClean, "\(report)")
            #expect(report.graph.nodes.map(\.name) == ["ReadmeTour.APIClientKey"])
        }
    }
}
