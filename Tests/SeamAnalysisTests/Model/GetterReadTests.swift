import Testing

@testable import SeamAnalysis

/// The getter shapes whose one read of a static makes that static the accessor's storage.
@Suite("computed accessors over a slot")
struct GetterReadTests {
    @Test(
        "a getter that only reads a static names it; any other getter names none",
        arguments: [
            ("{ _bot }", "_bot"), ("{\n    self._bot\n}", "_bot"), ("{ return Self.storage }", "storage"),
            ("{ get { return _bot } }", "_bot"), ("{ _bot ?? GoBot.shared }", nil), ("{ make() }", nil),
            ("{ get { _a } set { _a = newValue } }", nil), ("", nil),
        ] as [(String, String?)])
    func getterReads(block: String, expected: String?) {
        #expect(FileCollector.staticRead(block) == expected)
    }
}
