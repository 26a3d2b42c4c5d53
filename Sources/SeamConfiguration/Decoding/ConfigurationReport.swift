/// What a decode read: every key with its value (secrets redacted) and the layer it came from.
/// Safe to print at launch or attach to a bug report.
///
/// ```text
/// api.baseURL = "https://api.treblesurf.com" (config/production.yaml)
/// api.key = <redacted> (environment variables)
/// forecast.defaultRegion = "Ireland" (default)
/// ```
public struct ConfigurationReport: Sendable, Hashable, CustomStringConvertible {
    /// One key that was read.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The key in dotted form.
        public var key: String
        /// The value as rendered for people; `<redacted>` for secrets.
        public var value: String
        /// The layer name that supplied the value, or `default` for a default in code.
        public var source: String

        /// `key = value (source)`.
        public var description: String { "\(key) = \(value) (\(source))" }
    }

    /// The keys in the order they were first read.
    public var entries: [Entry]

    /// The entry for `key`, if it was read.
    public subscript(key: String) -> Entry? {
        entries.first { $0.key == key }
    }

    /// One entry per line.
    public var description: String {
        entries.map(\.description).joined(separator: "\n")
    }
}
