/// A tiny deterministic random number generator (SplitMix64), so the corpus is identical for a
/// given seed on every machine and Swift version (the standard library's generator is not seedable).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<T>(_ elements: [T]) -> T {
        elements[Int(next() % UInt64(elements.count))]
    }

    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// `true` with the given probability.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }
}
