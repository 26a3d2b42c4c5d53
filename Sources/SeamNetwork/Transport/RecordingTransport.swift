import Foundation
import HTTPTypes
import Seam
import SeamArchitecture
import SeamLocking

/// The test double of ``HTTPTransport``: answers from stubs, records every request, and never
/// touches the network. A request no stub matches is reported as a test issue (through Seam's
/// `IssueReporting`, so a `.seamDependencies` test fails naming it) and fails with an `AppError`.
///
/// ```swift
/// let transport = RecordingTransport()
///     .stub(.get, "categories.php", json: CategoryList(categories: [.beef]))
///     .stub(.get, "lookup.php", status: .serviceUnavailable)    // first call: 503
///     .stub(.get, "lookup.php", json: MealDetail.arrabiata)     // then: 200, for every later call
/// let client = NetworkClient(configuration: NetworkConfiguration(baseURL: mealDB), transport: transport)
/// _ = try await client.send(MealAPI.categories)
/// #expect(transport.requests.map(\.path) == ["/api/json/v1/1/categories.php"])
/// ```
///
/// Stubs for the same method and path answer in the order they were added; the last one keeps
/// answering. A path without a leading `/` matches the end of the request's path, so stubs need not
/// repeat the base URL's path.
public final class RecordingTransport: HTTPTransport {
    /// A request the transport received.
    public struct RecordedRequest: Sendable, Hashable {
        /// The request: method, URL parts, header fields.
        public let request: HTTPRequest
        /// The body sent.
        public let body: Data?

        /// The request's method.
        public var method: HTTPRequest.Method { request.method }
        /// The request's path without the query (`/api/spots`).
        public var path: String { request.path.map { String($0.prefix { $0 != "?" }) } ?? "" }
        /// The request's query items.
        public var query: [URLQueryItem] {
            request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
        }
        /// The request's header fields.
        public var headerFields: HTTPFields { request.headerFields }
    }

    /// A stubbed answer: computed from the request, or an error.
    public typealias Responder = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    private struct Stub {
        let method: HTTPRequest.Method
        let path: String
        var responders: [Responder]
    }

    private let state = Locked<(stubs: [Stub], requests: [RecordedRequest])>(([], []))

    /// A transport with no stubs.
    public init() {}

    /// The requests received, oldest first.
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// Adds an answer computed by `respond` for `method` and `path`.
    @discardableResult
    public func stub(_ method: HTTPRequest.Method, _ path: String, respond: @escaping Responder) -> Self {
        state.withLock { state in
            if let index = state.stubs.firstIndex(where: { $0.method == method && $0.path == path }) {
                state.stubs[index].responders.append(respond)
            } else {
                state.stubs.append(Stub(method: method, path: path, responders: [respond]))
            }
        }
        return self
    }

    /// Adds a response with `status`, `headers` and `body`.
    @discardableResult
    public func stub(
        _ method: HTTPRequest.Method, _ path: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:],
        body: Data = Data()
    ) -> Self {
        let response = HTTPResponse(status: status, headerFields: headers)
        return stub(method, path) { _, _ in (response, body) }
    }

    /// Adds a `200` (or `status`) response whose body is `value` as JSON.
    @discardableResult
    public func stub(
        _ method: HTTPRequest.Method, _ path: String, status: HTTPResponse.Status = .ok,
        json value: some Encodable, encoder: JSONEncoder = JSONEncoder()
    ) -> Self {
        let body = Result { try encoder.encode(value) }  // a value that does not encode fails the request
        let response = HTTPResponse(status: status, headerFields: [.contentType: "application/json"])
        return stub(method, path) { _, _ in (response, try body.get()) }
    }

    /// Adds a failure: the transport throws `error` (a `URLError(.notConnectedToInternet)` for offline).
    @discardableResult
    public func stub(_ method: HTTPRequest.Method, _ path: String, error: any Error & Sendable) -> Self {
        stub(method, path) { _, _ in throw error }
    }

    /// Records the request and answers with the matching stub.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let recorded = RecordedRequest(request: request, body: body)
        let responder = state.withLock { state -> Responder? in
            state.requests.append(recorded)
            guard let index = state.stubs.firstIndex(where: { Self.matches($0, recorded) }) else { return nil }
            let responders = state.stubs[index].responders
            if responders.count > 1 { state.stubs[index].responders.removeFirst() }
            return responders.first
        }
        guard let responder else {
            let message = "RecordingTransport has no stub for \(request.method) \(recorded.path)"
            IssueReporting.report(SeamIssue(message: message, dependency: "HTTPTransportKey"))
            throw UnstubbedRequest(message: message)
        }
        return try await responder(request, body)
    }

    private static func matches(_ stub: Stub, _ request: RecordedRequest) -> Bool {
        guard stub.method == request.method else { return false }
        if stub.path.hasPrefix("/") { return stub.path == request.path }
        return request.path == "/" + stub.path || request.path.hasSuffix("/" + stub.path)
    }
}

/// A request ``RecordingTransport`` has no stub for.
struct UnstubbedRequest: Error, AppErrorConvertible, CustomStringConvertible {
    let message: String
    var description: String { message }
    var appError: AppError {
        AppError(
            .invalidRequest, message: "The request couldn't be made.", isRetryable: false, diagnostic: message,
            underlying: self)
    }
}
