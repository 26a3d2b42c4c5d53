/// Where ``AuthenticationMiddleware`` gets the access token to send and a new one when the server
/// rejects it: the app's session store (keychain, refresh-token call).
///
/// ```swift
/// actor SessionStore: AccessTokenProvider {
///     private var tokens: TokenPair?
///     private let auth: NetworkClient              // a client without AuthenticationMiddleware
///
///     func currentToken() -> String? { tokens?.access }
///     func refreshToken(rejected: String) async throws -> String {
///         guard let refresh = tokens?.refresh else { throw AppError(.unauthorized, message: "You need to sign in.", isRetryable: false) }
///         tokens = try await auth.send(.post("oauth/token", body: RefreshRequest(refreshToken: refresh)))
///         return tokens!.access
///     }
/// }
/// ```
public protocol AccessTokenProvider: Sendable {
    /// The token to send now, or `nil` to send requests without one (signed out).
    func currentToken() async throws -> String?

    /// A new token after the server answered `401 Unauthorized` to a request sent with `rejected`.
    ///
    /// ``AuthenticationMiddleware`` calls this once for all the requests that were rejected while it
    /// runs, then replays each of them with the new token. Throwing fails each of them once, with no
    /// further refresh; the next request sent afterwards may trigger a new refresh.
    func refreshToken(rejected: String) async throws -> String
}
