import Testing

@testable import BenchHarness

@Suite struct ArgumentsTests {
    @Test func parsesFlagsValuesAndPositionals() throws {
        let arguments = try Arguments(["--check", "--rounds", "7", "extra"], valued: ["--rounds"])
        #expect(arguments.has("--check"))
        #expect(!arguments.has("--verbose"))
        #expect(try arguments.integer("--rounds", default: 1) == 7)
        #expect(try arguments.integer("--passes", default: 3) == 3)
        #expect(arguments.positional == ["extra"])
    }

    @Test func anOptionWithoutItsValueIsAnError() {
        #expect(throws: ArgumentError.self) { try Arguments(["--rounds"], valued: ["--rounds"]) }
    }

    @Test func aNonNumericCountNamesTheOption() throws {
        let arguments = try Arguments(["--rounds", "many"], valued: ["--rounds"])
        let error = #expect(throws: ArgumentError.self) { try arguments.integer("--rounds", default: 1) }
        #expect(error?.description == "--rounds expects a positive integer, got 'many'")
    }
}
