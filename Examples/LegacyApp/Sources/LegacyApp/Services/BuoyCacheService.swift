import Foundation

/// Caches buoy readings for a quarter of an hour: the Marine Institute updates them hourly.
public final class BuoyCacheService {
    public static let shared = BuoyCacheService()

    public let lifetime: TimeInterval = 15 * 60

    private let lock = NSLock()
    private var entries: [String: CacheEntry<[BuoyReading]>] = [:]

    private init() {}

    /// The readings cached for `names`, unless they expired.
    public func cachedReadings(for names: [String], now: Date = Date()) -> [BuoyReading]? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[Self.key(for: names)], !entry.isExpired(lifetime: lifetime, now: now) else {
            return nil
        }
        return entry.value
    }

    public func store(_ readings: [BuoyReading], for names: [String]) {
        lock.lock()
        defer { lock.unlock() }
        entries[Self.key(for: names)] = CacheEntry(value: readings)
    }

    static func key(for names: [String]) -> String {
        names.sorted().joined(separator: "+")
    }
}
