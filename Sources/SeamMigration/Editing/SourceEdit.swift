import SwiftSyntax

/// A precise replacement of a byte range of a file's text, computed against the original text.
///
/// Rewrites never re-print whole syntax trees: they describe the few bytes they change, so everything
/// around an edit (formatting, comments, `#if` blocks) stays exactly as it was.
struct SourceEdit: Hashable, Sendable {
    /// The UTF-8 byte range in the original text.
    var range: Range<Int>
    /// The text that replaces it.
    var replacement: String
    /// Breaks ties between insertions at the same offset: lower first.
    var order: Int = 0

    /// Inserts `text` at `offset`.
    static func insert(_ text: String, at offset: AbsolutePosition, order: Int = 0) -> SourceEdit {
        SourceEdit(range: offset.utf8Offset..<offset.utf8Offset, replacement: text, order: order)
    }

    /// Replaces the node's text, leaving its leading and trailing trivia (comments, whitespace) alone.
    static func replace(_ node: some SyntaxProtocol, with text: String) -> SourceEdit {
        SourceEdit(
            range: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
            replacement: text
        )
    }

    /// Applies `edits` (all against `text`) and returns the new text.
    ///
    /// Replacements are written with `\n` line breaks; in a file whose lines mostly end in `\r\n`, their line
    /// breaks become `\r\n` too, so the file keeps one line ending.
    ///
    /// - Throws: `MigrationError` when two edits overlap, which would mean two rewrites disagree.
    static func apply(_ edits: [SourceEdit], to text: String, file: String) throws -> String {
        let sorted = edits.sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.order) < ($1.range.lowerBound, $1.range.upperBound, $1.order)
        }
        var bytes = Array(text.utf8)
        let crlf = Self.mostLinesEndInCRLF(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.replacement.utf8.count })
        var cursor = 0
        for edit in sorted {
            guard edit.range.lowerBound >= cursor, edit.range.upperBound <= bytes.count else {
                throw MigrationError.overlappingEdits(file: file, offset: edit.range.lowerBound)
            }
            output += bytes[cursor..<edit.range.lowerBound]
            output += crlf ? Self.withCRLF(edit.replacement) : Array(edit.replacement.utf8)
            cursor = edit.range.upperBound
        }
        output += bytes[cursor...]
        bytes = []
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether more lines of `bytes` end in `\r\n` than in a bare `\n`.
    static func mostLinesEndInCRLF(_ bytes: [UInt8]) -> Bool {
        var crlf = 0
        var lf = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if index > 0 && bytes[index - 1] == 0x0D { crlf += 1 } else { lf += 1 }
        }
        return crlf > lf
    }

    /// `text` with every bare `\n` turned into `\r\n`.
    static func withCRLF(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A && previous != 0x0D { result.append(0x0D) }
            result.append(byte)
            previous = byte
        }
        return result
    }
}
