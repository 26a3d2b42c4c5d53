import SeamAnalysis
import Testing

@Suite("glob patterns and line tables")
struct GlobPatternTests {
    @Test("globs", arguments: [
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
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(GlobPattern(pattern).matches(path) == expected)
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
}
