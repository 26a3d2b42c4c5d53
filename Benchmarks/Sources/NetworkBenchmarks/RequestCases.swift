import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SeamNetwork

struct Spot: Codable, Sendable, Equatable {
    let id: String
    let name: String
}

/// The two ways of making the same request: what a hand-written API client does with URLSession
/// (build the URL, send, check the status, decode), and SeamNetwork's `NetworkClient` with its default
/// configuration (retry policy, 60 s deadline, logging at the default level, no cache).
struct RequestCases: Sendable {
    static let raw = "raw URLSession"
    static let seam = "SeamNetwork"

    let baseURL: URL
    let session: URLSession
    let client: NetworkClient
    let endpoint = Endpoint<[Spot]>.get("spots", query: ["region": "clare"])

    init(baseURL: URL) async throws {
        self.baseURL = baseURL
        // The same configuration on both sides: ephemeral, no URLCache, no cookies.
        session = URLSession(configuration: URLSessionTransport.defaultConfiguration)
        client = NetworkClient(configuration: NetworkConfiguration(baseURL: baseURL))
        // Sanity check: both sides get the same two spots.
        let expected = [Spot(id: "lahinch", name: "Lahinch"), Spot(id: "bundoran", name: "Bundoran")]
        guard try await rawRequest() == expected, try await client.send(endpoint) == expected else {
            throw URLError(.badServerResponse)
        }
    }

    /// The hand-written client's request.
    func rawRequest() async throws -> [Spot] {
        var components = URLComponents(url: baseURL.appendingPathComponent("spots"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "region", value: "clare")]
        var request = URLRequest(url: components.url!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw URLError(.badServerResponse)
        }
        return try JSONDecoder().decode([Spot].self, from: data)
    }

    var all: [AsyncCase] {
        [
            AsyncCase(name: Self.raw) { try await rawRequest().count },
            AsyncCase(name: Self.seam) { [client, endpoint] in try await client.send(endpoint).count },
        ]
    }
}
