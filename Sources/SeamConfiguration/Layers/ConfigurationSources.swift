import Configuration

/// Everything ``LayeredConfiguration/load(_:accessReporter:)`` layers, lowest precedence first.
///
/// ```swift
/// let sources = ConfigurationSources(
///     defaults: ["forecast.defaultRegion": "Ireland", "forecast.cacheTTL": 1800],
///     files: ConfigurationFiles(directory: "config"),
///     secretKeys: ["api.key"]
/// )
/// ```
public struct ConfigurationSources: Sendable {
    /// Values compiled into the app, by dotted key.
    public var defaults: [String: ConfigValue]
    /// The base and per-environment files, or `nil` for none.
    public var files: ConfigurationFiles?
    /// The environment variables to read; `nil` reads the process environment.
    public var environmentVariables: [String: String]?
    /// The command-line arguments to read; `nil` reads `CommandLine.arguments`.
    public var arguments: [String]?
    /// The highest layer, for tests and debug menus, by dotted key.
    public var overrides: [String: ConfigValue]
    /// Keys (dotted) whose values are secret in every layer: redacted in reports, access logs and errors.
    ///
    /// Matched in one canonical form, lowercased words as the environment variables spell them (`api.key`
    /// also covers `api_key`, `API.KEY`, `api-key`, `apiKey` and the variable `API_KEY`), and as prefixes:
    /// `database` covers `database.password` and `DATABASE_USER`, not `databases`.
    public var secretKeys: Set<String>
    /// The environment variable that selects the environment.
    public var environmentVariableName: String
    /// The command-line option that selects the environment, without the leading dashes.
    public var environmentArgumentName: String
    /// The environment used when neither the argument nor the variable is set.
    public var defaultEnvironment: AppEnvironment

    /// Describes the layers of an app's configuration.
    public init(
        defaults: [String: ConfigValue] = [:],
        files: ConfigurationFiles? = nil,
        environmentVariables: [String: String]? = nil,
        arguments: [String]? = nil,
        overrides: [String: ConfigValue] = [:],
        secretKeys: Set<String> = [],
        environmentVariableName: String = "APP_ENV",
        environmentArgumentName: String = "environment",
        defaultEnvironment: AppEnvironment = .development
    ) {
        self.defaults = defaults
        self.files = files
        self.environmentVariables = environmentVariables
        self.arguments = arguments
        self.overrides = overrides
        self.secretKeys = secretKeys
        self.environmentVariableName = environmentVariableName
        self.environmentArgumentName = environmentArgumentName
        self.defaultEnvironment = defaultEnvironment
    }
}

extension ConfigurationSources: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The keys and names the sources set, never a value: environment variables and arguments can hold
    /// secrets that `secretKeys` does not name.
    public var description: String {
        "ConfigurationSources(defaults: \(defaults.keys.sorted()), files: \(files.map(\.directory) ?? "none"), "
            + "environment variables: \(environmentVariables.map { "\($0.count) given" } ?? "the process's"), "
            + "arguments: \(arguments.map { "\($0.count) given" } ?? "the process's"), overrides: \(overrides.keys.sorted()), "
            + "secret keys: \(secretKeys.sorted()))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Keys and names only, for `dump(_:)`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "defaults": defaults.keys.sorted(), "files": files as Any,
                "environmentVariables": environmentVariables.map { $0.keys.sorted() } as Any,
                "arguments": arguments.map { "\($0.count) arguments" } as Any, "overrides": overrides.keys.sorted(),
                "secretKeys": secretKeys.sorted(), "environmentVariableName": environmentVariableName,
                "environmentArgumentName": environmentArgumentName, "defaultEnvironment": defaultEnvironment,
            ],
            displayStyle: .struct)
    }
}
