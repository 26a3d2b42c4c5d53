import Foundation
import HTTPTypes
import Logging
import SeamArchitecture

/// Sends typed ``Endpoint``s and returns decoded values: the app's API client, built once from a
/// ``NetworkConfiguration`` and an ``HTTPTransport``, and injected where the write-ups used
/// `APIClient.shared` or a `NetworkService` actor.
///
/// ```swift
/// let api = NetworkClient(
///     configuration: NetworkConfiguration(baseURL: URL(string: "https://www.themealdb.com/api/json/v1/1/")!),
///     transport: URLSessionTransport()
/// )
/// let categories = try await api.send(MealAPI.categories)
/// ```
///
/// Every failure is an `AppError` with the user-facing message and recovery suggestion, whose
/// `AppError/networkError` holds the request, status and body. Each request:
/// 1. is answered from the ``NetworkConfiguration/cache`` when a fresh response is stored (`GET` only);
/// 2. goes through the ``NetworkConfiguration/middleware``, is logged, and is sent by the transport;
/// 3. is retried per its ``RetryPolicy`` when it is idempotent and the failure is transient;
/// 4. fails with code `timeout` when its deadline (``Endpoint/timeout`` or the configuration's) passes,
///    and with code `cancelled` when the calling task is cancelled: in both cases the request in flight
///    is cancelled and its connection closed;
/// 5. fails with ``NetworkError/Code/responseTooLarge`` when the body passes
///    ``NetworkConfiguration/maximumResponseBodySize`` (counted decompressed, as it streams in);
/// 6. fails with the status's code (`unauthorized`, `notFound`, `rateLimited`, `badServerResponse`...)
///    for a status outside 200–299, and with `decoding` (the key path in the diagnostic) when the body
///    does not decode.
public struct NetworkClient: Sendable {
    /// The configuration the client was built with.
    public let configuration: NetworkConfiguration
    /// The transport requests are sent with.
    public let transport: any HTTPTransport
    /// The middleware, the logging and the transport, composed once.
    private let chain: HTTPMiddleware.Next
    /// Whether every middleware and the transport stop themselves at the deadline, so requests run
    /// in the caller's task (see ``Deadline``).
    private let runsInline: Bool
    /// The base URL taken apart once (`nil` when it has no scheme or host: every request then fails).
    private let base: BaseURL?

    /// A client sending through `transport` (a new ``URLSessionTransport`` by default).
    public init(configuration: NetworkConfiguration, transport: any HTTPTransport = URLSessionTransport()) {
        self.configuration = configuration
        self.transport = transport
        let logging = RequestLogging(logger: configuration.logger, redaction: configuration.redaction)
        let send: HTTPMiddleware.Next = { try await transport.send($0, body: $1) }
        var chain: HTTPMiddleware.Next = { request, body in try await logging.send(request, body: body, next: send) }
        for middleware in configuration.middleware.reversed() {
            chain = { [chain] request, body in try await middleware.intercept(request, body: body, next: chain) }
        }
        self.chain = chain
        base = BaseURL(configuration.baseURL)
        runsInline = transport is any DeadlineAware && configuration.middleware.allSatisfy { $0 is any DeadlineAware }
    }

    /// A client for `baseURL` with the default configuration.
    public init(baseURL: URL, transport: any HTTPTransport = URLSessionTransport()) {
        self.init(configuration: NetworkConfiguration(baseURL: baseURL), transport: transport)
    }

