import Foundation
import HTTPTypes
import SeamArchitecture
import SeamLocking
import SeamNetwork
import Testing

@Suite("Endpoint")
struct EndpointTests {
    private let base = URL(string: "https://www.themealdb.com/api/json/v1/1/")!

    /// The request `endpoint` makes (the transport answers `200 null`).
    private func sent<R>(_ endpoint: Endpoint<R>, base: URL? = nil, headers: HTTPFields = [:]) async throws
        -> SentRequest
    {
        let captured = Locked<SentRequest?>(nil)
        let client = NetworkClient(
            configuration: NetworkConfiguration(baseURL: base ?? self.base, retryPolicy: .none, headers: headers),
            transport: ClosureTransport { request, body in
                captured.withLock { $0 = SentRequest(request: request, body: body) }
                return (HTTPResponse(status: .ok), Data("null".utf8))
            }
        )
        _ = try? await client.send(endpoint)
        return try #require(captured.withLock { $0 })
    }

    @Test("paths join the base URL's path with exactly one slash, whatever slashes either side has")
    func pathJoining() async throws {
        let withSlash = try await sent(Endpoint<Data>.data(.get, "categories.php"))
        #expect(withSlash.request.url?.absoluteString == "https://www.themealdb.com/api/json/v1/1/categories.php")
        let leading = try await sent(
            Endpoint<Data>.data(.get, "/categories.php"), base: URL(string: "https://h.example/api")!)
        #expect(leading.request.url?.absoluteString == "https://h.example/api/categories.php")
        let bare = try await sent(Endpoint<Data>.data(.get, "spots"), base: URL(string: "http://127.0.0.1:8080")!)
        #expect(bare.request.url?.absoluteString == "http://127.0.0.1:8080/spots")
    }

    @Test("path text is percent-encoded; query values keep &, =, + and spaces as data")
    func encoding() async throws {
        let request = try await sent(
            Endpoint<Data>.data(
                .get, "spots/Bundoran Peak",
                query: [
                    "q": "fish & chips = 1+1", "days": nil, "c": "Sea food",
                ]))
        #expect(
            request.request.url?.absoluteString
                == "https://www.themealdb.com/api/json/v1/1/spots/Bundoran%20Peak?q=fish%20%26%20chips%20%3D%201%2B1&c=Sea%20food"
        )
        let items = URLComponents(url: try #require(request.request.url), resolvingAgainstBaseURL: false)?.queryItems
        #expect(
            items == [URLQueryItem(name: "q", value: "fish & chips = 1+1"), URLQueryItem(name: "c", value: "Sea food")])
    }

    @Test("the base URL's query items come first, then the endpoint's")
    func baseQuery() async throws {
        let request = try await sent(
            Endpoint<Data>.data(.get, "filter.php", query: ["c": "Beef"]),
            base: URL(string: "https://h.example/v1?key=1")!)
        #expect(request.request.url?.absoluteString == "https://h.example/v1/filter.php?key=1&c=Beef")
    }

    @Test("an absolute http(s) path is used as it is (a next-page link)")
    func absolutePath() async throws {
        let request = try await sent(Endpoint<Data>.data(.get, "https://cdn.example/page/2?cursor=abc"))
        #expect(request.request.url?.absoluteString == "https://cdn.example/page/2?cursor=abc")
    }

    @Test("endpoint header fields replace the configuration's of the same name; others are kept")
    func headerMerge() async throws {
        let request = try await sent(
            Endpoint<Data>.data(.get, "x", headers: [.accept: "image/png"]),
            headers: [.accept: "application/json", .userAgent: "Whisked/2.0"]
        )
        #expect(request.headerFields[values: .accept] == ["image/png"])
        #expect(request.headerFields[.userAgent] == "Whisked/2.0")
    }

    @Test("a JSON body is encoded when sent, with its Content-Type; GET asks for JSON")
    func jsonBody() async throws {
        let spot = Spot(id: "lahinch", name: "Lahinch")
        let post = try await sent(Endpoint<Spot>.post("spots", body: spot))
        #expect(post.method == .post)
        #expect(post.headerFields[.contentType] == "application/json")
        #expect(try JSONDecoder().decode(Spot.self, from: try #require(post.body)) == spot)
        let get = try await sent(Endpoint<Spot>.get("spots/lahinch"))
        #expect(get.headerFields[.accept] == "application/json")
        #expect(get.body == nil)
    }

    @Test("a body that cannot be encoded fails the request with invalidRequest, naming the request")
    func encodingFailure() async throws {
        let endpoint = Endpoint<Void>.post("numbers", body: [Double.nan])
        let client = NetworkClient(configuration: NetworkConfiguration(baseURL: base), transport: RecordingTransport())
        let error = try #require(await appError { try await client.send(endpoint) })
        #expect(error.code == .invalidRequest)
        #expect(error.networkError?.code == .encoding)
        #expect(
            error.diagnostic?.hasPrefix(
                "POST https://www.themealdb.com/api/json/v1/1/numbers: the body could not be encoded") == true)
    }

    @Test("idempotency follows the method and can be set; map keeps the request and transforms the value")
    func idempotencyAndMap() async throws {
        #expect(Endpoint<Spot>.get("a").isIdempotent)
        #expect(Endpoint<Void>.send(.put, "a").isIdempotent)
        #expect(Endpoint<Void>.send(.delete, "a").isIdempotent)
        #expect(!Endpoint<Void>.send(.post, "a").isIdempotent)
        #expect(!Endpoint<Void>.send(.patch, "a").isIdempotent)

        var endpoint = Endpoint<[Spot]>.get("spots", query: ["region": "clare"])
        endpoint.timeout = .seconds(3)
        endpoint.isIdempotent = false
        let names = endpoint.map { $0.map(\.name) }
        #expect(
            names.path == "spots" && names.query == endpoint.query && names.timeout == .seconds(3)
                && !names.isIdempotent)
        let transport = RecordingTransport().stub(.get, "spots", json: [Spot(id: "a", name: "Aileens")])
        let client = NetworkClient(configuration: NetworkConfiguration(baseURL: base), transport: transport)
        #expect(try await client.send(names) == ["Aileens"])
    }
}

struct SentRequest: Sendable {
    let request: HTTPRequest
    let body: Data?
    var method: HTTPRequest.Method { request.method }
    var headerFields: HTTPFields { request.headerFields }
}

/// A transport made of a closure.
struct ClosureTransport: HTTPTransport {
    let respond: @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)
    init(_ respond: @escaping @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)) {
        self.respond = respond
    }
    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        try await respond(request, body)
    }
}
