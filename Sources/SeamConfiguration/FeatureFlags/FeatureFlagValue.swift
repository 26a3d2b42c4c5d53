/// The stored form of a flag value: what remote configuration sends and what overrides persist.
public enum FlagPayload: Sendable, Hashable, Codable, CustomStringConvertible {
    /// An on/off flag.
    case bool(Bool)
    /// A numeric flag, such as a page size.
    case int(Int)
    /// A string flag, or a `String`-backed enum case.
    case string(String)

    /// The value as written in logs: strings quoted.
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .string(let value): "\"\(value)\""
        }
    }
}

/// A type a ``FeatureFlag`` can hold: `Bool`, `Int`, `String`, or a `String`-backed enum that
/// declares the conformance.
///
/// ```swift
/// enum ForecastModel: String, FeatureFlagValue { case gfs, ecmwf }
/// ```
public protocol FeatureFlagValue: Sendable, Hashable {
    /// Creates a value from its stored form, or `nil` when the payload is of another type or an
    /// unknown enum case (the flag then falls back to the next source).
    init?(flagPayload: FlagPayload)
    /// The stored form of the value.
    var flagPayload: FlagPayload { get }
}

extension Bool: FeatureFlagValue {
    public init?(flagPayload: FlagPayload) {
        guard case .bool(let value) = flagPayload else { return nil }
        self = value
    }
    public var flagPayload: FlagPayload { .bool(self) }
}

extension Int: FeatureFlagValue {
    public init?(flagPayload: FlagPayload) {
        guard case .int(let value) = flagPayload else { return nil }
        self = value
    }
    public var flagPayload: FlagPayload { .int(self) }
}

extension String: FeatureFlagValue {
    public init?(flagPayload: FlagPayload) {
        guard case .string(let value) = flagPayload else { return nil }
        self = value
    }
    public var flagPayload: FlagPayload { .string(self) }
}

extension FeatureFlagValue where Self: RawRepresentable, RawValue == String {
    public init?(flagPayload: FlagPayload) {
        guard case .string(let value) = flagPayload else { return nil }
        self.init(rawValue: value)
    }
    public var flagPayload: FlagPayload { .string(rawValue) }
}
