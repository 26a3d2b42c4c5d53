import Testing

@testable import SeamAnalysis

@Suite("format strings: templates values are put into, not percent-encoded URLs")
struct LiteralClassifierTests {
    @Test(
        "a specifier with flags, width, precision, a position or a length is a format",
        arguments: ["%@", "id == %@", "%d items", "%.2f %@", "%1$@ of %2$@", "%2$ld", "%K == %@", "%2d:%02d"])
    func formats(text: String) {
        #expect(LiteralClassifier.isFormatString(text))
    }

    @Test(
        "a percent-encoded byte, a percentage and plain text are not",
        arguments: ["a%2Fb", "name%3Avalue", "a%20b", "100%", "50% off", "sync-state", "$1 off"])
    func notFormats(text: String) {
        #expect(!LiteralClassifier.isFormatString(text))
    }
}
