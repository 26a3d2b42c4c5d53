import SwiftParser
import SwiftSyntax

/// How seam parses Swift source, everywhere: SwiftParser with the nesting limit ``NestingScan`` enforces
/// (SwiftParser's own default is 20 levels in debug builds and 256 in release builds, so a debug build
/// would read files deeper than 20 differently).
///
/// Call it on text that passed ``NestingScan`` and, for text deeper than `LargeStack.inlineDepth`, on a
/// `LargeStack` thread.
package enum SourceParser {
    /// The syntax tree of `text`, with closures SwiftParser misreads as having a signature read again
    /// (``ClosureSignatureRepair``).
    package static func parse(_ text: String) -> SourceFileSyntax {
        var parser = Parser(text, maximumNestingLevel: NestingScan.Limit.depth.maximum)
        let tree = SourceFileSyntax.parse(from: &parser)
        return tree.hasError ? ClosureSignatureRepair.repair(tree) : tree
    }
}
