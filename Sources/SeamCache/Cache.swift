import Logging

import Foundation

/// An actor-based cache with per-entry time-to-live: a memory tier bounded by count and cost with
/// least-recently-used eviction, an optional disk tier that survives restarts, an injected clock,
/// and loads coalesced per key.
///
/// ```swift
/// let forecasts = try Cache<String, [Forecast]>(
///     options: CacheOptions(defaultTTL: .seconds(1800), countLimit: 100),
///     disk: DiskCacheOptions(directory: cachesDirectory.appending(path: "forecasts"))
/// )
/// let lahinch = try await forecasts.value(for: "lahinch") { try await api.fetchForecast(spot: "lahinch") }
/// ```
///
/// Disk reads and writes run synchronously on the actor, one file per entry: suited to forecasts,
/// buoy readings and thumbnails, not to multi-megabyte blobs on a hot path.
public actor Cache<Key: Hashable & Sendable, Value: Sendable>: CacheStore {
    /// A coalesced load in flight and the callers waiting for it.
    private struct Load {
        let id: UInt64
        let task: Task<Void, Never>
        var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
    }

    private let options: CacheOptions<Value>
    private let clock: any CacheClock
    private let logger: Logger
    private var memory: MemoryTier<Key, Value>
    private let disk: DiskTier<Key, Value>?
    private var loads: [Key: Load] = [:]
    /// Which load waits for which: how a cycle of loads across tasks is found.
    private var waits = LoadWaits<Key>()
    private var nextID: UInt64 = 0

    /// Creates a memory-only cache.
    ///
    /// - Parameters:
    ///   - options: Default time to live and memory limits.
    ///   - clock: The source of "now"; inject ``ManualCacheClock`` in tests.
    ///   - logger: Receives the cache's log lines.
    public init(
        options: CacheOptions<Value> = CacheOptions(),
        clock: any CacheClock = SystemCacheClock(),
        logger: Logger = Logger(label: "seam.cache")
    ) {
        self.options = options
        self.clock = clock
        self.logger = logger
        self.memory = MemoryTier(countLimit: options.countLimit, costLimit: options.costLimit)
        self.disk = nil
    }

    /// Creates a cache with a disk tier, indexing the entries already in its directory.
    ///
    /// - Throws: ``CacheError`` with code `directoryUnavailable` when the directory cannot be
    ///   created or listed.
    public init(
        options: CacheOptions<Value> = CacheOptions(),
        disk: DiskCacheOptions,
        keyCodec: CacheCodec<Key>,
        valueCodec: CacheCodec<Value>,
        clock: any CacheClock = SystemCacheClock(),
        logger: Logger = Logger(label: "seam.cache")
    ) throws {
        self.options = options
        self.clock = clock
        self.logger = logger
        self.memory = MemoryTier(countLimit: options.countLimit, costLimit: options.costLimit)
        self.disk = try DiskTier(options: disk, keyCodec: keyCodec, valueCodec: valueCodec, logger: logger)
    }

    /// Creates a cache with a disk tier storing keys and values as JSON.
    public init(
        options: CacheOptions<Value> = CacheOptions(),
        disk: DiskCacheOptions,
        clock: any CacheClock = SystemCacheClock(),
        logger: Logger = Logger(label: "seam.cache")
    ) throws where Key: Codable, Value: Codable {
        try self.init(options: options, disk: disk, keyCodec: .json, valueCodec: .json, clock: clock, logger: logger)
    }

    // MARK: Reading and writing

    /// The live value for `key` from memory, else from disk (then promoted to memory), else `nil`.
    public func value(for key: Key) -> Value? {
        let now = clock.now
        if let entry = memory.entry(for: key, now: now) { return entry.value }
        guard let disk, let (value, expiry) = disk.read(key, now: now) else { return nil }
        memory.insert(.init(value: value, expiry: expiry, cost: options.cost(value)), for: key)
        return value
    }

    /// Stores `value` in both tiers for `ttl` (the default time to live when `nil`).
    public func insert(_ value: Value, for key: Key, ttl: Duration?) {
        insert(value, for: key, ttl: ttl, cost: nil)
    }

    /// Stores `value` in both tiers for `ttl`, with an explicit memory cost.
    ///
    /// A time to live of zero or less removes any stored value and stores nothing. A cost above
    /// the cost limit keeps the value out of memory (it still goes to disk).
    public func insert(_ value: Value, for key: Key, ttl: Duration?, cost: Int?) {
        let ttl = ttl ?? options.defaultTTL
        guard ttl > .zero else {
            removeValue(for: key)
            return
        }
        let now = clock.now
        let expiry = now.adding(ttl)
        let evicted = memory.insert(.init(value: value, expiry: expiry, cost: cost ?? options.cost(value)), for: key)
        if !evicted.isEmpty {
            logger.trace("Evicted from the memory tier", metadata: ["count": "\(evicted.count)"])
        }
        disk?.write(value, for: key, expiry: expiry, now: now)
    }

    /// Removes the value for `key` from both tiers.
    public func removeValue(for key: Key) {
        memory.remove(key)
        disk?.remove(key)
    }

    /// Removes every value from both tiers. Loads in flight still complete and store their values.
    public func removeAll() {
        memory.removeAll()
        disk?.removeAll()
    }

    /// Removes expired entries from both tiers (they are also dropped lazily when read).
    public func removeExpired() {
        let now = clock.now
        memory.removeExpired(now: now)
        disk?.removeExpired(now: now)
    }

    /// The number of entries in the memory tier.
    public var memoryCount: Int { memory.count }
    /// The total cost of the memory tier's entries.
    public var memoryCost: Int { memory.totalCost }
    /// The number of entry files in the disk tier (0 without one).
    public var diskCount: Int { disk?.count ?? 0 }
    /// The bytes taken by the disk tier's entry files (0 without one).
    public var diskSize: Int { disk?.totalSize ?? 0 }
    /// The memory tier's keys, least recently used (next to evict) first.
    public var memoryKeysByRecency: [Key] { memory.keysOldestFirst }

    // MARK: Coalesced loading

    /// The live value for `key`, or the result of `loader`, which is stored for `ttl`.
    ///
    /// Concurrent calls for the same missing key share one run of `loader`:
    /// - if it throws, every waiting caller gets the error and nothing is stored, so the next call
    ///   runs the loader again;
    /// - a caller whose task is cancelled gets `CancellationError` at once while the others keep
    ///   waiting; when every caller has been cancelled, the load's task is cancelled too;
    /// - a loader that asks this cache for the key it is loading (directly or through the loads of
    ///   other keys) gets ``CacheError`` `reentrantLoad` naming the key, instead of waiting for itself;
    /// - loads started from different tasks that would wait for each other in a cycle (the loader of
    ///   `x` needs `y` while the loader of `y` needs `x`) are found when the cycle closes: the loader
    ///   closing it gets ``CacheError`` `loadCycle` naming the keys, instead of every caller waiting forever.
    public func value(
        for key: Key,
        ttl: Duration?,
        orLoad loader: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await value(for: key, ttl: ttl, cost: nil, orLoad: loader)
    }

    /// ``value(for:ttl:orLoad:)`` with an explicit memory cost for the loaded value.
    public func value(
        for key: Key,
        ttl: Duration?,
        cost: Int?,
        orLoad loader: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        if let cached = value(for: key) { return cached }
        if loads[key] != nil, LoadChain.contains(self, key) { throw CacheError.reentrantLoad(key) }
        if loads[key] == nil { startLoad(for: key, ttl: ttl, cost: cost, loader: loader) }
        // Called from inside the load of another key of this cache: that load now waits for this one.
        // If this one already waits (through any chain of loads) for that one, neither can finish.
        let waitingLoad = LoadChain.innermost(in: self, as: Key.self)
        if let waitingLoad { try waits.begin(waitingLoad, waitsFor: key) }
        defer { if let waitingLoad { waits.end(waitingLoad, waitsFor: key) } }
        let waiter = makeID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Runs on the actor with no suspension since the load was found or started, so the load is still there.
                loads[key]?.waiters[waiter] = continuation
                if Task.isCancelled { cancelWaiter(waiter, for: key) }
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiter, for: key) }
        }
    }

    private func startLoad(
        for key: Key,
        ttl: Duration?,
        cost: Int?,
        loader: @escaping @Sendable () async throws -> Value
    ) {
        let id = makeID()
        let task = Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await LoadChain.run(loading: key, in: self, loader))
            } catch {
                result = .failure(error)
            }
            self.finishLoad(id, for: key, result: result, ttl: ttl, cost: cost)
        }
        loads[key] = Load(id: id, task: task)
    }

    private func finishLoad(_ id: UInt64, for key: Key, result: Result<Value, any Error>, ttl: Duration?, cost: Int?) {
        // A load abandoned by all its callers has been replaced or removed: its result is dropped.
        guard let load = loads[key], load.id == id else { return }
        loads[key] = nil
        if case .success(let value) = result {
            insert(value, for: key, ttl: ttl, cost: cost)
        }
        for continuation in load.waiters.values {
            continuation.resume(with: result)
        }
    }

    private func cancelWaiter(_ waiter: UInt64, for key: Key) {
        guard let continuation = loads[key]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if let load = loads[key], load.waiters.isEmpty {
            load.task.cancel()
            loads[key] = nil
        }
    }

    /// The number of callers waiting on the load of `key` (0 when none is in flight).
    func waiterCount(for key: Key) -> Int {
        loads[key]?.waiters.count ?? 0
    }

    private func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }
}
