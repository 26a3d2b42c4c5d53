import Testing

@testable import BenchHarness

@Suite struct MarkdownTableTests {
    @Test func padsCellsAndAlignsNumericColumnsRight() {
        var table = MarkdownTable(headers: ["case", "ns"], rightAligned: [1])
        table.append(["unique", "35.1"])
        table.append(["A→B→C", "432"])
        #expect(table.render() == """
            | case   |   ns |
            |--------|-----:|
            | unique | 35.1 |
            | A→B→C  |  432 |
            """)
    }

    @Test func missingCellsAreLeftEmpty() {
        var table = MarkdownTable(headers: ["a", "b"])
        table.append(["x"])
        #expect(table.render().hasSuffix("| x |   |"))
    }
}
