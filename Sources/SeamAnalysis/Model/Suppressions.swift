import SwiftSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        var index = 0
        while let found = Self.nextMarker(in: bytes, from: index) {
            if Self.isInComment(offset: found, tree: tree) {
                let line = lineTable.lineAndColumn(ofOffset: found).line
                comments[line] = Self.rules(bytes, after: found + Self.marker.count)
            }
            index = found + Self.marker.count
        }
    }

    /// The offset of the first marker at or after `start`, found by its colon (`memchr`: most files have no
    /// marker, and a byte loop over every file cost 1% of a real app's audit).
    private static func nextMarker(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let colonOffset = 4  // "seam:ignore"
        var search = start + colonOffset
        while search < bytes.count, let found = memchr(base + search, Int32(UInt8(ascii: ":")), bytes.count - search) {
            let colon = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let candidate = colon - colonOffset
            if candidate + marker.count <= bytes.count,
                marker.indices.allSatisfy({ bytes[candidate + $0] == marker[$0] })
            {
                return candidate
            }
            search = colon + 1
        }
        return nil
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

extension Suppressions: Codable {
    /// One comment, for coding: its line and the rules it names, sorted (`nil` for all rules).
    private struct Comment: Codable {
        var line: Int
        var rules: [RuleID]?
    }

    /// Reads the comments as ``encode(to:)`` writes them.
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let comment = try container.decode(Comment.self)
            comments.updateValue(comment.rules.map { Set($0) }, forKey: comment.line)
        }
    }

    /// Writes the comments as a list sorted by line, each with its rules sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (line, rules) in comments.sorted(by: { $0.key < $1.key }) {
            try container.encode(Comment(line: line, rules: rules.map { $0.sorted() }))
        }
    }
}
