/// One operation to measure: a closure that performs it `iterations` times in a tight loop.
///
/// The closure may throw (a resolve that throws); the error ends the run and names the benchmark.
/// The loop lives inside the closure so only the operation itself is timed, not a closure call
/// per operation; pass each result to ``blackHole(_:)`` so it cannot be optimized away.
///
///     MicroBenchmark("stored property read") { iterations in
///         for _ in 0..<iterations { blackHole(holder.service) }
///     }
public struct MicroBenchmark {
    /// A stable identifier such as `seam.singleton`.
    public let name: String
    /// Runs the operation `iterations` times.
    public let body: (Int) throws -> Void
    /// Runs before each batch, untimed (for example: another task enters an override scope).
    public let setUp: () -> Void
    /// Runs after each batch, untimed (undoes ``setUp``).
    public let tearDown: () -> Void

    /// Creates a benchmark named `name` whose `body` runs the operation the given number of times,
    /// with `setUp` and `tearDown` run around every batch outside the timed region.
    public init(
        _ name: String,
        setUp: @escaping () -> Void = {},
        tearDown: @escaping () -> Void = {},
        body: @escaping (Int) throws -> Void
    ) {
        self.name = name
        self.body = body
        self.setUp = setUp
        self.tearDown = tearDown
    }
}

/// The outcome of one ``MicroBenchmark``: nanoseconds per operation over all measured batches.
public struct MicroResult: Sendable {
    /// The benchmark's name.
    public let name: String
    /// Per-batch nanoseconds per operation.
    public let nanosecondsPerOperation: Statistics
    /// Operations per measured batch.
    public let batchSize: Int
}
