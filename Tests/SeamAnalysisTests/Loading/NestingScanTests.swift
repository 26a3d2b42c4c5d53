import Foundation
import SeamTestSupport
import SwiftParser
import SwiftSyntax
import Testing

@testable import SeamAnalysis

/// The pre-scan that keeps files too deep for SwiftParser and the tree walks away from them. The scan
/// itself never recurses, so the deep inputs are safe to measure in-process; running them through the
/// parser is left to the CLI tests (`NestingLimitTests`), in a child process.
@Suite("nesting scan")
struct NestingScanTests {
    private func scan(_ text: String) -> NestingScan {
        var text = text
        return text.withUTF8 { NestingScan($0) }
    }

    /// The inputs of issue 11 that crashed the audit, and where the scan stops them.
    static let deepShapes: [(name: String, source: String, limit: NestingScan.Limit)] = [
        ("B().a(1)… ×10,000", "let x = B()" + String(repeating: ".a(1)", count: 10_000), .depth),
        ("a!!!… ×20,000", "let x = a" + String(repeating: "!", count: 20_000), .depth),
        (
            "[[[…]]] ×2,000", "let x = " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000),
            .collectionTypeRun
        ),
        (
            "Array<Array<…>> ×1,000",
            "let x: " + String(repeating: "Array<", count: 1_000) + "Int" + String(repeating: ">", count: 1_000), .depth
        ),
        ("try try … ×5,000", "let x = " + String(repeating: "try ", count: 5_000) + "f()", .depth),
        ("a.b.b… ×8,000", "let x = a" + String(repeating: ".b", count: 8_000), .depth),
        (
            "#if ×40", String(repeating: "#if A\n", count: 40) + String(repeating: "#endif\n", count: 40),
            .conditionalDepth
        ),
        // Not a crash but 2.7 GB of SwiftParser's memory per MiB of such statements (issue 11's limits).
        (
            "\"\\(\"\\(… ×250",
            "let x = " + String(repeating: "\"\\(", count: 250) + "1" + String(repeating: ")\"", count: 250),
            .interpolationDepth
        ),
    ]

    @Test("the deep inputs of issue 11 exceed a limit, at the first byte past it", arguments: deepShapes.indices)
    func deepShapesExceedALimit(index: Int) throws {
        let shape = Self.deepShapes[index]
        let excess = try #require(scan(shape.source).excess, "\(shape.name)")
        #expect(excess.limit == shape.limit, "\(shape.name)")
        // Stopped early: within the first few hundred levels, not at the end of the input.
        #expect(excess.offset < 2_000, "\(shape.name)")
    }

    @Test("just under each limit, nothing is exceeded")
    func underTheLimits() {
        let depth = NestingScan.Limit.depth.maximum
        let inputs = [
            "let x = " + String(repeating: "(", count: depth - 10) + "1" + String(repeating: ")", count: depth - 10),
            "let x = " + String(repeating: "try ", count: depth - 10) + "f()",
            "let x = a" + String(repeating: "!", count: depth - 10),
            String(repeating: "#if A\n", count: 32) + String(repeating: "#endif\n", count: 32),
            "let x = " + String(repeating: "[", count: 6) + String(repeating: "]", count: 6),
            "let x = " + String(repeating: "\"\\(", count: 16) + "1" + String(repeating: ")\"", count: 16),
        ]
        for input in inputs {
            #expect(scan(input).excess == nil, "\(input.prefix(40))")
        }
    }

    @Test("brackets in comments and string literals do not count; interpolations do")
    func commentsAndStrings() throws {
        let many = String(repeating: "(", count: 1_000)
        let ignored = [
            "// \(many)\nlet x = 1",
            "/* \(many) /* nested */ \(many) */ let x = 1",
            "let x = \"\(many)\"",
            "let x = #\"\(many) \\(\"#",
            "let x = \"\"\"\n\(many)\n\\\"\"\"\n\"\"\"",
            "let x = \"\\\"\(many)\"",
        ]
        for input in ignored {
            let result = scan(input)
            #expect(result.excess == nil, "\(input.prefix(30))")
            #expect(result.depth < 5, "\(input.prefix(30))")
        }
        let regexes = [
            String(repeating: "let r = /\\(\"[a-z]+/\n", count: 1_000),
            String(repeating: "let r = #/\\((?<x>\")\\)/#\n", count: 1_000),
            String(repeating: "let `a \"(` = 1\n", count: 1_000),
        ]
        for input in regexes {
            let result = scan(input)
            #expect(result.excess == nil, "\(input.prefix(30))")
            #expect(result.depth < 5, "\(input.prefix(30))")
        }
        let interpolated = "let x = " + String(repeating: "\"\\(", count: 300) + String(repeating: ")\"", count: 300)
        #expect(try #require(scan(interpolated).excess).limit == .interpolationDepth)
    }

    @Test("sibling chains, statements and arguments do not add up")
    func siblingsDoNotAddUp() {
        let statements = String(repeating: "a.b.c.d.e().f!.g?.h[0]\n", count: 1_000)
        let arguments = "f(" + String(repeating: "a.b.c.d, ", count: 1_000) + "x)"
        let operands = "let x = " + Array(repeating: "a.b.c!.d", count: 1_000).joined(separator: " + ")
        let matrix = "let m = [" + Array(repeating: "[1, 2, [3]]", count: 1_000).joined(separator: ", ") + "]"
        let elseIfs = "if a {}\n" + String(repeating: "if a {} else {}\n", count: 1_000)
        for input in [statements, arguments, operands, matrix, elseIfs] {
            let result = scan(input)
            #expect(result.excess == nil, "\(input.prefix(30))")
            #expect(result.depth < 16, "\(input.prefix(30))")
        }
    }

    @Test("the package's own sources stay far below the limits (the deepest real code measured is 45)")
    func realCode() throws {
        var deepest = 0
        var mostInterpolations = 0
        var scanned = 0
        for folder in ["Sources", "Tests", "Examples"] {
            let root = PackageCheckout.url(folder)
            // Build folders (`Examples/Recipes/.build` holds `checkouts/GRDB.swift`, a folder) are not our code.
            let files =
                FileManager.default.enumerator(
                    at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
                )?
                .compactMap { $0 as? URL }
                .filter {
                    $0.pathExtension == "swift"
                        && (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
                }
                ?? []
            for file in files {
                let data = try Data(contentsOf: file)
                let result = data.withUnsafeBytes { NestingScan($0.bindMemory(to: UInt8.self)) }
                #expect(result.excess == nil, "\(file.path)")
                deepest = max(deepest, result.depth)
                mostInterpolations = max(mostInterpolations, result.interpolationDepth)
                scanned += 1
            }
        }
        #expect(scanned > 300)
        #expect(deepest <= 64, "every file is parsed on the calling thread in release builds")
        #expect((1...4).contains(mostInterpolations), "interpolations in interpolations are rare and shallow")
    }

    /// The tree SwiftParser builds is at most five levels deeper per level the scan counts in valid code
    /// (string interpolations are the deepest: five per `"\(`), ten in the error recovery of broken code.
    /// Random soups of the constructs that nest, and of those that start literals and comments (where the
    /// scan must read text as SwiftParser's lexer does), check it.
    @Test(
        "on random token soups, the parsed tree is never deeper than ten times the scanned depth",
        arguments: [false, true])
    func scanBoundsTheTree(mostlyNesting: Bool) throws {
        let pieces = [
            "(", ")", "[", "]", "{", "}", "<", ">", ".a", "!", "?", " try ", " await ", "\"\\(", ")\"", ", ", " + ",
            " = ", "\n", "#if X\n", "#endif\n", " else if ", " if ", "a", "B", "1", " -> ", "f(", "x[", " ? ", " : ",
            " in ", "{ _ in ", " as ", " let ", "@A ", "\\.", "...", " #if", "/", "`a`", "#\"", "\"#", "\"\"\"\n",
            "/a/", "#/", "/#", "`", "` b`", "\"", " / ", "//", "/*", "*/", "\\", "'",
        ]
        let nesting = ["(", "[", "{", " try ", ".a", "!", "\"\\(", "f(", "x[", " else if ", "<", " ? ", " -> "]
        var random = SplitMix64(seed: mostlyNesting ? 11 : 0x5EA4)
        var checked = 0
        for _ in 0..<500 {
            let count = 20 + Int(random.next() % 200)
            let source = (0..<count).map { _ in
                mostlyNesting && random.next() % 10 < 7
                    ? nesting[Int(random.next() % UInt64(nesting.count))]
                    : pieces[Int(random.next() % UInt64(pieces.count))]
            }.joined()
            let result = scan(source)
            guard result.excess == nil else { continue }
            let treeDepth = LargeStack.run {
                var parser = Parser(source, maximumNestingLevel: NestingScan.Limit.depth.maximum)
                return Self.depth(of: Syntax(SourceFileSyntax.parse(from: &parser)))
            }
            #expect(
                treeDepth <= 10 * result.depth + 32,
                "scanned \(result.depth), tree \(treeDepth): \(source.debugDescription)")
            checked += 1
        }
        #expect(checked > 200)
    }

    private static func depth(of root: Syntax) -> Int {
        var deepest = 0
        var pending: [(Syntax, Int)] = [(root, 1)]
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            for child in node.children(viewMode: .all) { pending.append((child, depth + 1)) }
        }
        return deepest
    }
}

/// A small deterministic generator (Steele, Lea and Flood's SplitMix64).
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
