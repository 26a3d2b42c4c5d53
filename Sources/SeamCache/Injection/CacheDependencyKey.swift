import Seam

/// A Seam key for one of the app's caches: adopt it in the app's own key, naming the key and value
/// types, and the cache is injected like any other dependency.
///
/// ```swift
/// enum ForecastCacheKey: CacheDependencyKey {
///     typealias CacheKey = String
///     typealias CachedValue = [Forecast]
///     static var options: CacheOptions<[Forecast]> { CacheOptions(defaultTTL: .seconds(1800), countLimit: 100) }
/// }
/// let forecasts = try container.resolve(ForecastCacheKey.self)   // any CacheStore<String, [Forecast]>
/// ```
///
/// Live, it is a memory-only ``Cache`` built with ``options`` (a singleton, as cached values should
/// outlive the screens that read them). In tests it is an empty ``InMemoryCacheStore``, one per test
/// scope: resolve it in the test to seed it or to read its `loadedKeys`. For a disk tier, implement
/// `live` in the app's key:
///
/// ```swift
/// static func live(_ r: borrowing Resolver) throws -> any CacheStore<String, [Forecast]> {
///     try Cache(options: options, disk: DiskCacheOptions(directory: cachesDirectory.appending(path: "forecasts")))
/// }
/// ```
///
/// Each app key is its own dependency: two caches with the same key and value types never share storage.
public protocol CacheDependencyKey: DependencyKey where Value == any CacheStore<CacheKey, CachedValue> {
    /// The type of the cache's keys.
    associatedtype CacheKey: Hashable & Sendable
    /// The type of the cached values.
    associatedtype CachedValue: Sendable
    /// The live cache's time to live and memory limits; ``CacheOptions/init(defaultTTL:countLimit:costLimit:cost:)``'s
    /// defaults unless the key says otherwise.
    static var options: CacheOptions<CachedValue> { get }
}

extension CacheDependencyKey {
    /// ``CacheOptions``'s defaults.
    public static var options: CacheOptions<CachedValue> { CacheOptions() }

    /// An empty ``InMemoryCacheStore``: it never expires or evicts, and records the keys it loaded.
    public static var testValue: (any CacheStore<CacheKey, CachedValue>)? {
        InMemoryCacheStore<CacheKey, CachedValue>()
    }

    /// A memory-only ``Cache`` built with ``options``.
    public static func live(_ r: borrowing Resolver) throws -> any CacheStore<CacheKey, CachedValue> {
        Cache<CacheKey, CachedValue>(options: options)
    }
}
