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
    /// The flag held by a `.bool` payload.
    public init?(flagPayload: FlagPayload) {
        guard case .bool(let value) = flagPayload else { return nil }
        self = value
    }
    /// The flag as `.bool`.
    public var flagPayload: FlagPayload { .bool(self) }
}

extension Int: FeatureFlagValue {
    /// The integer held by an `.int` payload.
    public init?(flagPayload: FlagPayload) {
        guard case .int(let value) = flagPayload else { return nil }
        self = value
    }
    /// The integer as `.int`.
    public var flagPayload: FlagPayload { .int(self) }
}

extension String: FeatureFlagValue {
    /// The string held by a `.string` payload.
    public init?(flagPayload: FlagPayload) {
        guard case .string(let value) = flagPayload else { return nil }
        self = value
    }
    /// The string as `.string`.
    public var flagPayload: FlagPayload { .string(self) }
}

extension FeatureFlagValue where Self: RawRepresentable, RawValue == String {
    /// The case whose raw value is the `.string` payload, or `nil` for an unknown one.
    public init?(flagPayload: FlagPayload) {
        guard case .string(let value) = flagPayload else { return nil }
        self.init(rawValue: value)
    }
    /// The raw value as `.string`.
    public var flagPayload: FlagPayload { .string(rawValue) }
}