    /// Sends `endpoint` and returns its decoded response.
    ///
    /// - Throws: only `AppError`s (see the type's documentation for the codes). The throws clause is
    ///   untyped so that calls compose in any throwing closure; `catch let error as AppError` always matches.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await response(for: endpoint).value
    }

    /// Sends `endpoint` and returns its decoded response with the response head, where it came from
    /// (network, cache, revalidated) and the number of attempts.
    ///
    /// - Throws: an `AppError` (see the type's documentation for the codes).
    public func response<Response>(for endpoint: Endpoint<Response>) async throws -> NetworkResponse<Response> {
        let timeout = endpoint.timeout ?? configuration.timeout
        let prepared: PreparedRequest
        do {
            guard let base else {
                let url = configuration.redaction.redact(configuration.baseURL)
                throw NetworkError(.invalidURL, method: endpoint.method, url: url)
            }
            prepared = try PreparedRequest(endpoint, base: base, configuration: configuration)
        } catch let error as NetworkError {
            throw error.appError
        } catch {
            throw AppError(error)
        }
        do {
            let deadline = Deadline.instant(after: timeout)
            return try await ResponseBodyLimit.$current.withValue(configuration.maximumResponseBodySize) {
                try await Deadline.run(timeout, inline: runsInline) {
                    try await perform(endpoint, prepared, deadline: deadline)
                }
            }
        } catch {
            let failure = classify(error, prepared, timeout: timeout)
            if failure.code != .cancelled {
                configuration.logger.debug("\(failure)")
            }
            throw failure.appError
        }
    }

    // MARK: Cache, retries, decoding

    private func perform<Response>(
        _ endpoint: Endpoint<Response>, _ prepared: PreparedRequest, deadline: ContinuousClock.Instant
    ) async throws -> NetworkResponse<Response> {
        let request = prepared.request
        let cache = endpoint.method == .get && endpoint.cachePolicy != .bypass ? configuration.cache : nil
        var sent = request
        var stored: CachedHTTPResponse?
        if let cache, let cached = await cache.lookup(request) {
            if endpoint.cachePolicy == .standard, cache.isFresh(cached) {
                return try decode(endpoint, cached.response, cached.body, prepared, source: .cache, attempts: 0)
            }
            if cached.hasValidator {
                stored = cached
                sent = HTTPResponseCache.conditional(request, revalidating: cached)
            }
        }

        let (response, body, attempts) = try await sendRetrying(sent, prepared, endpoint: endpoint, deadline: deadline)

        if let cache, let stored, response.status == .notModified {
            let updated = await cache.revalidated(stored, by: response, for: request)
            return try decode(
                endpoint, updated.response, updated.body, prepared, source: .revalidated, attempts: attempts)
        }
        guard response.status.kind == .successful else {
            throw NetworkError(
                .status, method: request.method, url: prepared.redactedURL, response: response, body: body)
        }
        if let cache { await cache.store(response, body: body, for: request) }
        return try decode(endpoint, response, body, prepared, source: .network, attempts: attempts)
    }

    /// Sends `request` through the chain, retrying transient failures of idempotent requests.
    private func sendRetrying<Response>(
        _ request: HTTPRequest, _ prepared: PreparedRequest, endpoint: Endpoint<Response>,
        deadline: ContinuousClock.Instant
    ) async throws -> (HTTPResponse, Data, attempts: Int) {
        let policy = endpoint.retryPolicy ?? configuration.retryPolicy
        let mayRetry = endpoint.isIdempotent && policy.maxAttempts > 1
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            attempt += 1
            let canRetry = mayRetry && attempt < policy.maxAttempts
            let wait: Duration
            let reason: String
            do {
                let (response, body) = try await chain(request, prepared.body)
                // A transport that does not stop at the limit itself is held to it here.
                guard body.count <= configuration.maximumResponseBodySize else {
                    throw ResponseBodyTooLarge(limit: configuration.maximumResponseBodySize)
                }
                guard canRetry, policy.retryableStatuses.contains(response.status.code) else {
                    return (response, body, attempt)
                }
                if let retryAfter = RetryAfter.delay(in: response, now: Date()) {
                    guard retryAfter <= policy.maxRetryAfter else { return (response, body, attempt) }
                    wait = retryAfter
                } else {
                    wait = policy.backoff(afterAttempt: attempt, using: &generator)
                }
                guard ContinuousClock.now + wait < deadline else { return (response, body, attempt) }
                reason = "HTTP \(response.status.code)"
            } catch {
                guard canRetry, !Task.isCancelled, Self.isTransient(error) else { throw error }
                wait = policy.backoff(afterAttempt: attempt, using: &generator)
                guard ContinuousClock.now + wait < deadline else { throw error }
                reason = (error as? URLError).map { "URLError \($0.code.rawValue)" } ?? "\(error)"
            }
            configuration.logger.debug(
                "\(request.method) \(prepared.redactedURL): attempt \(attempt) failed (\(reason)), retrying in \(wait)"
            )
            try await Task.sleep(for: wait)
        }
    }

    private func decode<Response>(
        _ endpoint: Endpoint<Response>, _ response: HTTPResponse, _ body: Data, _ prepared: PreparedRequest,
        source: NetworkResponse<Response>.Source, attempts: Int
    ) throws -> NetworkResponse<Response> {
        do {
            let value = try endpoint.decode(response, body)
            return NetworkResponse(value: value, response: response, source: source, attempts: attempts)
        } catch {
            throw NetworkError(
                .decoding, method: endpoint.method, url: prepared.redactedURL, response: response, body: body,
                underlying: error
            )
        }
    }

    // MARK: Errors

    /// Transport failures a new attempt can fix.
    private static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? URLError else { return false }
        switch error.code {
        case .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
            .notConnectedToInternet, .badServerResponse, .zeroByteResource, .resourceUnavailable:
            return true
        default:
            return false
        }
    }

    /// Any error of a request as a ``NetworkError``.
    private func classify(_ error: any Error, _ prepared: PreparedRequest, timeout: Duration) -> NetworkError {
        let method = prepared.request.method
        let url = prepared.redactedURL
        // A cancelled caller gets `.cancelled`, whatever the chain made of the cancellation: a connection torn
        // down under a request running in a task of its own can surface as a transport error first.
        if Task.isCancelled, !(error is DeadlineExceeded) {
            return NetworkError(.cancelled, method: method, url: url, underlying: error)
        }
        switch error {
        case let error as NetworkError:
            return error
        case let error as ResponseBodyTooLarge:
            return NetworkError(.responseTooLarge, method: method, url: url, limit: error.limit)
        case is DeadlineExceeded:
            return NetworkError(.deadlineExceeded, method: method, url: url, timeout: timeout)
        case let error as TokenRefreshFailed:
            return NetworkError(.authentication, method: method, url: url, underlying: error.underlying)
        case is CancellationError:
            return NetworkError(.cancelled, method: method, url: url, underlying: error)
        case let error as URLError where error.code == .cancelled:
            return NetworkError(.cancelled, method: method, url: url, underlying: error)
        default:
            if Task.isCancelled { return NetworkError(.cancelled, method: method, url: url, underlying: error) }
            return NetworkError(.transport, method: method, url: url, underlying: error)
        }
    }
}
