import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
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

    /// Where SeamNetwork's time goes (`--breakdown`): its transport alone, without the client.
    var breakdown: [AsyncCase] {
        let transport = client.transport
        let request = HTTPRequest(
            method: .get, url: baseURL.appendingPathComponent("spots"), headerFields: [.accept: "application/json"])
        let plain = URLSessionTransport(session: session)
        let instant = NetworkClient(configuration: client.configuration, transport: InstantTransport())
        let rawURL = baseURL.appendingPathComponent("spots")
        var hopping = client.configuration
        hopping.middleware = [ClosureMiddleware { request, body, next in try await next(request, body) }]
        let hopClient = NetworkClient(configuration: hopping, transport: client.transport)
        return [
            AsyncCase(name: "raw URLSession, completion handler") { [session] in
                var request = URLRequest(url: rawURL)
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                let data: Data = try await withCheckedThrowingContinuation { continuation in
                    session.dataTask(with: request) { data, _, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: data ?? Data())
                        }
                    }.resume()
                }
                return try JSONDecoder().decode([Spot].self, from: data).count
            },
            AsyncCase(name: "SeamNetwork, a task per request") { [endpoint] in try await hopClient.send(endpoint).count
            },
            AsyncCase(name: "NetworkClient, instant transport") { [endpoint] in try await instant.send(endpoint).count
            },
            AsyncCase(name: "URLSessionTransport(session:) without delegate") {
                let (_, body) = try await plain.send(request, body: nil)
                return try JSONDecoder().decode([Spot].self, from: body).count
            },
            AsyncCase(name: "URLSessionTransport.send") {
                let (_, body) = try await transport.send(request, body: nil)
                return try JSONDecoder().decode([Spot].self, from: body).count
            },
        ]
    }
}

/// A transport answering at once, without I/O: what remains is the client's own cost.
struct InstantTransport: HTTPTransport {
    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), Data(LoopbackServer.body.utf8))
    }
}
