import Foundation
import SwiftSyntax

/// One parsed Swift file of the codebase.
///
/// The tree is kept so that rewrites (`seam migrate`) can work on the same nodes the audit found.
public struct SourceFile: Sendable {
    /// The path relative to the audited root, `/`-separated.
    public var path: String
    /// The file on disk.
    public var url: URL
    /// The syntax tree, parsed once.
    public var tree: SourceFileSyntax
    /// Line starts, for turning positions into locations cheaply.
    public var lineTable: LineTable
    /// Whether it is a test file (under a `Tests` folder, or named `*Tests.swift`, `*Mock*.swift`): exempt
    /// from the hard-coded value and force rules, and its types are left out of the role totals.
    public var isTest: Bool
    /// The `// seam:ignore` comments.
    public var suppressions: Suppressions
    /// What the second pass observed (force operations, literals, UI state writes).
    public var observations: FileObservations

    /// Lines in the file.
    public var lineCount: Int { lineTable.lineCount }

    /// A SwiftSyntax converter for this file's tree, built on each call (it walks the whole tree, so keep
    /// the result if you need it more than once).
    public var locationConverter: SourceLocationConverter { SourceLocationConverter(fileName: path, tree: tree) }

    /// The location of a position in this file.
    public func location(of position: AbsolutePosition) -> SourceLocation {
        let (line, column) = lineTable.lineAndColumn(ofOffset: position.utf8Offset)
        return SourceLocation(file: path, line: line, column: column)
    }

    /// The location of a node's first token (leading trivia skipped).
    public func location(of node: some SyntaxProtocol) -> SourceLocation {
        location(of: node.positionAfterSkippingLeadingTrivia)
    }
}

/// A file that could not be read or parsed completely. Reported as a `parse-error` finding; the rest of the
/// audit goes on.
public struct FileProblem: Sendable, Hashable {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The file could not be read.
        case unreadable
        /// The file is not valid UTF-8; it is skipped.
        case invalidUTF8 = "invalid-utf8"
        /// SwiftSyntax recovered from syntax errors; the file is analysed as far as it parsed.
        case syntaxError = "syntax-error"
    }

    /// What went wrong.
    public var kind: Kind
    /// Where (line 1, column 1 when the file could not be read at all).
    public var location: SourceLocation
    /// A sentence naming the file and the problem.
    public var message: String
}
