/// A typed feature flag key with its default value.
///
/// ```swift
/// extension FeatureFlag where Value == Bool {
///     static let buoyMap = FeatureFlag("surf.buoyMap", default: false)
/// }
/// extension FeatureFlag where Value == ForecastModel {
///     static let forecastModel = FeatureFlag("forecast.model", default: .gfs)
/// }
/// let showMap = flags.value(.buoyMap)
/// ```
public struct FeatureFlag<Value: FeatureFlagValue>: Sendable, Hashable, CustomStringConvertible {
    /// The key the remote source and the override store use.
    public let key: String
    /// The value when neither a remote value nor a local override is set.
    public let defaultValue: Value

    /// Declares a flag.
    public init(_ key: String, default defaultValue: Value) {
        self.key = key
        self.defaultValue = defaultValue
    }

    /// The flag's key.
    public var description: String { key }
}

/// Where a flag's current value comes from, lowest precedence first.
public enum FeatureFlagSource: String, Sendable, Hashable, Comparable, CaseIterable {
    /// The flag's declared default.
    case `default`
    /// A value pushed by remote configuration.
    case remote
    /// A local override (debug menu, QA), persisted across launches.
    case override

    private var rank: Int {
        switch self {
        case .default: 0
        case .remote: 1
        case .override: 2
        }
    }

    /// Orders sources by precedence: default < remote < override.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// A change in a flag's effective value, delivered by ``FeatureFlagProviding/changes()``.
public struct FeatureFlagChange: Sendable, Hashable, CustomStringConvertible {
    /// The flag's key.
    public var key: String
    /// The new effective payload, or `nil` when the flag is back to its declared default.
    public var payload: FlagPayload?
    /// Where the new value comes from.
    public var source: FeatureFlagSource

    /// Creates a change.
    public init(key: String, payload: FlagPayload?, source: FeatureFlagSource) {
        self.key = key
        self.payload = payload
        self.source = source
    }

    /// `key = payload (source)`.
    public var description: String {
        "\(key) = \(payload.map(\.description) ?? "default") (\(source.rawValue))"
    }
}
