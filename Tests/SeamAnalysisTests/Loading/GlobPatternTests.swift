import SeamAnalysis
import Testing

@Suite("glob patterns and line tables")
struct GlobPatternTests {
    @Test(
        "globs",
        arguments: [
            ("Sources/**/*.swift", "Sources/App/Main.swift", true),
            ("Sources/**/*.swift", "Sources/Main.swift", true),
            ("Sources/**/*.swift", "Tests/Main.swift", false),
            ("Sources/*.swift", "Sources/App/Main.swift", false),
            ("*.generated.swift", "App/Models/API.generated.swift", true),
            ("Generated", "App/Generated", true),
            ("Generated", "App/Generated2", false),
            ("**/Generated/**", "App/Generated/X.swift", true),
            ("./Sources/?pp/*", "Sources/App/X.swift", true),
            ("Sources/**", "Sources", false),
            ("**/View.swift", "App/View.swift", true),
            ("**/View.swift", "View.swift", true),
            ("**/View.swift", "App/MainView.swift", false),
            ("Sources/**/View.swift", "Sources/AView.swift", false),
            ("Sources/**/View.swift", "Sources/A/B/View.swift", true),
            ("**/Generated/**", "Generated/X.swift", true),
            ("App/**.swift", "App/A/B.swift", true),
            ("*Tests", "Tests/AppTests", true),
            ("*a*b", "x/aab", true),
            ("?", "a/b", true),
            ("a?c", "a/c", false),
        ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(GlobPattern(pattern).matches(path) == expected)
    }

    /// `*a*a*a*a*a*a*a*b` took 46 s on a path of `a`s (exponential backtracking), `**` patterns more.
    @Test("patterns with many stars match in time linear in the path", .timeLimit(.minutes(5)))
    func manyStars() {
        let name = String(repeating: "a", count: 2_000)
        let deep = Array(repeating: "aaaa", count: 500).joined(separator: "/")
        let cases: [(String, String, Bool)] = [
            ("*a*a*a*a*a*a*a*a*a*a*a*a*b", name, false),
            ("*a*a*a*a*a*a*a*a*a*a*a*a*", name, true),
            ("**/*a*a*a*a*a*a*a*b", deep, false),
            ("**a**a**a**a**a**a**a**b", deep, false),
            ("**/**/**/**/**/**/**/**/b", deep, false),
            ("**/**/**/**/**/**/**/**/aaaa", deep, true),
        ]
        for (pattern, path, expected) in cases {
            for _ in 0..<20 {
                #expect(GlobPattern(pattern).matches(path) == expected, "\(pattern)")
            }
        }
    }

    @Test("line table handles \\n, \\r\\n and \\r, and a final line without a break")
    func lineTable() {
        let text = Array("a\nbc\r\nd\re".utf8)
        let table = text.withUnsafeBufferPointer { LineTable($0) }
        #expect(table.lineCount == 4)
        #expect(table.lineAndColumn(ofOffset: 0) == (1, 1))
        #expect(table.lineAndColumn(ofOffset: 3) == (2, 2))
        #expect(table.lineAndColumn(ofOffset: 6) == (3, 1))
        #expect(table.lineAndColumn(ofOffset: 8) == (4, 1))
        let empty = [UInt8]().withUnsafeBufferPointer { LineTable($0) }
        #expect(empty.lineCount == 0)
    }

    @Test(
        "line table: files without a carriage return (found by memchr) get the same lines as the byte loop",
        arguments: ["", "\n", "a", "a\n", "\n\n\nb", "let a = 1\nlet b = 2\n\n// end", "é\n€\n😀"])
    func lineTableWithoutCarriageReturns(text: String) {
        let bytes = Array(text.utf8)
        let table = bytes.withUnsafeBufferPointer { LineTable($0) }
        // Line starts by hand: 0, then one past every line feed.
        let expected = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        #expect(table.lineStarts == expected)
        #expect(table.byteCount == bytes.count)
        // The same text with one carriage return somewhere takes the byte loop; its line feeds still count.
        let withReturn = bytes + Array("\r".utf8)
        let slow = withReturn.withUnsafeBufferPointer { LineTable($0) }
        #expect(slow.lineStarts == expected + [withReturn.count])
    }
}
