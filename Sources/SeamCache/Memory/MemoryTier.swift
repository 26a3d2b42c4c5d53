import Foundation

/// The in-memory tier: entries with expiry and cost, bounded by a count and a total cost, evicting
/// the least recently used entry first.
struct MemoryTier<Key: Hashable, Value> {
    struct Entry {
        var value: Value
        var expiry: Date
        var cost: Int
    }

    let countLimit: Int
    let costLimit: Int
    private var entries: [Key: Entry] = [:]
    private var recency = LRUList<Key>()
    private(set) var totalCost = 0

    init(countLimit: Int, costLimit: Int) {
        self.countLimit = countLimit
        self.costLimit = costLimit
    }

    var count: Int { entries.count }

    /// Keys from least to most recently used.
    var keysOldestFirst: [Key] { recency.keysOldestFirst }

    /// The live entry for `key`, marking it most recently used; an expired entry is removed.
    mutating func entry(for key: Key, now: Date) -> Entry? {
        guard let entry = entries[key] else { return nil }
        guard entry.expiry > now else {
            remove(key)
            return nil
        }
        recency.touch(key)
        return entry
    }

    /// Evicts least recently used entries until the entry fits both limits, then stores it. A negative
    /// cost counts as 0; an entry costing more than the cost limit is not kept (any previous entry is
    /// removed).
    ///
    /// Room is made before the entry is added, so the total cost never exceeds the limit and the sum
    /// cannot overflow, whatever the costs (the default limit is `Int.max`).
    /// - Returns: The evicted keys, oldest first.
    @discardableResult
    mutating func insert(_ entry: Entry, for key: Key) -> [Key] {
        remove(key)
        var entry = entry
        entry.cost = max(entry.cost, 0)
        guard entry.cost <= costLimit, countLimit > 0 else { return [] }
        var evicted: [Key] = []
        while entries.count >= countLimit || totalCost > costLimit - entry.cost, let oldest = recency.oldest {
            remove(oldest)
            evicted.append(oldest)
        }
        entries[key] = entry
        totalCost += entry.cost
        recency.touch(key)
        return evicted
    }

    mutating func remove(_ key: Key) {
        guard let removed = entries.removeValue(forKey: key) else { return }
        totalCost -= removed.cost
        recency.remove(key)
    }

    mutating func removeAll() {
        entries.removeAll()
        recency.removeAll()
        totalCost = 0
    }

    mutating func removeExpired(now: Date) {
        for (key, entry) in entries where entry.expiry <= now {
            remove(key)
        }
    }
}
