/// A ``CacheStore`` test double: a plain dictionary that never expires or evicts, and records the
/// keys it had to load so tests can assert on cache use. Like ``Cache``, concurrent gets of the
/// same missing key share one run of the loader, so code that relies on it passes its tests too.
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
    /// The loads in flight and how many callers wait for each.
    private var loads: [Key: (task: Task<Value, any Error>, waiters: Int)] = [:]
    /// Which load waits for which, to find cycles of loads across tasks as ``Cache`` does.
    private var waits = LoadWaits<Key>()

    /// Creates a store holding `values`.
    public init(_ values: [Key: Value] = [:]) {
        self.values = values
    }

    /// The stored value, if any (values never expire).
    public func value(for key: Key) -> Value? { values[key] }

    /// Stores `value` (`ttl` is ignored: the store never expires).
    public func insert(_ value: Value, for key: Key, ttl: Duration?) {
        values[key] = value
    }

    /// Removes the value for `key`.
    public func removeValue(for key: Key) {
        values[key] = nil
    }

    /// Removes every value.
    public func removeAll() {
        values.removeAll()
    }

    /// The stored value, or the loader's result (stored, and `key` recorded in ``loadedKeys``);
    /// concurrent callers for one key share one load, a loader asking for its own key gets
    /// ``CacheError`` `reentrantLoad`, and loads waiting for each other across tasks get `loadCycle`,
    /// as with ``Cache``.
    public func value(
        for key: Key,
        ttl: Duration?,
        orLoad loader: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        if let value = values[key] { return value }
        if let load = loads[key] {
            if LoadChain.contains(self, key) { throw CacheError.reentrantLoad(key) }
            let waitingLoad = LoadChain.innermost(in: self, as: Key.self)
            if let waitingLoad { try waits.begin(waitingLoad, waitsFor: key) }
            defer { if let waitingLoad { waits.end(waitingLoad, waitsFor: key) } }
            loads[key]?.waiters += 1
            return try await load.task.value
        }
        loadedKeys.append(key)
        let task = Task { try await LoadChain.run(loading: key, in: self, loader) }
        loads[key] = (task, 1)
        defer { loads[key] = nil }
        let value = try await task.value
        values[key] = value
        return value
    }

    /// The number of callers waiting on the load of `key` (0 when none is in flight).
    func waiterCount(for key: Key) -> Int {
        loads[key]?.waiters ?? 0
    }
}
