// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamNetwork/SeamNetwork.docc/GettingStarted.md, compiled and run: each block is here
// verbatim (SeamTests' DocCCatalogTests checks every line is here).
import Foundation
import HTTPTypes
import Seam
import SeamArchitecture
import SeamCache
import SeamNetwork
import SeamTesting
import Testing

enum ReadmeNetwork {
    struct MealCategory: Codable, Equatable, Sendable { let strCategory: String }
    struct CategoryList: Codable, Sendable { let categories: [MealCategory] }
    struct Favourite: Codable, Sendable { let mealID: String }

    // Endpoints, where Whisked kept its MealEndpoints enum: method, path, query, body, response type.
    enum MealAPI {
        static let categories = Endpoint<CategoryList>.get("categories.php").map(\.categories)
        static func meals(in category: String) -> Endpoint<[MealCategory]> { .get("filter.php", query: ["c": category]) }
        static func addFavourite(_ id: String) -> Endpoint<Void> { .post("favourites", body: Favourite(mealID: id)) }
    }

    // The client, declared once: a Seam key with its configuration.
    enum MealResponseCacheKey: CacheDependencyKey {
        typealias CacheKey = String
        typealias CachedValue = CachedHTTPResponse
    }

    enum MealAPIKey: NetworkClientDependencyKey {
        static func configuration(_ r: borrowing Resolver) throws -> NetworkConfiguration {
            NetworkConfiguration(
                baseURL: URL(string: "https://www.themealdb.com/api/json/v1/1/")!,
                timeout: .seconds(15),                                   // the whole request, retries included
                headers: [.userAgent: "Whisked/2.0"],
                cache: HTTPResponseCache(store: try r.resolve(MealResponseCacheKey.self))   // ETag, max-age
            )
        }
    }

    // The repository takes the client in init, like any other dependency.
    struct MealRepository: Sendable {
        let api: NetworkClient
        func categories() async throws -> [MealCategory] { try await api.send(MealAPI.categories) }
    }

    struct Tokens: Codable, Sendable { var access: String; var refresh: String }

    actor Session: AccessTokenProvider {
        private var tokens: Tokens
        private let auth: NetworkClient                    // a client without the middleware
        init(tokens: Tokens, auth: NetworkClient) { (self.tokens, self.auth) = (tokens, auth) }

        func currentToken() -> String? { tokens.access }
        func refreshToken(rejected: String) async throws -> String {   // once for any number of 401s
            tokens = try await auth.send(.post("oauth/token", body: ["refresh_token": tokens.refresh]))
            return tokens.access
        }
    }
}

@Suite("Article: Getting started with SeamNetwork")
struct ReadmeNetworkTests {
    typealias MealCategory = ReadmeNetwork.MealCategory
    typealias CategoryList = ReadmeNetwork.CategoryList
    typealias MealAPIKey = ReadmeNetwork.MealAPIKey
    typealias MealRepository = ReadmeNetwork.MealRepository
    typealias MealAPI = ReadmeNetwork.MealAPI

    @Test(.seamDependencies {
        $0[HTTPTransportKey.self] = RecordingTransport()
            .stub(.get, "categories.php", status: .serviceUnavailable, headers: [.retryAfter: "0"])
            .stub(.get, "categories.php", json: CategoryList(categories: [MealCategory(strCategory: "Dessert")]))
    })
    func categoriesSurviveABusyServer() async throws {
        let repository = MealRepository(api: try Container().resolve(MealAPIKey.self))
        #expect(try await repository.categories() == [MealCategory(strCategory: "Dessert")])   // 503, retried, 200
    }

    @Test(.seamDependencies {
        $0[HTTPTransportKey.self] = RecordingTransport().stub(.post, "favourites", error: URLError(.notConnectedToInternet))
    })
    func errors() async throws {
        let api = try Container().resolve(MealAPIKey.self)
        var banner = "", hint: String?, showsRetry = false, serverSaid: Data?
        do {
            try await api.send(MealAPI.addFavourite("52768"))
        } catch let error as AppError {
            banner = error.message                  // "You're offline."
            hint = error.recoverySuggestion         // "Check your internet connection and try again."
            showsRetry = error.isRetryable          // true: offline, timeout, 429, 5xx
            serverSaid = error.networkError?.body   // the body of a 4xx/5xx, to decode the server's own error
        }
        #expect(banner == "You're offline." && hint == "Check your internet connection and try again.")
        #expect(showsRetry && serverSaid == nil)
    }

    @Test func session() async throws {
        typealias Session = ReadmeNetwork.Session
        typealias Tokens = ReadmeNetwork.Tokens
        let transport = RecordingTransport()
            .stub(.get, "favourites", status: .unauthorized)
            .stub(.get, "favourites", json: ["52768"])
            .stub(.post, "oauth/token", json: Tokens(access: "a2", refresh: "r2"))
        let base = URL(string: "https://api.whisked.example/")!
        let auth = NetworkClient(configuration: NetworkConfiguration(baseURL: base), transport: transport)
        let session = Session(tokens: Tokens(access: "a1", refresh: "r1"), auth: auth)
        let api = NetworkClient(
            configuration: NetworkConfiguration(baseURL: base, middleware: [AuthenticationMiddleware(tokens: session)]),
            transport: transport
        )
        #expect(try await api.send(Endpoint<[String]>.get("favourites")) == ["52768"])
        #expect(transport.requests.map { $0.headerFields[.authorization] } == ["Bearer a1", nil, "Bearer a2"])
    }
}
