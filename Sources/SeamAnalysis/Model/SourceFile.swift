import Foundation
import SwiftSyntax

/// One parsed Swift file of the codebase.
///
/// Its syntax tree is kept only when the codebase is loaded with `retainingSyntax: true` (as `seam migrate`
/// does, to rewrite the same nodes the audit found): trees take about 60 times the memory of the source.
public struct SourceFile: Sendable {
    /// The path relative to the audited root, `/`-separated.
    public var path: String
    /// The file on disk.
    public var url: URL {
        get { URL(fileURLWithPath: absolutePath, isDirectory: false) }
        set { absolutePath = newValue.path }
    }
    /// The path of the file on disk, as ``url`` names it (kept as text: most runs never ask for a `URL`).
    public var absolutePath: String
    /// The syntax tree, parsed once; `nil` unless the codebase was loaded with `retainingSyntax: true`.
    public var tree: SourceFileSyntax?
    /// Line starts, for turning positions into locations cheaply.
    public var lineTable: LineTable
    /// Whether it is a test file (under a `Tests` folder, or named `*Tests.swift`, `*Mock*.swift`): exempt
    /// from the hard-coded value and force rules, and its types are left out of the role totals.
    public var isTest: Bool
    /// The `// seam:ignore` comments.
    public var suppressions: Suppressions
    /// What the body walk observed (force operations, literals, UI state writes).
    public var observations: FileObservations
    /// The build target (module) the file belongs to: a SwiftPM target, an Xcode project's target, an XcodeGen
    /// target, or else its top folder (`""` for a file at the root). See "Targets" in the SeamAnalysis catalog's
    /// "Auditing a codebase" article.
    public var target: String = ""

    /// Lines in the file.
    public var lineCount: Int { lineTable.lineCount }

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
public struct FileProblem: Sendable, Hashable, Codable {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The file could not be read.
        case unreadable
        /// The file is not valid UTF-8; it is skipped.
        case invalidUTF8 = "invalid-utf8"
        /// SwiftSyntax recovered from syntax errors; the file is analysed as far as it parsed.
        case syntaxError = "syntax-error"
        /// The file nests deeper than seam parses (see the guarantees in the SeamMigration catalog's "Migrating a
        /// codebase" article); it is skipped.
        case tooDeep = "too-deep"
        /// The file is larger than seam parses (8 MiB); it is skipped.
        case tooLarge = "too-large"
    }

    /// What went wrong.
    public var kind: Kind
    /// Where (line 1, column 1 when the file could not be read at all).
    public var location: SourceLocation
    /// A sentence naming the file and the problem.
    public var message: String
}
