import Foundation
import HTTPTypes
import Logging
import SeamArchitecture
import SeamNetwork
import Testing

struct Spot: Codable, Equatable, Sendable {
    var id: String
    var name: String
}

struct Forecast: Codable, Equatable, Sendable {
    struct Hour: Codable, Equatable, Sendable {
        struct Swell: Codable, Equatable, Sendable { var height: Double }
        var time: String
        var swell: Swell
    }
    var spot: String
    var hours: [Hour]
}

/// Fast settings for tests against the loopback server: short backoff, no jitter unless asked.
extension RetryPolicy {
    static let fast = RetryPolicy(
        maxAttempts: 3, initialDelay: .milliseconds(10), maxDelay: .milliseconds(50), jitter: 0)
}

extension NetworkClient {
    /// A client for `baseURL` over a fresh URLSession transport with test settings.
    static func testing(
        _ baseURL: URL, timeout: Duration = .seconds(120), retryPolicy: RetryPolicy = .fast,
        middleware: [any HTTPMiddleware] = [], cache: HTTPResponseCache? = nil, logger: Logger? = nil,
        transport: any HTTPTransport = URLSessionTransport()
    ) -> NetworkClient {
        var configuration = NetworkConfiguration(
            baseURL: baseURL, timeout: timeout, retryPolicy: retryPolicy, middleware: middleware, cache: cache
        )
        if let logger { configuration.logger = logger }
        return NetworkClient(configuration: configuration, transport: transport)
    }
}

/// Runs `operation`, expecting it to throw an `AppError`, and returns that error (`nil`, with an issue
/// recorded, when it succeeds or throws anything else).
func appError<T>(
    _ operation: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) async -> AppError? {
    do {
        _ = try await operation()
        Issue.record("expected an AppError, the operation succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as AppError {
        return error
    } catch {
        Issue.record("expected an AppError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
