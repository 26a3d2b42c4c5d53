import Configuration
import Seam

/// A Seam key for the app's ``LayeredConfiguration``: adopt it in the app's own key with the
/// ``sources`` to load.
///
/// ```swift
/// enum SurfConfigurationKey: ConfigurationDependencyKey {
///     static var sources: ConfigurationSources {
///         ConfigurationSources(
///             defaults: ["forecast.defaultRegion": "Ireland", "forecast.cacheTTL": 1800],
///             files: ConfigurationFiles(directory: "config"), secretKeys: ["api.key"]
///         )
///     }
/// }
/// let configuration = try await container.resolve(SurfConfigurationKey.self)
/// ```
///
/// Live, ``LayeredConfiguration/load(_:accessReporter:)`` reads every layer once per container
/// (files, environment variables, arguments); a load error reaches the caller as a
/// `ResolutionError` naming the key and wrapping the ``ConfigurationError``. In tests the value
/// reads nothing from the machine: ``LayeredConfiguration/inMemory(defaults:overrides:environment:secretKeys:)``
/// with the sources' defaults and overrides under ``testOverrides``. A test changes a value with an override:
///
/// ```swift
/// @Test(.seamDependencies { $0[SurfConfigurationKey.self] = .inMemory(overrides: ["forecast.cacheTTL": 60]) })
/// ```
public protocol ConfigurationDependencyKey: AsyncDependencyKey where Value == LayeredConfiguration {
    /// Where the live configuration is loaded from.
    static var sources: ConfigurationSources { get }
    /// Values layered over the sources' defaults and overrides in tests; empty by default.
    static var testOverrides: [String: ConfigValue] { get }
}

extension ConfigurationDependencyKey {
    /// No test overrides.
    public static var testOverrides: [String: ConfigValue] { [:] }

    /// The sources' defaults under their overrides and ``testOverrides``, in the default environment.
    public static var testValue: LayeredConfiguration? {
        let sources = sources
        return .inMemory(
            defaults: sources.defaults,
            overrides: sources.overrides.merging(testOverrides) { _, test in test },
            environment: sources.defaultEnvironment,
            secretKeys: sources.secretKeys
        )
    }

    /// Loads every layer of ``sources``.
    public static func live(_ r: borrowing AsyncResolver) async throws -> LayeredConfiguration {
        try await LayeredConfiguration.load(sources)
    }
}

/// A Seam key for a typed configuration decoded from a ``ConfigurationDependencyKey``: the value
/// services take in `init`, so they never see the layers.
///
/// ```swift
/// enum SurfSettingsKey: DecodedConfigurationKey {
///     typealias Source = SurfConfigurationKey
///     typealias Value = SurfSettings   // a ConfigurationDecodable & Sendable struct
/// }
/// let settings = try await container.resolve(SurfSettingsKey.self)
/// ```
///
/// It decodes in every context (tests included, from the source key's test value or override), so a
/// test overriding the source configuration checks the app's real decoding and validation. A
/// ``ConfigurationError`` naming the key and layer reaches the caller inside a `ResolutionError`.
public protocol DecodedConfigurationKey: AsyncDependencyKey where Value: ConfigurationDecodable {
    /// The key of the layered configuration to decode.
    associatedtype Source: ConfigurationDependencyKey
}

extension DecodedConfigurationKey {
    /// Always `true`: decoding is composition, its input is the source key's test value.
    public static var usesLiveFactoryInTests: Bool { true }

    /// Decodes `Value` from the configuration of ``Source``.
    public static func live(_ r: borrowing AsyncResolver) async throws -> Value {
        try await r.resolve(Source.self).decode(Value.self)
    }
}
