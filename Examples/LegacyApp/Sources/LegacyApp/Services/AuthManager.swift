import Foundation
#if canImport(Combine)
import Combine
#endif

/// Signs the surfer in and out and keeps the session token.
public final class AuthManager: ObservableObject {
    public static let shared = AuthManager()

    @Published public private(set) var isAuthenticated = false
    @Published public private(set) var currentUser: User?

    private let tokenKey = "session-token"

    private init() {}

    /// The stored session token, if any.
    public var sessionToken: String? {
        KeychainHelper.standard.read(tokenKey)
    }

    /// Checks the stored token with the server and publishes the signed-in user.
    public func validateSession(completion: @escaping (Bool, User?) -> Void) {
        guard let token = sessionToken else {
            completion(false, nil)
            return
        }
        APIClient.shared.validateSession(token: token) { [weak self] result in
            DispatchQueue.main.async {
                switch result {
                case let .success(user):
                    self?.currentUser = user
                    self?.isAuthenticated = true
                    AnalyticsLogger.default.log("session_restored")
                    completion(true, user)
                case .failure:
                    self?.isAuthenticated = false
                    completion(false, nil)
                }
            }
        }
    }

    /// Stores a token received from the sign-in web flow.
    public func signIn(token: String, user: User) {
        KeychainHelper.standard.save(token, for: tokenKey)
        currentUser = user
        isAuthenticated = true
    }

    /// Forgets the session and everything cached for the user.
    public func logout(completion: @escaping (Bool) -> Void) {
        KeychainHelper.standard.delete(tokenKey)
        DataStore.shared.clearUserData()
        currentUser = nil
        isAuthenticated = false
        AnalyticsLogger.default.log("logout")
        completion(true)
    }
}
