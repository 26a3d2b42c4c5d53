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

    /// A configuration; only the base URL is required.
    public init(
        baseURL: URL,
        timeout: Duration = .seconds(60),
        retryPolicy: RetryPolicy = .standard,
        headers: HTTPFields = [:],
        middleware: [any HTTPMiddleware] = [],
        cache: HTTPResponseCache? = nil,
        logger: Logger = Logger(label: "seam.network"),
        redaction: Redaction = .standard
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.headers = headers
        self.middleware = middleware
        self.cache = cache
        self.logger = logger
        self.redaction = redaction
    }
}
