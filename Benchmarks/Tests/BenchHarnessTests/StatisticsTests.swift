import Testing

@testable import BenchHarness

@Suite struct StatisticsTests {
    @Test func nearestRankPercentilesOfAnOddSample() {
        let stats = Statistics([5, 1, 4, 2, 3])
        #expect(stats.count == 5)
        #expect(stats.median == 3)
        #expect(stats.p90 == 5)
        #expect(stats.min == 1)
    }

    @Test func percentilesOfTenSamples() {
        let stats = Statistics((1...10).map(Double.init).reversed())
        #expect(stats.median == 5)
        #expect(stats.p90 == 9)
    }

    @Test func emptySampleIsAllZeros() {
        let stats = Statistics([])
        #expect(stats.count == 0)
        #expect(stats.median == 0 && stats.p90 == 0 && stats.min == 0)
    }
}
