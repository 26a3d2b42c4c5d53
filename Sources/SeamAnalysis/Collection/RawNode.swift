@_spi(RawSyntax) import SwiftSyntax

/// A node of a file's raw syntax tree and the UTF-8 offset where it starts: what the file walk passes
/// around instead of `Syntax`.
///
/// `SyntaxVisitor` materialises a `Syntax` node (an allocation and its parent links) for every node it
/// walks past, which cost the audit as much as a third of the parse itself. The raw tree is already in
/// memory; walking it only needs the offsets, which the walk adds up from the children's lengths.
struct RawNode {
    let raw: RawSyntax
    /// The offset of the node's first byte, leading trivia included.
    let offset: Int

    init(_ raw: RawSyntax, at offset: Int) {
        self.raw = raw
        self.offset = offset
    }

    /// The root of a parsed file.
    init(root tree: SourceFileSyntax) {
        self.init(tree.raw, at: 0)
    }

    var kind: SyntaxKind { raw.kind }

    /// Where the first token's text starts, after its leading trivia.
    var start: Int { offset + raw.leadingTriviaByteLength }

    /// The end of the node, trailing trivia included.
    var end: Int { offset + raw.byteLength }

    /// The node's text range without the leading trivia of its first token and the trailing trivia of its last.
    var trimmedRange: Range<Int> {
        let start = self.start
        return start..<max(start, end - raw.trailingTriviaByteLength)
    }

    /// The node's source text, trivia around it excluded (`trimmedDescription`, read from the file's bytes).
    func trimmedText(in source: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: source[trimmedRange]), as: UTF8.self)
    }

    /// `child`, a child of this node (a typed raw accessor's result), with its offset.
    func child(_ child: some RawSyntaxNodeProtocol) -> RawNode {
        let id = child.raw.id
        var offset = self.offset
        if let layout = raw.layoutView {
            for case let candidate? in layout.children {
                if candidate.id == id { return RawNode(candidate, at: offset) }
                offset += candidate.byteLength
            }
        }
        preconditionFailure("\(child.raw.kind) is not a child of \(kind)")
    }

    /// `child`, if present, with its offset.
    func child(_ child: (some RawSyntaxNodeProtocol)?) -> RawNode? {
        child.map { self.child($0) }
    }

    /// Calls `body` with every present child and its offset, in source order.
    func forEachChild(_ body: (RawNode) -> Void) {
        guard let layout = raw.layoutView else { return }
        var offset = self.offset
        for child in layout.children {
            guard let child else { continue }
            body(RawNode(child, at: offset))
            offset += child.byteLength
        }
    }

    /// The node as `Node` if it is one: `node.as(RawMemberAccessExprSyntax.self)`.
    func `as`<Node: RawSyntaxNodeProtocol>(_ type: Node.Type) -> Node? {
        Node(raw)
    }

    /// The path from this node down to the first node of `kind` (descending) that contains `offset`, both
    /// included; `nil` if no node of that kind contains it.
    func path(to offset: Int, kind: SyntaxKind) -> [RawNode]? {
        var path = [self]
        var current = self
        while current.kind != kind {
            var next: RawNode?
            current.forEachChild { child in
                if next == nil, child.offset <= offset, offset < child.end, child.raw.layoutView != nil { next = child }
            }
            guard let next else { return nil }
            path.append(next)
            current = next
        }
        return path
    }
}

extension RawTokenSyntax {
    /// The token's text as a `String`.
    var text: String { String(syntaxText: tokenText) }

    /// The identifier without escaping backticks: `default` for `` `default` ``.
    var bareName: String { bareIdentifier(tokenText) }

    /// Whether the token is the keyword spelled `spelling` (`self`, `Self`, `init`).
    func isKeyword(_ spelling: SyntaxText) -> Bool {
        tokenKind == .keyword && tokenText == spelling
    }
}

extension RawNode {
    /// The range of `token`'s text (a child of this node), trivia excluded.
    func textRange(of token: RawTokenSyntax) -> Range<Int> {
        let start = child(token).start
        return start..<(start + token.tokenText.count)
    }
}

/// An identifier's name without escaping backticks: `default` for `` `default` ``. Works on a token's text
/// or on a range of the file's bytes.
func bareIdentifier<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> String {
    guard bytes.count > 2, bytes.first == UInt8(ascii: "`"), bytes.last == UInt8(ascii: "`") else {
        return String(decoding: bytes, as: UTF8.self)
    }
    return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
}

extension RawNode {
    /// The generic type a specialization names (`ImageCache` of `ImageCache<String>`), or the node itself.
    var withoutGenericArguments: RawNode {
        guard let specialization = self.as(RawGenericSpecializationExprSyntax.self) else { return self }
        return child(specialization.expression)
    }
}

extension RawNode {
    /// The name token of a binding or a function (`cacheLifetime` of `let cacheLifetime = 15 * 60`, `retryDelay` of
    /// `func retryDelay() -> Double`): what names the value a literal inside it becomes, for the rules that walk out
    /// of a literal to see where it goes. `nil` for another node, or a binding that is no single name.
    var declaredValueName: RawTokenSyntax? {
        switch kind {
        case .patternBinding:
            return self.as(RawPatternBindingSyntax.self)?.pattern.as(RawIdentifierPatternSyntax.self)?.identifier
        case .functionDecl:
            return self.as(RawFunctionDeclSyntax.self)?.name
        default:
            return nil
        }
    }
}
