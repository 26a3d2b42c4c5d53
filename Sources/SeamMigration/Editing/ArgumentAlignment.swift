import SwiftSyntax

/// Keeps a call's wrapped arguments aligned with its opening parenthesis when edits before it on the same line
/// change that line's length.
///
/// Hunk review 40 (sciencejournal): `CameraCaptureSessionManager.shared.registerUser(self,` became
/// `cameraCaptureSessionManager.registerUser(self,`, and the `beginUsingBlock:` and `endUsingBlock:` lines below,
/// aligned one column after the parenthesis, were left 7 columns to the right of it. Only arguments that start a
/// line exactly one column after the parenthesis move, by the spaces before them; an argument another edit touches
/// there, or indented with tabs, stays as it is.
enum ArgumentAlignment {
    /// The edits that realign the arguments `edits` move, each with the index in `edits` of the edit it follows
    /// (the first one on the parenthesis's line).
    static func edits(after edits: [SourceEdit], in tree: SourceFileSyntax, text: String) -> [(
        cause: Int, edit: SourceEdit
    )] {
        let bytes = Array(text.utf8)
        // Edits within one line: what each does to the width of the text before what follows it.
        var lineEdits: [Int: [(index: Int, end: Int, delta: Int)]] = [:]
        for (index, edit) in edits.enumerated() {
            guard edit.range.upperBound <= bytes.count, !edit.replacement.utf8.contains(0x0A),
                !bytes[edit.range].contains(0x0A)
            else { continue }
            let delta = edit.replacement.unicodeScalars.count - Self.scalarCount(bytes[edit.range])
            guard delta != 0 else { continue }
            lineEdits[Self.lineStart(of: edit.range.lowerBound, in: bytes), default: []].append(
                (index, edit.range.upperBound, delta))
        }
        guard !lineEdits.isEmpty else { return [] }
        let calls = WrappedCallCollector(viewMode: .sourceAccurate)
        calls.walk(tree)
        var result: [(cause: Int, edit: SourceEdit)] = []
        for (paren, arguments) in calls.found {
            let lineStart = Self.lineStart(of: paren, in: bytes)
            guard let before = lineEdits[lineStart]?.filter({ $0.end <= paren }), let cause = before.first?.index,
                !edits.contains(where: { $0.range.lowerBound < paren + 1 && $0.range.upperBound > paren })
            else { continue }
            let delta = before.reduce(0) { $0 + $1.delta }
            guard delta != 0 else { continue }
            let column = Self.scalarCount(bytes[lineStart..<paren]) + 1
            for start in arguments {
                let argumentLine = Self.lineStart(of: start, in: bytes)
                // Spaces only before the argument, exactly the parenthesis's column plus one.
                guard argumentLine > lineStart, bytes[argumentLine..<start].allSatisfy({ $0 == 0x20 }),
                    start - argumentLine == column, delta > 0 || start - argumentLine >= -delta
                else { continue }
                let edit =
                    delta > 0
                    ? SourceEdit.insert(String(repeating: " ", count: delta), at: AbsolutePosition(utf8Offset: start))
                    : SourceEdit(range: (start + delta)..<start, replacement: "")
                // Never against another edit: one touching these spaces or starting inside them.
                let touches = edits.contains {
                    $0.range.lowerBound < start && $0.range.upperBound > edit.range.lowerBound
                }
                if !touches { result.append((cause, edit)) }
            }
        }
        return result
    }

    /// The offset of the first byte of the line holding `offset`.
    private static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
        return index
    }

    /// The Unicode scalars of UTF-8 bytes (the columns they take, for text without wide characters).
    private static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}

/// Calls (and subscripts and macro expansions) with an argument after the first one starting on a later line: the
/// offset of the opening parenthesis and of each such argument's first token.
private final class WrappedCallCollector: SyntaxVisitor {
    var found: [(paren: Int, arguments: [Int])] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        record(node.leftParen, node.arguments)
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        record(node.leftSquare, node.arguments)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        record(node.leftParen, node.arguments)
        return .visitChildren
    }

    private func record(_ paren: TokenSyntax?, _ arguments: LabeledExprListSyntax) {
        guard let paren, paren.presence == .present else { return }
        let starts = arguments.dropFirst().compactMap { argument -> Int? in
            guard argument.leadingTrivia.contains(where: \.isNewline) else { return nil }
            return argument.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        if !starts.isEmpty { found.append((paren.positionAfterSkippingLeadingTrivia.utf8Offset, starts)) }
    }
}
