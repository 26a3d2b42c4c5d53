import Configuration

/// One source of configuration values, with a human-readable name used in errors and reports.
///
/// Layers are ordered from lowest to highest precedence: defaults, base file, environment file,
/// environment variables, command-line arguments, overrides. A key is read from the highest layer
/// that has it.
public struct ConfigurationLayer: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What kind of source a layer is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Values compiled into the app.
        case defaults
        /// The base configuration file shared by every environment.
        case baseFile
        /// The configuration file of the selected ``AppEnvironment``.
        case environmentFile
        /// Process environment variables (`FORECAST_CACHE_TTL` for `forecast.cacheTTL`).
        case environmentVariables
        /// Command-line arguments (`--forecast-cache-ttl` for `forecast.cacheTTL`).
        case commandLineArguments
        /// In-memory values set by tests or debug menus.
        case overrides
    }

    /// What kind of source this is.
    public let kind: Kind

    /// The name used in errors and reports, for example `config/production.yaml` or `environment variables`.
    public let name: String

    /// The swift-configuration provider that holds the values, wrapped so that it reports ``name``
    /// and marks secret keys as secret.
    public let provider: any ConfigProvider

    /// Creates a layer from any swift-configuration provider.
    ///
    /// - Parameters:
    ///   - kind: The kind of source.
    ///   - name: The name used in errors and reports.
    ///   - provider: The provider holding the values.
    ///   - secretKeys: Keys whose values this layer reports as secret, whatever the provider says.
    public init(kind: Kind, name: String, provider: any ConfigProvider, secretKeys: Set<String> = []) {
        self.init(kind: kind, name: name, provider: provider, secretKeys: secretKeys, outline: nil)
    }

    /// A layer read from a file, with where the file writes each key.
    init(kind: Kind, name: String, provider: any ConfigProvider, secretKeys: Set<String>, outline: LayerOutline?) {
        self.kind = kind
        self.name = name
        self.provider = LayerProvider(name: name, upstream: provider, secretKeys: SecretKeys(secretKeys))
        self.outline = outline
    }

    /// Where the layer's file writes each key; `nil` for layers that are not files.
    let outline: LayerOutline?

    /// The layer's name, with the line where its file writes `key` when known: `config/base.yaml:4`.
    func location(of key: String) -> String {
        outline?.line(of: key).map { "\(name):\($0)" } ?? name
    }

    /// `name (kind)`, for example `config/production.yaml (environmentFile)`.
    public var description: String { "\(name) (\(kind.rawValue))" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The kind, the name and the provider's description, for `dump(_:)`; never a value.
    public var customMirror: Mirror {
        Mirror(self, children: ["kind": kind, "name": name, "provider": "\(provider)"], displayStyle: .struct)
    }
}
