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
/// every round timing one batch of each benchmark, so load from other processes hits all of them alike
/// and their ratios stay meaningful.
///
/// Unlike `MicroRunner`, which rotates a fixed order, each round runs the benchmarks in a new (seeded)
/// random order: a heavy case (reading 1,000 records) leaves work behind (freed memory returned to the
/// system, a longer WAL), and with a fixed order the same neighbour would always pay for it.
struct AsyncRunner {
    var batchNanoseconds: UInt64 = 20_000_000
    var warmupNanoseconds: UInt64 = 200_000_000
    var rounds = 201

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
        var generator = SeededGenerator(seed: 0x5EA3)
        for _ in 0..<rounds {
            for index in benchmarks.indices.shuffled(using: &generator) {
                let start = MonotonicClock.now()
                try await invoke(benchmarks[index], sizes[index])
                samples[index].append(Double(MonotonicClock.now() - start) / Double(sizes[index]))
            }
        }
        return benchmarks.indices.map {
            AsyncResult(
                name: benchmarks[$0].name, nanosecondsPerOperation: Statistics(samples[$0]), batchSize: sizes[$0])
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

/// A small deterministic generator (SplitMix64), so the orders of a run can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
