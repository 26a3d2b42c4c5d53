import Testing

@testable import BenchHarness

@Suite struct MicroRunnerTests {
    private var quick: MicroRunner.Options {
        var options = MicroRunner.Options()
        options.batchNanoseconds = 20_000
        options.warmupNanoseconds = 1_000
        options.rounds = 5
        return options
    }

    @Test func measuresEveryBenchmarkEveryRoundInOrder() throws {
        var calls = [0, 0]
        let results = try MicroRunner(options: quick).run([
            MicroBenchmark("a") { iterations in calls[0] += iterations },
            MicroBenchmark("b") { iterations in calls[1] += iterations },
        ])
        #expect(results.map(\.name) == ["a", "b"])
        #expect(results.allSatisfy { $0.nanosecondsPerOperation.count == 5 && $0.batchSize >= 1 })
        #expect(calls.allSatisfy { $0 >= 5 })
    }

    @Test func aThrowingBodyIsReportedWithItsName() {
        struct Boom: Error {}
        let error = #expect(throws: BenchmarkError.self) {
            try MicroRunner(options: quick).run([MicroBenchmark("seam.cached") { _ in throw Boom() }])
        }
        #expect(error?.benchmark == "seam.cached")
    }

    @Test func peakResidentSizeIsPositive() {
        #expect(ProcessStats.peakResidentBytes() > 0)
    }
}
