/// A `.seam.yml` that cannot be used: unreadable, malformed YAML, an unknown key or a value of the wrong type.
///
/// The description names the file and, where there is one, the line and column:
///
/// ```text
/// .seam.yml:4:3: unknown key 'thresold' in 'thresholds' (expected one of: duplicated-literal-files, ...)
/// ```
public struct ConfigurationError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Code: Sendable, Equatable {
        case unreadable
        case malformedYAML
        case unknownKey
        case wrongType
        case invalidValue
    }

    private let code: Code
    /// The configuration file, as given.
    public let path: String
    /// The 1-based line of the problem, when known.
    public let line: Int?
    /// The 1-based column of the problem, when known.
    public let column: Int?
    /// What is wrong, without the location.
    public let message: String

    private init(_ code: Code, path: String, line: Int?, column: Int?, message: String) {
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// The file could not be read (missing, unreadable or not UTF-8).
    public static func unreadable(path: String, reason: String) -> Self {
        Self(.unreadable, path: path, line: nil, column: nil, message: "cannot read configuration: \(reason)")
    }

    /// The file is not valid YAML.
    public static func malformedYAML(path: String, line: Int?, column: Int?, problem: String) -> Self {
        Self(.malformedYAML, path: path, line: line, column: column, message: "malformed YAML: \(problem)")
    }

    /// A key that `.seam.yml` does not define (usually a typo).
    public static func unknownKey(
        path: String, line: Int?, column: Int?, key: String, section: String?, expected: [String]
    )
        -> Self
    {
        let place = section.map { " in '\($0)'" } ?? ""
        return Self(
            .unknownKey, path: path, line: line, column: column,
            message: "unknown key '\(key)'\(place) (expected one of: \(expected.joined(separator: ", ")))"
        )
    }

    /// A value of the wrong YAML type (a string where a list is expected...); `got` is the value as written
    /// (`0x10`, `a mapping`), when known.
    public static func wrongType(
        path: String, line: Int?, column: Int?, key: String, expected: String, got: String? = nil
    ) -> Self {
        let found = got.map { ", got \($0)" } ?? ""
        return Self(.wrongType, path: path, line: line, column: column, message: "'\(key)' must be \(expected)\(found)")
    }

    /// A value of the right type that is not allowed (a negative threshold, an unknown severity...).
    public static func invalidValue(path: String, line: Int?, column: Int?, key: String, problem: String) -> Self {
        Self(.invalidValue, path: path, line: line, column: column, message: "invalid value for '\(key)': \(problem)")
    }

    /// Whether the file could not be read at all (as opposed to read and rejected).
    public var isUnreadable: Bool { code == .unreadable }

    /// `path:line:column: message`, leaving out the column, or the line and column, when unknown.
    public var description: String {
        switch (line, column) {
        case let (line?, column?): "\(path):\(line):\(column): \(message)"
        case let (line?, nil): "\(path):\(line): \(message)"
        default: "\(path): \(message)"
        }
    }
}
