import SwiftSyntax

/// The `// seam:ignore` comments of one file.
///
/// `// seam:ignore force-unwrap, injection-bypass` silences those rules on its own line and on the line
/// below; `// seam:ignore` with no known rule id after it silences every rule there. Words after the ids
/// (a reason) are allowed: `// seam:ignore force-try – the bundle always has this file`.
public struct Suppressions: Sendable, Hashable {
    /// Line of the comment → the rules it names (`nil` for all rules).
    public private(set) var comments: [Int: Set<RuleID>?] = [:]

    /// Creates an empty set of comments: nothing is suppressed.
    public init() {}

    /// Whether `rule` is silenced at `line`.
    public func suppresses(_ rule: RuleID, atLine line: Int) -> Bool {
        for commentLine in [line, line - 1] {
            guard let entry = comments[commentLine] else { continue }
            guard let rules = entry else { return true }
            if rules.contains(rule) { return true }
        }
        return false
    }

    private static let marker = Array("seam:ignore".utf8)

    /// Finds the markers in `bytes` and keeps those that sit in a comment of `tree`.
    init(bytes: UnsafeBufferPointer<UInt8>, tree: SourceFileSyntax, lineTable: LineTable) {
        let count = bytes.count
        let first = Self.marker[0]
        var index = 0
        while index + Self.marker.count <= count {
            guard bytes[index] == first, Self.matchesMarker(bytes, at: index) else {
                index += 1
                continue
            }
            if Self.isInComment(offset: index, tree: tree) {
                let line = lineTable.lineAndColumn(ofOffset: index).line
                comments[line] = Self.rules(bytes, after: index + Self.marker.count)
            }
            index += Self.marker.count
        }
    }

    private static func matchesMarker(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        for (offset, byte) in marker.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    private static func isInComment(offset: Int, tree: SourceFileSyntax) -> Bool {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return false }
        // Inside the token's own text (a string literal, say) is not a comment.
        let textStart = token.positionAfterSkippingLeadingTrivia.utf8Offset
        let textEnd = token.endPositionBeforeTrailingTrivia.utf8Offset
        if offset >= textStart && offset < textEnd { return false }
        let trivia = offset < textStart ? token.leadingTrivia : token.trailingTrivia
        var position = offset < textStart ? token.position.utf8Offset : textEnd
        for piece in trivia {
            let end = position + piece.sourceLength.utf8Length
            if offset >= position && offset < end {
                switch piece {
                case .lineComment, .blockComment, .docLineComment, .docBlockComment: return true
                default: return false
                }
            }
            position = end
        }
        return false
    }

    /// The rule ids following the marker, up to the first word that is not a known rule id; `nil` if none.
    private static func rules(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Set<RuleID>? {
        var words: [String] = []
        var current: [UInt8] = []
        var index = start
        func flush() {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\t") {
                flush()
            } else {
                current.append(byte)
            }
            index += 1
        }
        flush()
        var rules: Set<RuleID> = []
        for word in words {
            let rule = RuleID(word)
            guard RuleID.known.contains(rule) else { break }
            rules.insert(rule)
        }
        return rules.isEmpty ? nil : rules
    }
}
