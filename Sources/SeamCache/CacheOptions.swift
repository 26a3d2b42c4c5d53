/// Limits and defaults of a ``Cache``'s memory tier.
///
/// ```swift
/// // Buoy readings: at most 200 entries, 30 minutes each.
/// CacheOptions<BuoyReading>(defaultTTL: .seconds(30 * 60), countLimit: 200)
/// // Spot images: cost is the byte count, at most 20 MB in memory.
/// CacheOptions<Data>(defaultTTL: .seconds(86_400), costLimit: 20_000_000, cost: { $0.count })
/// ```
public struct CacheOptions<Value>: Sendable {
    /// The time to live of entries inserted without an explicit one.
    public var defaultTTL: Duration
    /// The most entries the memory tier holds.
    public var countLimit: Int
    /// The most total cost the memory tier holds.
    public var costLimit: Int
    /// The cost of an entry inserted without an explicit one; 1 by default. A negative cost counts as 0.
    public var cost: @Sendable (Value) -> Int

    /// Describes a cache's memory tier.
    public init(
        defaultTTL: Duration = .seconds(300),
        countLimit: Int = .max,
        costLimit: Int = .max,
        cost: @escaping @Sendable (Value) -> Int = { _ in 1 }
    ) {
        self.defaultTTL = defaultTTL
        self.countLimit = countLimit
        self.costLimit = costLimit
        self.cost = cost
    }
}
