import Testing

@testable import BenchHarness

@Suite struct FormatTests {
    @Test func groupsThousands() {
        #expect(Format.grouped(0) == "0")
        #expect(Format.grouped(999) == "999")
        #expect(Format.grouped(1_000) == "1,000")
        #expect(Format.grouped(1_234_567) == "1,234,567")
        #expect(Format.grouped(-4_500) == "-4,500")
    }

    @Test func fixedDecimalsRoundAndPad() {
        #expect(Format.fixed(1.25, decimals: 2) == "1.25")
        #expect(Format.fixed(3.0, decimals: 2) == "3.00")
        #expect(Format.fixed(0.05, decimals: 2) == "0.05")
        #expect(Format.fixed(1234.56, decimals: 1) == "1,234.6")
        #expect(Format.fixed(-0.5, decimals: 1) == "-0.5")
    }

    @Test func nanosecondsKeepOneDecimalBelowOneHundred() {
        #expect(Format.nanoseconds(4.24) == "4.2")
        #expect(Format.nanoseconds(1_433.6) == "1,434")
    }

    @Test func ratiosAndSizes() {
        #expect(Format.ratio(1.384) == "1.38×")
        #expect(Format.ratio(717.34) == "717.3×")
        #expect(Format.mebibytes(3 * 1_048_576 / 2) == "1.5 MiB")
    }
}
