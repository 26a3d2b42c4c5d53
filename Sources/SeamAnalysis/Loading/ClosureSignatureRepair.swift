import SwiftParser
import SwiftSyntax

/// Re-reads closures SwiftParser took for a signature they do not have.
///
/// SwiftParser (603) decides that a closure starts with a signature when its first token is `(` and an `in`
/// follows before the closure ends, at any depth of statements: `forEach {\n ($0 as? Themeable)?.update()\n
/// for view in views { … } }` becomes a broken parameter clause up to the loop's `in`, an error in a file
/// `swiftc` compiles. Each such closure's body is parsed again on its own, as statements; when that parse is
/// clean, it replaces the broken one. The text is the same byte for byte, so every offset and line holds.
enum ClosureSignatureRepair {
    /// `tree` with every misread closure re-read, or `tree` itself when none is (or none can be) repaired.
    static func repair(_ tree: SourceFileSyntax) -> SourceFileSyntax {
        let rewriter = Rewriter(viewMode: .sourceAccurate)
        let repaired = rewriter.rewrite(tree).cast(SourceFileSyntax.self)
        return rewriter.repairs > 0 && repaired.totalLength == tree.totalLength ? repaired : tree
    }

    private final class Rewriter: SyntaxRewriter {
        var repairs = 0

        override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
            guard let signature = node.signature, signature.hasError,
                signature.parameterClause?.is(ClosureParameterClauseSyntax.self) == true,
                node.leftBrace.presence == .present, node.rightBrace.presence == .present,
                let body = Self.statements(between: node.leftBrace, and: node.rightBrace, in: node)
            else { return super.visit(node) }
            repairs += 1
            let closure = ClosureExprSyntax(
                leadingTrivia: node.leadingTrivia, leftBrace: node.leftBrace.with(\.leadingTrivia, []),
                signature: nil, statements: body.statements,
                rightBrace: node.rightBrace.with(\.leadingTrivia, body.trailingTrivia + node.rightBrace.leadingTrivia),
                trailingTrivia: node.trailingTrivia)
            return ExprSyntax(closure)
        }

        /// The statements between the braces, parsed on their own, or `nil` when they do not parse cleanly either
        /// (a real syntax error, left for the finding).
        private static func statements(
            between left: TokenSyntax, and right: TokenSyntax, in node: ClosureExprSyntax
        ) -> (statements: CodeBlockItemListSyntax, trailingTrivia: Trivia)? {
            let start = left.endPosition.utf8Offset - node.position.utf8Offset
            let end = right.position.utf8Offset - node.position.utf8Offset
            let bytes = node.syntaxTextBytes
            guard start <= end, end <= bytes.count else { return nil }
            let body = String(decoding: bytes[start..<end], as: UTF8.self)
            var parser = Parser(body, maximumNestingLevel: NestingScan.Limit.depth.maximum)
            var file = SourceFileSyntax.parse(from: &parser)
            if file.hasError { file = repair(file) }  // a misread closure inside this one
            guard !file.hasError, file.totalLength.utf8Length == end - start else { return nil }
            return (file.statements, file.endOfFileToken.leadingTrivia)
        }
    }
}
