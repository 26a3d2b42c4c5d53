import Foundation
import HTTPTypes
import Logging

/// Everything a ``NetworkClient`` needs besides its transport: where the API is, how long requests
/// may take, how they are retried, the middleware they go through, the response cache and the logger.
///
/// ```swift
/// let configuration = NetworkConfiguration(
///     baseURL: URL(string: "https://www.themealdb.com/api/json/v1/1/")!,
///     timeout: .seconds(15),
///     headers: [.userAgent: "Whisked/2.0"],
///     middleware: [AuthenticationMiddleware(tokens: session)],
///     cache: HTTPResponseCache(store: responses)
/// )
/// ```
public struct NetworkConfiguration: Sendable {
    /// The URL endpoint paths are relative to.
    public var baseURL: URL
    /// The deadline of a request, retries included, unless the endpoint sets its own (60 s by default).
    ///
    /// Zero or a negative duration means the deadline has already passed: the request fails with
    /// ``NetworkError/Code/deadlineExceeded`` without being sent. Durations over 100 years
    /// (`.seconds(Int64.max)` included) are clamped to 100 years: in effect, no deadline.
    public var timeout: Duration
    /// The retry policy of requests whose endpoint sets none.
    public var retryPolicy: RetryPolicy
    /// Header fields sent with every request (an endpoint's own fields replace them).
    public var headers: HTTPFields
    /// The middleware every attempt goes through, the first outermost.
    public var middleware: [any HTTPMiddleware]
    /// The response cache, or `nil` for none.
    public var cache: HTTPResponseCache?
    /// Where requests, retries and failures are logged (`debug` and `trace`; secrets redacted).
    public var logger: Logger
    /// Which header fields and query items are secrets in logs and error diagnostics.
    public var redaction: Redaction
    /// The largest response body accepted, in bytes after `Content-Encoding` decompression (32 MiB by
    /// default). A bigger body fails the request with ``NetworkError/Code/responseTooLarge``:
    /// ``URLSessionTransport`` stops reading as soon as it is passed (or when `Content-Length` declares
    /// more), so a gzip bomb or an endless body never holds more than this in memory; another
    /// transport's body is checked when it returns.
    public var maximumResponseBodySize: Int

    /// A configuration; only the base URL is required.
    public init(
        baseURL: URL,
        timeout: Duration = .seconds(60),
        retryPolicy: RetryPolicy = .standard,
        headers: HTTPFields = [:],
        middleware: [any HTTPMiddleware] = [],
        cache: HTTPResponseCache? = nil,
        logger: Logger = Logger(label: "seam.network"),
        redaction: Redaction = .standard,
        maximumResponseBodySize: Int = 32 * 1024 * 1024
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.headers = headers
        self.middleware = middleware
        self.cache = cache
        self.logger = logger
        self.redaction = redaction
        self.maximumResponseBodySize = max(0, maximumResponseBodySize)
    }
}
