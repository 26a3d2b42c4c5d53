/// A position in a source file: the path relative to the audited root, a 1-based line and a 1-based column.
///
/// ```swift
/// let location = SourceLocation(file: "Sources/App/SpotsViewModel.swift", line: 12, column: 9)
/// print(location) // Sources/App/SpotsViewModel.swift:12:9
/// ```
public struct SourceLocation: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path relative to the audit root, with `/` separators.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number (in UTF-8 bytes, as SwiftSyntax counts).
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column` with the path relative to the audited root (the `xcode` format prefixes the root).
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file path, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
