#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    @Test func setUpAndTearDownRunAroundEveryBatchUntimed() throws {
        var events: [String] = []
        let result = try MicroRunner(options: quick).run([
            MicroBenchmark("scoped", setUp: {
                events.append("up")
                usleep(2_000)   // untimed: must not show in the per-operation figure
            }, tearDown: { events.append("down") }) { iterations in
                for index in 0..<iterations { blackHole(index) }
            },
        ])
        let ups = events.filter { $0 == "up" }.count
        #expect(ups == events.filter { $0 == "down" }.count)
        #expect(ups >= 5, "one per measured batch, plus calibration")
        #expect(events == Array(repeating: ["up", "down"], count: ups).flatMap { $0 })
        #expect(result[0].nanosecondsPerOperation.p90 < 100_000, "the 2 ms set-up is not timed")
    }

    @Test func aSlowFirstCallDoesNotShrinkTheBatch() throws {
        var first = true
        var options = quick
        options.batchNanoseconds = 2_000_000
        let result = try MicroRunner(options: options).run([
            MicroBenchmark("lazy") { iterations in
                if first {
                    first = false
                    usleep(50_000)   // one-time cost, like lazy binding on a first call
                }
                for index in 0..<iterations { blackHole(index) }
            },
        ])
        #expect(result[0].batchSize > 1_000, "calibrated on warm batches, not on the 50 ms first call")
    }

    @Test func peakResidentSizeIsPositive() {
        #expect(ProcessStats.peakResidentBytes() > 0)
    }
}
