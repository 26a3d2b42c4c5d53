import Foundation

/// An error as the app shows it: a user-facing message, a recovery suggestion and whether retrying
/// can help — with the technical detail and the underlying error kept for logs, never shown.
///
/// `AppError` is one concrete struct with an open ``Code`` rather than a protocol or a closed enum:
/// `LoadingState`, view models and error reporters store and compare one `Sendable`, `Hashable`
/// type without existentials, and apps add their own codes in an extension without breaking
/// anyone's `switch`. Any error converts with ``init(_:)``: `URLError`, `DecodingError` and
/// `CancellationError` have built-in mappings; app errors conform to ``AppErrorConvertible``.
///
/// ```swift
/// extension AppError.Code {
///     static let sessionExpired: Self = "sessionExpired"
/// }
///
/// let error = AppError(
///     .sessionExpired, message: "Your session has expired.",
///     recoverySuggestion: "Sign in again to see your saved spots.", isRetryable: false
/// )
/// ```
public struct AppError: Error, Sendable {
    /// What kind of failure this is; compare it to decide what to do.
    public var code: Code
    /// What happened, in words for the user.
    public var message: String
    /// What the user can do about it, in words for the user.
    public var recoverySuggestion: String?
    /// Whether trying the same operation again may succeed (offline, timeout, server busy).
    public var isRetryable: Bool
    /// The technical detail for logs (a decoding key path, a URL, a status code); never shown.
    public var diagnostic: String?
    /// The original error, for logs; never shown and not part of equality.
    public var underlying: (any Error)?

    /// Creates an error; `diagnostic` and `underlying` are for logs only.
    public init(
        _ code: Code,
        message: String,
        recoverySuggestion: String? = nil,
        isRetryable: Bool,
        diagnostic: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
        self.isRetryable = isRetryable
        self.diagnostic = diagnostic
        self.underlying = underlying
    }

    /// Whether this error is a cancellation, which a UI should not show.
    public var isCancellation: Bool { code == .cancelled }
}

extension AppError: Hashable {
    /// Equal when everything but ``underlying`` is equal (errors are not comparable in general).
    public static func == (lhs: AppError, rhs: AppError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.recoverySuggestion == rhs.recoverySuggestion
            && lhs.isRetryable == rhs.isRetryable && lhs.diagnostic == rhs.diagnostic
    }

    /// Hashes everything `==` compares (not ``underlying``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(recoverySuggestion)
        hasher.combine(isRetryable)
        hasher.combine(diagnostic)
    }
}

extension AppError: LocalizedError {
    /// The user-facing ``message``.
    public var errorDescription: String? { message }
}

extension AppError: CustomStringConvertible, CustomDebugStringConvertible {
    /// The code and the user-facing message: `offline: You're offline.`
    public var description: String { "\(code): \(message)" }

    /// One log line with everything: code, message, retryability, diagnostic and underlying error.
    public var debugDescription: String {
        var line = "AppError(\(code)\(isRetryable ? ", retryable" : "")): \(message)"
        if let diagnostic { line += " [\(diagnostic)]" }
        if let underlying { line += " underlying: \(String(reflecting: underlying))" }
        return line
    }
}
