/// Where the configuration files live: a base file plus one file per ``AppEnvironment``.
///
/// With `ConfigurationFiles(directory: "config", format: .yaml)` the layers are `config/base.yaml`
/// and, for the production environment, `config/production.yaml`.
public struct ConfigurationFiles: Sendable, Hashable {
    /// The file format, which is also the file extension.
    public enum Format: String, Sendable, Hashable {
        /// YAML files (`.yaml`), read by swift-configuration's `YAMLSnapshot`.
        case yaml
        /// JSON files (`.json`), read by swift-configuration's `JSONSnapshot`.
        case json
    }

    /// The directory holding the files.
    public var directory: String
    /// The format and extension of both files.
    public var format: Format
    /// The base file's name without extension.
    public var baseName: String
    /// Whether a missing file is an error. When `false`, a missing file is an empty layer.
    public var required: Bool

    /// Describes the configuration files of an app.
    public init(directory: String, format: Format = .yaml, baseName: String = "base", required: Bool = false) {
        self.directory = directory
        self.format = format
        self.baseName = baseName
        self.required = required
    }

    /// The path of the base file.
    public var basePath: String { path(named: baseName) }

    /// The path of the file for `environment`.
    public func path(for environment: AppEnvironment) -> String { path(named: environment.rawValue) }

    private func path(named name: String) -> String {
        let separator = directory.hasSuffix("/") || directory.isEmpty ? "" : "/"
        return "\(directory)\(separator)\(name).\(format.rawValue)"
    }
}
