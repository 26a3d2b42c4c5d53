import Foundation
import HTTPTypes
import SeamArchitecture

/// What went wrong with one request, with everything a log or a caller needs: the request (its URL
/// with secrets redacted), the response and its body when there was one, the original error.
///
/// ``NetworkClient`` throws `AppError`s whose `AppError/underlying` is a `NetworkError`; read it
/// back with `AppError/networkError` to decode a server's error payload:
///
/// ```swift
/// do {
///     try await api.send(.addFavourite(mealID))
/// } catch {
///     if error.networkError?.status == .conflict, let body = error.networkError?.body {
///         let problem = try JSONDecoder().decode(Problem.self, from: body)
///     }
/// }
/// ```
public struct NetworkError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case status, decoding, transport, deadlineExceeded, cancelled, invalidURL, encoding, authentication
            case responseTooLarge
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The server answered with a status outside 200–299 (``NetworkError/response`` and
        /// ``NetworkError/body`` hold what it sent).
        public static let status = Code(.status)
        /// A successful response's body could not be decoded (the diagnostic names the key path).
        public static let decoding = Code(.decoding)
        /// The request did not get a response: offline, refused, TLS, dropped or truncated connection.
        public static let transport = Code(.transport)
        /// The request's deadline passed before it completed (retries included).
        public static let deadlineExceeded = Code(.deadlineExceeded)
        /// The caller's task was cancelled; the request was cancelled with it.
        public static let cancelled = Code(.cancelled)
        /// The endpoint's path and query did not make a valid URL with the base URL.
        public static let invalidURL = Code(.invalidURL)
        /// The request body could not be encoded.
        public static let encoding = Code(.encoding)
        /// The server rejected the credentials and refreshing them failed.
        public static let authentication = Code(.authentication)
        /// The response body was larger than ``NetworkConfiguration/maximumResponseBodySize``
        /// (decompressed); the request was stopped when it passed the limit (``NetworkError/limit``).
        public static let responseTooLarge = Code(.responseTooLarge)

        /// The code's name, for example `deadlineExceeded`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The request's method.
    public let method: HTTPRequest.Method
    /// The request's URL with secrets (tokens and keys in the query, a password) replaced by `<redacted>`.
    public let url: String
    /// The response, when the server sent one (``Code/status``, ``Code/decoding``).
    public let response: HTTPResponse?
    /// The response body, when the server sent one.
    public let body: Data?
    /// The error that caused this one: the transport's `URLError`, the `DecodingError`, the token
    /// refresh's error.
    public let underlying: (any Error)?
    /// The timeout that passed, for ``Code/deadlineExceeded``.
    public let timeout: Duration?
    /// The body size limit that was passed, in bytes, for ``Code/responseTooLarge``.
    public let limit: Int?

    package init(
        _ code: Code, method: HTTPRequest.Method, url: String, response: HTTPResponse? = nil, body: Data? = nil,
        underlying: (any Error)? = nil, timeout: Duration? = nil, limit: Int? = nil
    ) {
        self.code = code
        self.method = method
        self.url = url
        self.response = response
        self.body = body
        self.underlying = underlying
        self.timeout = timeout
        self.limit = limit
    }

    /// The response's status, when there was a response.
    public var status: HTTPResponse.Status? { response?.status }

    /// `GET http://host/path: HTTP 503 {"error":"maintenance"}` and the like.
    public var description: String {
        "\(method) \(url): \(detail)"
    }

    /// The failure without the request line.
    private var detail: String {
        switch code {
        case .status:
            // The reason phrase is left out: URLSession does not report the server's on every platform.
            let status = response.map { "HTTP \($0.status.code)" } ?? "HTTP status"
            return status + (body.flatMap(Self.excerpt).map { " \($0)" } ?? "")
        case .decoding:
            if let decodingError = underlying as? DecodingError {
                return AppError(decodingError: decodingError).diagnostic ?? "\(decodingError)"
            }
            return "decoding failed: \(underlying.map { String(describing: $0) } ?? "unknown error")"
        case .transport:
            if let urlError = underlying as? URLError {
                return "URLError \(urlError.code.rawValue)" + (Self.name(of: urlError.code).map { " (\($0))" } ?? "")
            }
            return underlying.map { String(describing: $0) } ?? "transport failed"
        case .deadlineExceeded:
            return "deadline of \(timeout.map { "\($0)" } ?? "?") exceeded"
        case .cancelled:
            return "cancelled"
        case .invalidURL:
            return "not a valid URL"
        case .responseTooLarge:
            return "the response body exceeded the limit of \(limit.map { "\($0) bytes" } ?? "?")"
        case .encoding:
            return "the body could not be encoded: \(underlying.map { String(describing: $0) } ?? "unknown error")"
        default:
            return "token refresh failed: \(underlying.map { String(describing: $0) } ?? "unknown error")"
        }
    }

    /// The first 512 bytes of a body, when they are text.
    static func excerpt(_ body: Data) -> String? {
        guard !body.isEmpty, let text = String(data: body.prefix(512), encoding: .utf8) else { return nil }
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return body.count > 512 ? line + "…" : line
    }

    /// A readable name for the URL error codes worth naming in a log line; `nil` for the others (the number
    /// alone then, never `URLError -1234 (code -1234)`).
    private static func name(of code: URLError.Code) -> String? {
        switch code {
        case .notConnectedToInternet: "not connected to the internet"
        case .networkConnectionLost: "connection lost"
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .timedOut: "timed out"
        case .secureConnectionFailed: "TLS handshake failed"
        case .badServerResponse: "bad server response"
        case .httpTooManyRedirects: "too many redirects"
        case .cancelled: "cancelled"
        case .unknown: "unknown error"
        case .badURL, .unsupportedURL: "unsupported URL"
        case .cannotParseResponse: "response could not be parsed"
        case .zeroByteResource: "empty response"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid:
            "server certificate not trusted"
        default: nil
        }
    }
}
