@testable import RecipesTerminal
import Testing

@Suite("Text layout: tables and wrapping")
struct TextLayoutTests {
    @Test("columns are padded to the widest cell, with a rule under the header")
    func table() {
        let text = TextTable(headers: ["ID", "Meal"], rows: [["52768", "Apple Frangipan Tart"], ["1", "Toast"]])
            .render(width: 80)
        #expect(text == """
            ID     Meal
            ─────  ────────────────────
            52768  Apple Frangipan Tart
            1      Toast

            """)
    }

    @Test("the last column is cut with … so no line is wider than the width")
    func truncation() {
        let long = String(repeating: "sugar and spice ", count: 10)
        let text = TextTable(headers: ["ID", "About"], rows: [["3", long]]).render(width: 40)
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.last?.hasSuffix("…") == true)
    }

    @Test("unicode counts as characters, not bytes")
    func unicode() {
        let text = TextTable(headers: ["Measure", "Name"], rows: [["½ cup", "crème fraîche"], ["1", "x"]]).render(width: 80)
        #expect(text.contains("½ cup    crème fraîche\n"))
        #expect(text.contains("1        x\n"))
    }

    @Test("paragraphs wrap at the width under a hanging indent")
    func wrap() {
        let lines = TextWrap.wrap(
            "Preheat the oven to 200C and butter the tin well before you start", width: 30, indent: "     ",
            firstIndent: "  1. "
        )
        #expect(lines == ["  1. Preheat the oven to 200C", "     and butter the tin well", "     before you start"])
        #expect(lines.allSatisfy { $0.count <= 30 })
    }

    @Test("a word longer than the line stays whole")
    func longWord() {
        #expect(TextWrap.wrap("a supercalifragilistic b", width: 10) == ["a", "supercalifragilistic", "b"])
    }
}
