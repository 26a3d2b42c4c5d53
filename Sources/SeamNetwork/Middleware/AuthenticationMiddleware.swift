import Foundation
import HTTPTypes

/// Adds the access token to every request (`Authorization: Bearer <token>` by default) and, when the
/// server answers `401 Unauthorized`, refreshes the token once for all concurrent requests, then
/// replays each of them once with the new token.
///
/// ```swift
/// let session = SessionStore(...)        // an AccessTokenProvider
/// let api = NetworkClient(
///     configuration: NetworkConfiguration(baseURL: api, middleware: [AuthenticationMiddleware(tokens: session)]),
///     transport: transport
/// )
/// ```
///
/// - Many requests rejected together cause exactly one ``AccessTokenProvider/refreshToken(rejected:)``;
///   every request that was sent before that refresh finished shares its outcome.
/// - A replayed request that is rejected again returns its `401` (an `AppError` with code
///   `unauthorized`); there is no second refresh for it.
/// - When the refresh throws, each waiting request fails once with an `AppError`: `unauthorized`,
///   or `offline`/`timeout`/`serverUnreachable` when that is why the refresh failed. It is never retried.
/// - A request whose caller is cancelled stops waiting at once; the refresh goes on for the others.
public struct AuthenticationMiddleware: HTTPMiddleware, DeadlineAware {
    private let tokens: any AccessTokenProvider
    private let authorize: @Sendable (inout HTTPRequest, String) -> Void
    private let refresher = TokenRefresher()

    /// A middleware taking tokens from `tokens` and writing them with `authorize`
    /// (`Authorization: Bearer <token>` by default).
    public init(
        tokens: any AccessTokenProvider,
        authorize: @escaping @Sendable (inout HTTPRequest, String) -> Void = { request, token in
            request.headerFields[.authorization] = "Bearer \(token)"
        }
    ) {
        self.tokens = tokens
        self.authorize = authorize
    }

    /// Sends `request` with the current token; on a `401`, waits for the shared refresh and replays once.
    public func intercept(_ request: HTTPRequest, body: Data?, next: Next) async throws -> (HTTPResponse, Data) {
        let generation = refresher.generation
        guard let token = try await tokens.currentToken() else { return try await next(request, body) }
        var authorized = request
        authorize(&authorized, token)
        let (response, data) = try await next(authorized, body)
        guard response.status == .unauthorized else { return (response, data) }

        let refreshed: String
        do {
            refreshed = try await refresher.token(after: generation) { [tokens] in
                try await tokens.refreshToken(rejected: token)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TokenRefreshFailed(underlying: error)
        }
        var replay = request
        authorize(&replay, refreshed)
        return try await next(replay, body)
    }
}

/// The error a request fails with when the token refresh it waited for failed; the client turns it
/// into a ``NetworkError`` with code ``NetworkError/Code/authentication`` and never retries it.
struct TokenRefreshFailed: Error {
    let underlying: any Error
}
