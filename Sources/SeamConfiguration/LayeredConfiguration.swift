import Configuration

/// An app's configuration: swift-configuration providers stacked into named layers, decoded into a
/// typed, validated struct.
///
/// Layers, lowest precedence first: defaults, the base file, the environment's file (chosen by
/// `--environment` or `APP_ENV`), environment variables, command-line arguments, overrides.
///
/// ```swift
/// let configuration = try await LayeredConfiguration.load(
///     ConfigurationSources(
///         defaults: ["forecast.defaultRegion": "Ireland", "forecast.cacheTTL": 1800],
///         files: ConfigurationFiles(directory: "config"),
///         secretKeys: ["api.key"]
///     )
/// )
/// let app = try configuration.decode(AppConfiguration.self)
/// ```
///
/// ``reader`` exposes the same layers as a plain `ConfigReader` for anything that wants
/// swift-configuration's own API (scoped readers, watching, libraries that take a reader).
///
/// Printing a configuration never shows a value: its description, its `dump(_:)`, its layers' and providers'
/// descriptions and mirrors name the layers only (values, secret or not, are read through ``decode(_:)`` and
/// ``decodeReporting(_:)``, whose report redacts secrets).
public struct LayeredConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The environment whose file was loaded.
    public let environment: AppEnvironment
    /// The layers, lowest precedence first.
    public let layers: [ConfigurationLayer]
    /// A swift-configuration reader over the same layers, highest precedence first.
    public let reader: ConfigReader

    private let secretKeys: Set<String>
    private let accessReporter: (any AccessReporter)?

    /// Stacks custom layers, lowest precedence first.
    ///
    /// - Parameters:
    ///   - environment: The environment the layers belong to.
    ///   - layers: The layers, lowest precedence first; at least one.
    ///   - secretKeys: Dotted keys redacted in decode reports and errors. Give them to each
    ///     ``ConfigurationLayer`` as well so that ``reader``'s access events mark them secret too.
    ///   - accessReporter: Receives an `AccessEvent` for every read, as with `ConfigReader`.
    public init(
        environment: AppEnvironment,
        layers: [ConfigurationLayer],
        secretKeys: Set<String> = [],
        accessReporter: (any AccessReporter)? = nil
    ) {
        let layers =
            layers.isEmpty
            ? [ConfigurationLayer(kind: .defaults, name: "defaults", provider: InMemoryProvider(values: [:]))]
            : layers
        self.environment = environment
        self.layers = layers
        self.secretKeys = secretKeys
        self.accessReporter = accessReporter
        self.reader = ConfigReader(providers: layers.reversed().map(\.provider), accessReporter: accessReporter)
    }

    /// Selects the environment and loads every layer described by `sources`.
    ///
    /// - Throws: ``ConfigurationError`` with code `unknownEnvironment` when `--environment` or
    ///   `APP_ENV` names no ``AppEnvironment``, or `unreadableFile` when a file cannot be parsed
    ///   (or is missing and ``ConfigurationFiles/required``).
    public static func load(
        _ sources: ConfigurationSources,
        accessReporter: (any AccessReporter)? = nil
    ) async throws -> LayeredConfiguration {
        let secrets = sources.secretKeys
        let environmentVariables =
            sources.environmentVariables.map {
                EnvironmentVariablesProvider(environmentVariables: $0)
            } ?? EnvironmentVariablesProvider()
        let arguments =
            sources.arguments.map { CommandLineArgumentsProvider(arguments: $0) }
            ?? CommandLineArgumentsProvider()
        let environment = try selectEnvironment(
            sources, environmentVariables: environmentVariables, arguments: arguments)

        var layers = [
            ConfigurationLayer(
                kind: .defaults, name: "defaults",
                provider: InMemoryProvider(name: "defaults", values: keyed(sources.defaults)),
                secretKeys: secrets
            )
        ]
        if let files = sources.files {
            layers.append(try await fileLayer(.baseFile, path: files.basePath, files: files, secrets: secrets))
            layers.append(
                try await fileLayer(
                    .environmentFile, path: files.path(for: environment), files: files, secrets: secrets)
            )
        }
        layers.append(
            ConfigurationLayer(
                kind: .environmentVariables, name: "environment variables",
                provider: environmentVariables, secretKeys: secrets
            )
        )
        layers.append(
            ConfigurationLayer(
                kind: .commandLineArguments, name: "command-line arguments",
                provider: arguments, secretKeys: secrets
            )
        )
        layers.append(
            ConfigurationLayer(
                kind: .overrides, name: "overrides",
                provider: InMemoryProvider(name: "overrides", values: keyed(sources.overrides)),
                secretKeys: secrets
            )
        )
        return LayeredConfiguration(
            environment: environment, layers: layers, secretKeys: secrets, accessReporter: accessReporter
        )
    }

    /// Decodes and validates a typed configuration.
    /// - Throws: ``ConfigurationError`` naming the key and the layer that supplied the bad value.
    public func decode<T: ConfigurationDecodable>(_ type: T.Type = T.self) throws -> T {
        try decodeReporting(type).value
    }

    /// Decodes a typed configuration and reports where every value it read came from.
    public func decodeReporting<T: ConfigurationDecodable>(
        _ type: T.Type = T.self
    ) throws -> (value: T, report: ConfigurationReport) {
        let values = ConfigurationValues(
            environment: environment, layers: layers, secretKeys: secretKeys, accessReporter: accessReporter
        )
        let value = try T(from: values)
        return (value, values.report)
    }

    /// The highest-precedence layer that sets `key` (in any type), or `nil` when none does.
    public func source(of key: String) -> ConfigurationLayer? {
        let absoluteKey = AbsoluteConfigKey(key.split(separator: ".").map(String.init))
        return layers.reversed().first { layer in
            ConfigType.probingOrder.contains { type in
                do {
                    return try layer.provider.value(forKey: absoluteKey, type: type).value != nil
                } catch {
                    return true  // The layer holds a value, just not of this type.
                }
            }
        }
    }

    /// The environment and the layer names, lowest first. Never contains values.
    public var description: String {
        "LayeredConfiguration(environment: \(environment.rawValue), layers: "
            + layers.map(\.name).joined(separator: " < ") + ")"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The environment, the layers (by name and kind) and the secret keys' names, for `dump(_:)`; no value.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["environment": environment, "layers": layers, "secretKeys": secretKeys.sorted()],
            displayStyle: .struct)
    }

    // MARK: Loading

    private static func selectEnvironment(
        _ sources: ConfigurationSources,
        environmentVariables: EnvironmentVariablesProvider,
        arguments: CommandLineArgumentsProvider
    ) throws -> AppEnvironment {
        let argumentKey = AbsoluteConfigKey([sources.environmentArgumentName])
        if case .string(let raw)? = try? arguments.value(forKey: argumentKey, type: .string).value?.content {
            return try parseEnvironment(
                raw, key: "--\(sources.environmentArgumentName)", source: "command-line arguments")
        }
        if let raw = try? environmentVariables.environmentValue(forName: sources.environmentVariableName) {
            return try parseEnvironment(raw, key: sources.environmentVariableName, source: "environment variables")
        }
        return sources.defaultEnvironment
    }

    private static func parseEnvironment(_ raw: String, key: String, source: String) throws -> AppEnvironment {
        guard let environment = AppEnvironment(rawValue: raw.lowercased()) else {
            throw ConfigurationError(
                code: .unknownEnvironment, key: key, source: source,
                reason: "expected \(AppEnvironment.expectation), got \"\(raw)\""
            )
        }
        return environment
    }

    private static func fileLayer(
        _ kind: ConfigurationLayer.Kind,
        path: String,
        files: ConfigurationFiles,
        secrets: Set<String>
    ) async throws -> ConfigurationLayer {
        // FileProvider's reader-based initializer takes the path as configuration.
        let fileSettings = ConfigReader(
            provider: InMemoryProvider(values: [
                "filePath": ConfigValue(.string(path), isSecret: false),
                "allowMissing": ConfigValue(.bool(!files.required), isSecret: false),
            ])
        )
        let provider: any ConfigProvider
        do {
            switch files.format {
            case .yaml: provider = try await FileProvider<YAMLSnapshot>(config: fileSettings)
            case .json: provider = try await FileProvider<JSONSnapshot>(config: fileSettings)
            }
        } catch {
            throw ConfigurationError(
                code: .unreadableFile, key: nil, source: path,
                reason: "cannot be read as \(files.format.rawValue.uppercased()): \(firstLine(of: error))"
            )
        }
        return ConfigurationLayer(
            kind: kind, name: path, provider: provider, secretKeys: secrets, outline: LayerOutline(contentsOf: path))
    }

    /// The first line of an error's description: parser errors quote the offending source line
    /// after it, which could hold a secret.
    private static func firstLine(of error: any Error) -> String {
        String(describing: error).split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
            ?? String(describing: type(of: error))
    }

    static func keyed(_ values: [String: ConfigValue]) -> [AbsoluteConfigKey: ConfigValue] {
        Dictionary(
            values.map { (AbsoluteConfigKey($0.key.split(separator: ".").map(String.init)), $0.value) },
            uniquingKeysWith: { _, last in last }
        )
    }
}
