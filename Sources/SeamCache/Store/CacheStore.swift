/// A key-value cache with time-to-live; inject it where a type caches what it loads.
///
/// ``Cache`` is the live implementation (memory and disk tiers, LRU eviction, coalesced loads);
/// ``InMemoryCacheStore`` is the test double.
///
/// ```swift
/// final class ForecastRepository {
///     let cache: any CacheStore<String, [Forecast]>
///     func forecast(for spot: String) async throws -> [Forecast] {
///         try await cache.value(for: spot, ttl: .seconds(1800)) { try await api.fetchForecast(spot: spot) }
///     }
/// }
/// ```
public protocol CacheStore<Key, Value>: Sendable {
    /// The key type.
    associatedtype Key: Hashable & Sendable
    /// The value type.
    associatedtype Value: Sendable

    /// The live value for `key`, or `nil` when absent or expired.
    func value(for key: Key) async -> Value?
    /// Stores `value` for `ttl`, or for the store's default time to live when `ttl` is `nil`.
    func insert(_ value: Value, for key: Key, ttl: Duration?) async
    /// Removes the value for `key`.
    func removeValue(for key: Key) async
    /// Removes every value.
    func removeAll() async
    /// The live value for `key`, or the result of `loader`, which is then stored for `ttl`.
    /// Concurrent calls for the same missing key share one run of `loader`.
    func value(
        for key: Key,
        ttl: Duration?,
        orLoad loader: @escaping @Sendable () async throws -> Value
    ) async throws -> Value
}

extension CacheStore {
    /// Stores `value` for the store's default time to live.
    public func insert(_ value: Value, for key: Key) async {
        await insert(value, for: key, ttl: nil)
    }

    /// The live value for `key`, or the result of `loader` stored for the default time to live.
    public func value(
        for key: Key,
        orLoad loader: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await value(for: key, ttl: nil, orLoad: loader)
    }
}
