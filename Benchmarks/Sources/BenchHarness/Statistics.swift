/// Order statistics of a sample.
public struct Statistics: Sendable, Equatable {
    /// The number of samples.
    public let count: Int
    /// The 50th percentile (nearest-rank).
    public let median: Double
    /// The 90th percentile (nearest-rank).
    public let p90: Double
    /// The smallest sample.
    public let min: Double

    /// Summarizes `samples`; an empty sample yields zeros.
    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = Statistics.percentile(0.5, of: sorted)
        p90 = Statistics.percentile(0.9, of: sorted)
        min = sorted.first ?? 0
    }

    /// Nearest-rank percentile of an ascending sample.
    static func percentile(_ fraction: Double, of sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}
