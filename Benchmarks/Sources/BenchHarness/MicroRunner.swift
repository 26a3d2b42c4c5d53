/// Measures several ``MicroBenchmark``s in one process, interleaved so that they share the same
/// machine conditions.
///
/// Each benchmark is first calibrated to a batch size that takes about
/// ``Options/batchNanoseconds``, then warmed up. Measurement runs in rounds: every round times one
/// batch of every benchmark, starting at a different benchmark each round. A burst of load from
/// another process therefore hits all benchmarks alike, which keeps their ratios meaningful on a
/// shared, noisy machine. The reported figure per batch is elapsed nanoseconds / batch size; a
/// benchmark's ``MicroBenchmark/setUp`` and ``MicroBenchmark/tearDown`` run around each batch, untimed.
public struct MicroRunner {
    /// Tuning knobs for a run.
    public struct Options: Sendable {
        /// Target duration of one measured batch.
        public var batchNanoseconds: UInt64 = 400_000
        /// Warm-up time per benchmark before measuring.
        public var warmupNanoseconds: UInt64 = 30_000_000
        /// Number of measured rounds (batches per benchmark).
        public var rounds: Int = 301

        /// Default options: 0.4 ms batches, 30 ms warm-up, 301 rounds.
        public init() {}
    }

    /// The options of this runner.
    public let options: Options

    /// Creates a runner with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Calibrates, warms up and measures `benchmarks`, returning one result per benchmark in order.
    ///
    /// - Throws: ``BenchmarkError`` naming the benchmark whose body threw.
    public func run(
        _ benchmarks: [MicroBenchmark], progress: (String) -> Void = { _ in }
    ) throws(BenchmarkError) -> [MicroResult] {
        var batchSizes: [Int] = []
        for benchmark in benchmarks {
            benchmark.setUp()
            defer { benchmark.tearDown() }
            let size = try calibrate(benchmark)
            batchSizes.append(size)
            let warmupEnd = MonotonicClock.now() + options.warmupNanoseconds
            while MonotonicClock.now() < warmupEnd { try invoke(benchmark, size) }
            progress("calibrated \(benchmark.name): \(size) operations per batch")
        }
        var samples = Array(repeating: [Double](), count: benchmarks.count)
        for index in samples.indices { samples[index].reserveCapacity(options.rounds) }
        for round in 0..<options.rounds {
            for offset in benchmarks.indices {
                let index = (round + offset) % benchmarks.count
                let size = batchSizes[index]
                benchmarks[index].setUp()
                let start = MonotonicClock.now()
                try invoke(benchmarks[index], size)
                let elapsed = MonotonicClock.now() - start
                benchmarks[index].tearDown()
                samples[index].append(Double(elapsed) / Double(size))
            }
        }
        return benchmarks.indices.map { index in
            MicroResult(
                name: benchmarks[index].name,
                nanosecondsPerOperation: Statistics(samples[index]),
                batchSize: batchSizes[index]
            )
        }
    }

    /// Doubles the batch size until one batch takes at least an eighth of the target, then scales
    /// it to the target duration. One untimed batch first pays the one-time costs (lazy symbol
    /// binding, metadata, first allocations) that would otherwise make the first batch look slow.
    private func calibrate(_ benchmark: MicroBenchmark) throws(BenchmarkError) -> Int {
        try invoke(benchmark, 1)
        var size = 1
        while true {
            let start = MonotonicClock.now()
            try invoke(benchmark, size)
            let elapsed = MonotonicClock.now() - start
            if elapsed >= options.batchNanoseconds / 8 || size >= 1 << 30 {
                let perOperation = max(Double(elapsed) / Double(size), 0.01)
                return max(1, Int(Double(options.batchNanoseconds) / perOperation))
            }
            size *= 2
        }
    }

    /// Runs one batch, wrapping a thrown error with the benchmark's name.
    @inline(__always)
    private func invoke(_ benchmark: MicroBenchmark, _ iterations: Int) throws(BenchmarkError) {
        do {
            try benchmark.body(iterations)
        } catch {
            throw BenchmarkError(benchmark: benchmark.name, underlying: error)
        }
    }
}

/// A benchmark's body threw.
public struct BenchmarkError: Error, CustomStringConvertible {
    /// The benchmark that failed.
    public let benchmark: String
    /// What it threw.
    public let underlying: any Error

    /// A message naming the benchmark and its error.
    public var description: String { "benchmark \(benchmark) failed: \(underlying)" }
}
