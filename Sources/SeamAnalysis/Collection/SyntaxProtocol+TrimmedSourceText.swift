import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without the leading trivia of its first token and the trailing trivia of its
    /// last: the same string as `trimmedDescription`, read from the existing tree instead of building a
    /// trimmed copy of it (`trimmed` allocates a new tree, which dominated the body walk's profile).
    var trimmedSourceText: String {
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
