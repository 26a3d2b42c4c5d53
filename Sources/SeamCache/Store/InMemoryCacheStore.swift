/// A ``CacheStore`` test double: a plain dictionary that never expires or evicts, and records the
/// keys it had to load so tests can assert on cache use.
///
/// ```swift
/// let cache = InMemoryCacheStore<String, [Forecast]>(["lahinch": [.sample]])
/// let repository = ForecastRepository(cache: cache, api: failingAPI)
/// #expect(try await repository.forecast(for: "lahinch") == [.sample])
/// #expect(await cache.loadedKeys.isEmpty)
/// ```
public actor InMemoryCacheStore<Key: Hashable & Sendable, Value: Sendable>: CacheStore {
    /// The stored values.
    public private(set) var values: [Key: Value]
    /// The keys `value(for:ttl:orLoad:)` ran a loader for, in order.
    public private(set) var loadedKeys: [Key] = []

    /// Creates a store holding `values`.
    public init(_ values: [Key: Value] = [:]) {
        self.values = values
    }

    public func value(for key: Key) -> Value? { values[key] }

    public func insert(_ value: Value, for key: Key, ttl: Duration?) {
        values[key] = value
    }

    public func removeValue(for key: Key) {
        values[key] = nil
    }

    public func removeAll() {
        values.removeAll()
    }

    public func value(
        for key: Key,
        ttl: Duration?,
        orLoad loader: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        if let value = values[key] { return value }
        loadedKeys.append(key)
        let value = try await loader()
        values[key] = value
        return value
    }
}
