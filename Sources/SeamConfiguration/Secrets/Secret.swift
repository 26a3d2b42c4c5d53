/// A configuration value that must never be printed: an API key, a token, a password.
///
/// `description`, `debugDescription`, string interpolation, `dump(_:)` and `Mirror` all show
/// `<redacted>`; the value itself is only reachable through ``revealedValue``, so every place
/// that uses the secret is explicit and easy to audit.
///
/// ```swift
/// let apiKey: Secret<String> = try values.secret("api.key")
/// print(apiKey)                                   // <redacted>
/// request.setValue(apiKey.revealedValue, forHTTPHeaderField: "X-Api-Key")
/// ```
public struct Secret<Value: Sendable>: Sendable {
    /// The text shown wherever the secret would otherwise be printed.
    public static var redacted: String { "<redacted>" }

    /// The secret value. Read it only where it is handed to the system that needs it.
    public let revealedValue: Value

    /// Wraps a value so that it is redacted wherever it is printed.
    public init(_ value: Value) {
        self.revealedValue = value
    }
}

extension Secret: Equatable where Value: Equatable {}
extension Secret: Hashable where Value: Hashable {}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible {
    /// Always `<redacted>`.
    public var description: String { Self.redacted }
    /// Always `<redacted>`.
    public var debugDescription: String { Self.redacted }
}

extension Secret: CustomReflectable {
    /// A mirror without children, so `dump(_:)` and reflection-based printers never reach the value.
    public var customMirror: Mirror {
        Mirror(self, children: [(label: String?, value: Any)](), displayStyle: .struct)
    }
}
