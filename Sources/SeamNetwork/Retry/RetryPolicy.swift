import Foundation

/// When and how soon a failed idempotent request is sent again: exponential backoff with jitter,
/// `Retry-After` honoured, never past the request's deadline.
///
/// A request is retried only when its ``Endpoint/isIdempotent`` is true, and only after a
/// transport failure that a new attempt can fix (timeout, connection refused, lost or cut short) or a
/// status in ``retryableStatuses``. The wait before attempt *n + 1* is
/// `min(maxDelay, initialDelay × multiplier^(n − 1))`, shortened by up to `jitter` of itself at
/// random so that clients failing together do not retry together. A `Retry-After` header (seconds or
/// an HTTP date) replaces that wait; when it asks for longer than ``maxRetryAfter``, or the wait would
/// end past the deadline, the failure is returned at once instead of waiting.
///
/// ```swift
/// NetworkConfiguration(baseURL: api, retryPolicy: RetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(250)))
/// endpoint.retryPolicy = .none          // this request is never retried
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts, the first included (1 = never retry).
    public var maxAttempts: Int
    /// The wait after the first failed attempt, before jitter.
    public var initialDelay: Duration
    /// The factor applied to the wait after each further failure.
    public var multiplier: Double
    /// The longest wait computed by backoff.
    public var maxDelay: Duration
    /// The fraction of each wait that is random: 0 waits exactly, 1 ("full jitter") waits anywhere
    /// between 0 and the computed wait.
    public var jitter: Double
    /// The longest `Retry-After` honoured; a server asking for more gets its error returned at once.
    public var maxRetryAfter: Duration
    /// The statuses worth retrying: 408, 429, 500, 502, 503, 504 by default.
    public var retryableStatuses: Set<Int>

    /// A policy; the defaults are 3 attempts, 0.5 s then 1 s (before jitter), at most 10 s of backoff
    /// and 60 s of `Retry-After`.
    public init(
        maxAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(500),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(10),
        jitter: Double = 0.5,
        maxRetryAfter: Duration = .seconds(60),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
        self.maxRetryAfter = maxRetryAfter
        self.retryableStatuses = retryableStatuses
    }

    /// The default policy.
    public static let standard = RetryPolicy()

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The backoff wait after failed attempt number `attempt` (1 for the first), with jitter drawn from `generator`.
    public func backoff(afterAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let exponent = Double(max(attempt, 1) - 1)
        let seconds = min(initialDelay.seconds * pow(multiplier, exponent), maxDelay.seconds)
        let shortening = jitter > 0 ? Double.random(in: 0...jitter, using: &generator) : 0
        return .seconds(seconds * (1 - shortening))
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
