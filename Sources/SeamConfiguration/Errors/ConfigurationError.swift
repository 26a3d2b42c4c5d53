/// An error reading or validating configuration. Its message names the key and the layer that
/// supplied the bad value, and never contains the value of a secret.
///
/// ```text
/// forecast.cacheTTL in config/production.yaml:4: expected an integer, got "thirty"
/// forecast.cacheTTL in config/production.yaml:4: expected an integer, got a mapping
/// api.baseURL in config/production.yaml:2: must use https in production, got "http://api.treblesurf.com"
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
    /// The 1-based line where the layer's file writes the value, when the layer is a file.
    public let line: Int?
    /// What went wrong, without the key and source prefix. Values are quoted as written (`0x10`, not `16`).
    public let reason: String

    init(code: Code, key: String?, source: String?, line: Int? = nil, reason: String) {
        self.code = code
        self.key = key
        self.source = source
        self.line = line
        self.reason = reason
    }

    /// `key in source:line: reason`, with whichever of key, source and line are known.
    public var description: String {
        let place = source.map { source in line.map { "\(source):\($0)" } ?? source }
        switch (key, place) {
        case let (key?, place?): return "\(key) in \(place): \(reason)"
        case let (key?, nil): return "\(key): \(reason)"
        case let (nil, place?): return "\(place): \(reason)"
        case (nil, nil): return reason
        }
    }
}

extension ConfigurationError {
    static func typeMismatch(key: String, source: String, line: Int?, expected: String, got: String?) -> Self {
        let found = got.map { ", got \($0)" } ?? ""
        return Self(code: .typeMismatch, key: key, source: source, line: line, reason: "expected \(expected)\(found)")
    }

    static func missing(key: String, searched: [String]) -> Self {
        Self(
            code: .missingValue,
            key: key,
            source: nil,
            reason: "required but not set (searched \(searched.joined(separator: ", ")))"
        )
    }

    static func invalid(key: String, source: String?, line: Int?, reason: String, got: String?) -> Self {
        let found = got.map { ", got \($0)" } ?? ""
        return Self(code: .invalidValue, key: key, source: source, line: line, reason: "\(reason)\(found)")
    }
}
