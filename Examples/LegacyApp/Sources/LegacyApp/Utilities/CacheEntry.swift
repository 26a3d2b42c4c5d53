import Foundation

/// A cached value and when it was stored.
public struct CacheEntry<Value> {
    public let value: Value
    public let storedAt: Date

    public init(value: Value, storedAt: Date = Date()) {
        self.value = value
        self.storedAt = storedAt
    }

    /// Whether the entry is older than `lifetime` seconds at `now`.
    public func isExpired(lifetime: TimeInterval, now: Date = Date()) -> Bool {
        now.timeIntervalSince(storedAt) >= lifetime
    }
}
