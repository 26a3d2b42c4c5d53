import Foundation
import HTTPTypes
import Logging

/// Logs each attempt of each request through swift-log, secrets redacted: the request line and its
/// result at `debug` (`GET https://api/spots?token=<redacted> → 200, 1234 bytes, 12 ms`), the
/// header fields at `trace`. Sits between the middleware and the transport, so it logs what is sent.
struct RequestLogging: Sendable {
    let logger: Logger
    let redaction: Redaction

    func send(
        _ request: HTTPRequest, body: Data?, next: HTTPMiddleware.Next
    ) async throws -> (HTTPResponse, Data) {
        guard logger.logLevel <= .debug else { return try await next(request, body) }
        let line = "\(request.method) \(redaction.redactedURL(of: request))"
        if logger.logLevel <= .trace {
            logger.trace(
                "\(line)",
                metadata: [
                    "headers": .array(redaction.redact(request.headerFields).map { .string($0) }),
                    "bodyBytes": "\(body?.count ?? 0)",
                ])
        }
        let start = ContinuousClock.now
        do {
            let (response, data) = try await next(request, body)
            let elapsed = Self.milliseconds(ContinuousClock.now - start)
            logger.debug("\(line) → \(response.status.code), \(data.count) bytes, \(elapsed) ms")
            if logger.logLevel <= .trace {
                logger.trace(
                    "\(line) response headers",
                    metadata: [
                        "headers": .array(redaction.redact(response.headerFields).map { .string($0) })
                    ])
            }
            return (response, data)
        } catch {
            let elapsed = Self.milliseconds(ContinuousClock.now - start)
            logger.debug("\(line) → failed after \(elapsed) ms: \(Self.describe(error))")
            throw error
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int((duration.seconds * 1000).rounded())
    }

    /// A transport error for a log line, without the URL Foundation puts in it (which may hold secrets).
    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError { return "URLError \(urlError.code.rawValue)" }
        if error is CancellationError { return "cancelled" }
        return String(describing: error)
    }
}
