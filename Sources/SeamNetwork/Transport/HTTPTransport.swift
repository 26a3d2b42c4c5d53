import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the response with its whole body: the seam between
/// ``NetworkClient`` (endpoints, retries, middleware, caching, errors) and the network.
///
/// ``URLSessionTransport`` is the live transport; ``RecordingTransport`` answers from stubs and
/// records what was sent, for tests. A transport throws what it gets (a `URLError`, a
/// `CancellationError`); the client maps it to an `AppError`. When the calling task is cancelled,
/// a transport must stop the request (close the connection) and throw.
///
/// ```swift
/// struct OfflineTransport: HTTPTransport {
///     func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
///         throw URLError(.notConnectedToInternet)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` with `body` and returns the response and its body.
    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data)
}
