import FlyingFox
import FlyingSocks
import Foundation
import SeamLocking

/// A request as the test server received it.
struct ServerRequest: Sendable {
    let method: String
    let path: String
    let query: [String: String]
    /// Header fields by lowercased name.
    let headers: [String: String]
    let body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A response the test server sends.
struct ServerResponse: Sendable {
    enum Body: Sendable {
        case data(Data)
        /// Declares `declared` bytes, sends `sent` of them, then closes the connection.
        case truncated(declared: Int, sent: Int)
        /// Sends `chunks` pieces of `chunkSize` bytes, waiting `interval` before each.
        case slow(chunks: Int, chunkSize: Int, interval: Duration)
    }

    var status: Int
    var headers: [(String, String)]
    var body: Body

    init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = .data(body)
    }

    init(status: Int = 200, headers: [(String, String)] = [], streaming body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    static func text(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "text/plain")] + headers, body: Data(text.utf8))
    }
}

/// A real HTTP/1.1 server (FlyingFox) on 127.0.0.1 and an ephemeral port, answering every request with
/// `handler` and recording what it received.
final class TestServer: Sendable {
    typealias Handler = @Sendable (ServerRequest) async throws -> ServerResponse

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let received = Locked<[ServerRequest]>([])
    /// `http://127.0.0.1:<port>`.
    let baseURL: URL

    private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16) {
        self.server = server
        self.task = task
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts a server and waits until it listens.
    static func start(_ handler: @escaping Handler) async throws -> TestServer {
        let box = Locked<TestServer?>(nil)
        let handle: @Sendable (FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse = { request in
            let recorded = ServerRequest(
                method: request.method.rawValue,
                path: request.path,
                query: Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
                headers: Dictionary(
                    request.headers.map { ($0.key.rawValue.lowercased(), $0.value) },
                    uniquingKeysWith: { first, _ in first }
                ),
                body: try await request.bodyData
            )
            box.withLock { $0 }?.received.withLock { $0.append(recorded) }
            return try await handler(recorded).flyingFox
        }
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled,
            handler: ClosureHTTPHandler(handle)
        )
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)  // generous: a loaded CI machine
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw URLError(.cannotConnectToHost)
        }
        let testServer = TestServer(server: server, task: task, port: port)
        box.withLock { $0 = testServer }
        return testServer
    }

    /// The requests received so far, in order of arrival.
    var requests: [ServerRequest] { received.withLock { $0 } }

    /// A URL on this server.
    func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    /// Stops listening and closes the connections.
    func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }
}

/// Runs `body` with a started server, stopping it afterwards.
func withTestServer<T>(
    _ handler: @escaping TestServer.Handler, _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(handler)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

extension ServerResponse {
    var flyingFox: FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.addValue(value, for: HTTPHeader(name)) }
        let status = HTTPStatusCode(status, phrase: Self.phrase(status))
        switch body {
        case .data(let data):
            return FlyingFox.HTTPResponse(statusCode: status, headers: fields, body: data)
        case .truncated(let declared, let sent):
            let bytes = FailingBytes(
                bytes: Array(repeating: UInt8(ascii: "x"), count: sent), delay: nil, chunkSize: sent)
            return FlyingFox.HTTPResponse(
                statusCode: status, headers: fields, body: HTTPBodySequence(from: bytes, count: declared))
        case .slow(let chunks, let chunkSize, let interval):
            let bytes = FailingBytes(
                bytes: Array(repeating: UInt8(ascii: "x"), count: chunks * chunkSize), delay: interval,
                chunkSize: chunkSize, failsAtEnd: false)
            return FlyingFox.HTTPResponse(
                statusCode: status, headers: fields,
                body: HTTPBodySequence(from: bytes, count: chunks * chunkSize, suggestedBufferSize: chunkSize))
        }
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// Bytes served in chunks, optionally slowly; when `failsAtEnd`, the sequence throws after its bytes
/// (so a response that declared more is cut short and its connection closed).
struct FailingBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let delay: Duration?
    let chunkSize: Int
    var failsAtEnd = true

    struct Cut: Error {}

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let source: FailingBytes
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard offset < source.bytes.count else {
                if source.failsAtEnd { throw Cut() }
                return nil
            }
            if let delay = source.delay { try await Task.sleep(for: delay) }
            let end = Swift.min(source.bytes.count, offset + Swift.max(1, Swift.min(count, source.chunkSize)))
            defer { offset = end }
            return Array(source.bytes[offset..<end])
        }
    }
}
