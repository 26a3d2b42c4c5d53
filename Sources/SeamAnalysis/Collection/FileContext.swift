import SwiftSyntax

/// What the collectors need to know about the file they walk: its path and how to turn positions into
/// locations.
struct FileContext: Sendable {
    let path: String
    let lineTable: LineTable
    let isTest: Bool

    func location(of position: AbsolutePosition) -> SourceLocation {
        let (line, column) = lineTable.lineAndColumn(ofOffset: position.utf8Offset)
        return SourceLocation(file: path, line: line, column: column)
    }

    /// The location of the node's first token, after its leading trivia (comments, attributes excluded).
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        location(of: node.positionAfterSkippingLeadingTrivia)
    }

    /// Lines spanned by the node, leading trivia excluded.
    func lineSpan(of node: some SyntaxProtocol) -> Int {
        let start = lineTable.lineAndColumn(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset).line
        let end = lineTable.lineAndColumn(ofOffset: max(node.endPositionBeforeTrailingTrivia.utf8Offset - 1, 0)).line
        return max(end - start + 1, 1)
    }
}
