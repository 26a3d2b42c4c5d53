import Foundation
import HTTPTypes

/// A step every request of a ``NetworkClient`` goes through on its way to the transport: add a header,
/// sign the request, refresh credentials, measure. Middleware runs once per attempt (a retried request
/// passes through again), in the order of ``NetworkConfiguration/middleware``, the first outermost.
///
/// ```swift
/// struct AppVersionHeader: HTTPMiddleware {
///     let version: String
///     func intercept(_ request: HTTPRequest, body: Data?, next: Next) async throws -> (HTTPResponse, Data) {
///         var request = request
///         request.headerFields[HTTPField.Name("X-App-Version")!] = version
///         return try await next(request, body)
///     }
/// }
/// ```
public protocol HTTPMiddleware: Sendable {
    /// The rest of the chain: the next middleware, and finally the transport.
    typealias Next = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    /// Handles `request`, usually by passing it (changed or not) to `next` and returning its response.
    func intercept(_ request: HTTPRequest, body: Data?, next: Next) async throws -> (HTTPResponse, Data)
}

/// A middleware made of a closure.
///
/// ```swift
/// let tracing = ClosureMiddleware { request, body, next in
///     var request = request
///     request.headerFields[HTTPField.Name("X-Request-ID")!] = UUID().uuidString
///     return try await next(request, body)
/// }
/// ```
public struct ClosureMiddleware: HTTPMiddleware {
    private let body: @Sendable (HTTPRequest, Data?, Next) async throws -> (HTTPResponse, Data)

    /// A middleware running `intercept`.
    public init(_ intercept: @escaping @Sendable (HTTPRequest, Data?, Next) async throws -> (HTTPResponse, Data)) {
        self.body = intercept
    }

    /// Runs the closure.
    public func intercept(_ request: HTTPRequest, body: Data?, next: Next) async throws -> (HTTPResponse, Data) {
        try await self.body(request, body, next)
    }
}
