/// An error reading or validating configuration. Its message names the key and the layer that
/// supplied the bad value, and never contains the value of a secret.
///
/// ```text
/// forecast.cacheTTL in config/production.yaml: expected an integer, got "thirty"
/// api.baseURL in config/production.yaml: must use https in production, got "http://api.treblesurf.com"
/// api.key: required but not set (searched overrides, command-line arguments, environment variables, ...)
/// ```
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, for matching in code and tests.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case typeMismatch, missingValue, invalidValue, unknownEnvironment, unreadableFile
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A layer holds a value that cannot be read as the requested type.
        public static let typeMismatch = Code(.typeMismatch)
        /// A required key is set in no layer.
        public static let missingValue = Code(.missingValue)
        /// A value was read but failed validation.
        public static let invalidValue = Code(.invalidValue)
        /// The selected environment is not one of ``AppEnvironment``'s cases.
        public static let unknownEnvironment = Code(.unknownEnvironment)
        /// A configuration file exists but cannot be read or parsed.
        public static let unreadableFile = Code(.unreadableFile)

        /// The code's name, for example `typeMismatch`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// The configuration key in dotted form (`forecast.cacheTTL`), when the error concerns one key.
    public let key: String?
    /// The name of the layer that supplied the bad value (`config/production.yaml`), when known.
    public let source: String?
    /// What went wrong, without the key and source prefix.
    public let reason: String

    init(code: Code, key: String?, source: String?, reason: String) {
        self.code = code
        self.key = key
        self.source = source
        self.reason = reason
    }

    /// `key in source: reason`, with whichever of key and source are known.
    public var description: String {
        switch (key, source) {
        case let (key?, source?): "\(key) in \(source): \(reason)"
        case let (key?, nil): "\(key): \(reason)"
        case let (nil, source?): "\(source): \(reason)"
        case (nil, nil): reason
        }
    }
}

extension ConfigurationError {
    static func typeMismatch(key: String, source: String, expected: String, got: String?) -> Self {
        let found = got.map { ", got \($0)" } ?? ""
        return Self(code: .typeMismatch, key: key, source: source, reason: "expected \(expected)\(found)")
    }

    static func missing(key: String, searched: [String]) -> Self {
        Self(
            code: .missingValue,
            key: key,
            source: nil,
            reason: "required but not set (searched \(searched.joined(separator: ", ")))"
        )
    }

    static func invalid(key: String, source: String?, reason: String, got: String?) -> Self {
        let found = got.map { ", got \($0)" } ?? ""
        return Self(code: .invalidValue, key: key, source: source, reason: "\(reason)\(found)")
    }
}
