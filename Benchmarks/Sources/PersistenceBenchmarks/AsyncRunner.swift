import BenchHarness

/// One asynchronous operation to measure: a closure that performs it `iterations` times.
struct AsyncBenchmark {
    /// A stable identifier such as `write.seam`.
    let name: String
    /// Runs the operation `iterations` times.
    let body: (Int) async throws -> Void
}

/// The outcome of one ``AsyncBenchmark``: nanoseconds per operation over all measured batches.
struct AsyncResult {
    let name: String
    let nanosecondsPerOperation: Statistics
    let batchSize: Int
}

/// `MicroRunner`'s method for `async` operations (database transactions hop to GRDB's queues): each
/// benchmark is calibrated to batches of about `batchNanoseconds`, warmed up, then measured in rounds,
/// every round timing one batch of each benchmark, starting at a different one each round, so load
/// from other processes hits all of them alike and their ratios stay meaningful.
struct AsyncRunner {
    var batchNanoseconds: UInt64 = 20_000_000
    var warmupNanoseconds: UInt64 = 200_000_000
    var rounds = 61

    func run(_ benchmarks: [AsyncBenchmark], progress: (String) -> Void) async throws -> [AsyncResult] {
        var sizes: [Int] = []
        for benchmark in benchmarks {
            let size = try await calibrate(benchmark)
            sizes.append(size)
            let warmupEnd = MonotonicClock.now() + warmupNanoseconds
            while MonotonicClock.now() < warmupEnd { try await invoke(benchmark, size) }
            progress("calibrated \(benchmark.name): \(size) operations per batch")
        }
        var samples = Array(repeating: [Double](), count: benchmarks.count)
        for round in 0..<rounds {
            for offset in benchmarks.indices {
                let index = (round + offset) % benchmarks.count
                let start = MonotonicClock.now()
                try await invoke(benchmarks[index], sizes[index])
                samples[index].append(Double(MonotonicClock.now() - start) / Double(sizes[index]))
            }
        }
        return benchmarks.indices.map {
            AsyncResult(name: benchmarks[$0].name, nanosecondsPerOperation: Statistics(samples[$0]), batchSize: sizes[$0])
        }
    }

    /// Doubles the batch size until a batch takes an eighth of the target, then scales it to the target.
    private func calibrate(_ benchmark: AsyncBenchmark) async throws -> Int {
        var size = 1
        while true {
            let start = MonotonicClock.now()
            try await invoke(benchmark, size)
            let elapsed = MonotonicClock.now() - start
            if elapsed >= batchNanoseconds / 8 || size >= 1 << 24 {
                return max(1, Int(Double(batchNanoseconds) / max(Double(elapsed) / Double(size), 0.01)))
            }
            size *= 2
        }
    }

    private func invoke(_ benchmark: AsyncBenchmark, _ iterations: Int) async throws {
        do {
            try await benchmark.body(iterations)
        } catch {
            throw BenchmarkFailure(benchmark: benchmark.name, underlying: error)
        }
    }
}

/// A benchmark's body threw.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let benchmark: String
    let underlying: any Error
    var description: String { "benchmark \(benchmark) failed: \(underlying)" }
}
