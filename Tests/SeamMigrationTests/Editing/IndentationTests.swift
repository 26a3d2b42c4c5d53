import Testing

@testable import SeamMigration

/// Inserted code takes the file's indentation unit, which a few odd lines must not decide.
@Suite struct IndentationTests {
    @Test func oddLinesInAMultilineStringDoNotDecideTheUnit() {
        let methods = (1...20).map { "  func play\($0)() {\n    print(help)\n  }" }.joined(separator: "\n")
        let text =
            "let help = \"\"\"\n \"no\"    - disable all messages\n \"fatal\" - critical errors\n\"\"\"\nfinal class Player {\n\(methods)\n}\n"
        #expect(Indentation.unit(of: text) == "  ")
    }

    /// Review 36 (Trio): a file whose code sits in `extension Calibrations { final class StateModel { … } }` has two
    /// lines at four spaces and the rest at eight or more; its generated `init` was indented by eight.
    @Test func codeNestedInAnExtensionKeepsTheStepBetweenLevels() {
        let members = (1...120).map { "        var value\($0) = \($0)" }.joined(separator: "\n")
        let text =
            "extension Calibrations {\n    final class StateModel {\n\(members)\n        func f() {\n            print(value1)\n        }\n    }\n}\n"
        #expect(Indentation.unit(of: text) == "    ")
    }

    /// Hunk review 41 (tari, H14): a licence header's lines inside `/* … */`, indented with tabs, made the unit a tab
    /// in a short file of code indented with spaces, and the new `init` was indented with four spaces and a tab.
    @Test func theLinesOfABlockCommentDoNotDecideTheUnit() {
        let header = "/*\n" + (1...12).map { "\tLicence line \($0)" }.joined(separator: "\n") + "\n*/\n"
        let text = header + "final class Model {\n    var a = 1\n    func f() {\n        print(a)\n    }\n}\n"
        #expect(Indentation.unit(of: text) == "    ")
    }

    @Test func tabsAndFourSpacesAndNothingIndented() {
        #expect(Indentation.unit(of: "struct A {\n\tvar a = 1\n\tvar b = 2\n}\n") == "\t")
        #expect(
            Indentation.unit(of: "struct A {\n    var a = 1\n    func f() {\n        print(a)\n    }\n}\n") == "    ")
        #expect(Indentation.unit(of: "let a = 1\n") == "    ")
    }
}
