import Foundation
import Testing

@testable import SeamCache

/// Arithmetic at the limits and loads that would wait for themselves: errors, never traps or hangs.
@Suite("Cache limits", .timeLimit(.minutes(10)))
struct CacheLimitsTests {
    // The two tests that trapped before run in a child process, so a regression fails them instead of
    // killing the test run.

    @Test("costs whose sum passes Int.max (the default limit) evict the oldest entry instead of trapping")
    func costSumDoesNotOverflow() async {
        await #expect(processExitsWith: .success) {
            let cache = Cache<String, Int>()
            let half = Int.max / 2 + 1
            await cache.insert(1, for: "a", ttl: nil, cost: half)
            await cache.insert(2, for: "b", ttl: nil, cost: half)
            let a = await cache.value(for: "a")
            let b = await cache.value(for: "b")
            let cost = await cache.memoryCost
            if a != nil || b != 2 || cost != half { exit(1) }
        }
    }

    @Test("a negative cost counts as 0: Int.min neither traps nor makes room for more")
    func negativeCostCountsAsZero() async {
        await #expect(processExitsWith: .success) {
            let cache = Cache<String, Int>(options: CacheOptions(costLimit: 10))
            await cache.insert(1, for: "a", ttl: nil, cost: Int.min)
            await cache.insert(2, for: "b", ttl: nil, cost: 10)
            let costWithBoth = await cache.memoryCost
            let a = await cache.value(for: "a")
            await cache.removeValue(for: "a")
            let costAfterRemoval = await cache.memoryCost
            if costWithBoth != 10 || a != 1 || costAfterRemoval != 10 { exit(1) }
        }
    }

    @Test("a loader asking its own cache for the key it loads gets an error naming the key")
    func reentrantLoadThrows() async throws {
        let cache = Cache<String, Forecast>(clock: ManualCacheClock())
        let error = await #expect(throws: CacheError.self) {
            try await cache.value(for: "lahinch", ttl: .seconds(60)) {
                try await cache.value(for: "lahinch", ttl: .seconds(60)) { Forecast(spot: "inner", waveHeight: 1) }
            }
        }
        #expect(error?.code == .reentrantLoad)
        #expect(
            error?.message
                == "the loader for key \"lahinch\" asked the same cache for \"lahinch\" while loading it; a load cannot wait for itself"
        )
        // Nothing was stored: the next call runs its loader.
        let value = try await cache.value(for: "lahinch", ttl: .seconds(60)) {
            Forecast(spot: "lahinch", waveHeight: 2)
        }
        #expect(value.waveHeight == 2)
    }

    @Test("a cycle of loads through another key is detected where it closes")
    func reentrantLoadThroughAnotherKey() async throws {
        let cache = Cache<String, Forecast>(clock: ManualCacheClock())
        let error = await #expect(throws: CacheError.self) {
            try await cache.value(for: "a", ttl: .seconds(60)) {
                try await cache.value(for: "b", ttl: .seconds(60)) {
                    try await cache.value(for: "a", ttl: .seconds(60)) { Forecast(spot: "a", waveHeight: 1) }
                }
            }
        }
        #expect(error?.code == .reentrantLoad)
        #expect(error?.message.contains("key \"a\"") == true)
    }

    @Test("nested loads of other keys, or of the same key in another cache, still work")
    func nestedLoadsOfOtherKeys() async throws {
        let cache = Cache<String, Forecast>(clock: ManualCacheClock())
        let other = Cache<String, Forecast>(clock: ManualCacheClock())
        let value = try await cache.value(for: "a", ttl: .seconds(60)) {
            let b = try await cache.value(for: "b", ttl: .seconds(60)) { Forecast(spot: "b", waveHeight: 1) }
            let a = try await other.value(for: "a", ttl: .seconds(60)) { Forecast(spot: "a", waveHeight: 2) }
            return Forecast(spot: "a", waveHeight: a.waveHeight + b.waveHeight)
        }
        #expect(value.waveHeight == 3)
        #expect(await cache.value(for: "b")?.waveHeight == 1)
        #expect(await other.value(for: "a")?.waveHeight == 2)
    }

    @Test("the in-memory test double reports a re-entrant load like the cache does")
    func inMemoryStoreReentrantLoad() async throws {
        let store = InMemoryCacheStore<String, Int>()
        let error = await #expect(throws: CacheError.self) {
            try await store.value(for: "lahinch", ttl: nil) {
                try await store.value(for: "lahinch", ttl: nil) { 1 }
            }
        }
        #expect(error?.code == .reentrantLoad)
        #expect(await store.values.isEmpty)
    }
}

/// Loads started from different tasks that need each other: x's loader needs y while y's loader
/// needs x. Neither task's own chain shows the cycle; the cache's wait-for graph does.
@Suite("Cache: load cycles across tasks", .timeLimit(.minutes(10)))
struct CacheLoadCycleTests {
    /// Counts loaders that have started, so each asks for the other key only once both loads exist.
    final class Gate: Sendable {
        private let started = SeamLockedCounter()
        func arriveAndWait(for count: Int) async throws {
            started.increment()
            while started.value < count { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    static func crossLoads(
        _ value: @escaping @Sendable (String, @escaping @Sendable () async throws -> Int) async throws -> Int
    ) async -> [Result<Int, any Error>] {
        let gate = Gate()
        let x = Task {
            try await value("x") {
                try await gate.arriveAndWait(for: 2)
                return try await value("y") { 1 } + 1
            }
        }
        let y = Task {
            try await value("y") {
                try await gate.arriveAndWait(for: 2)
                return try await value("x") { 1 } + 1
            }
        }
        return [await x.result, await y.result]
    }

    @Test("Cache: x needs y, y needs x, from two tasks: a loadCycle error naming both keys, no wait forever")
    func cacheCycle() async throws {
        let cache = Cache<String, Int>(clock: ManualCacheClock())
        let results = await Self.crossLoads { key, loader in try await cache.value(for: key, ttl: nil, orLoad: loader) }
        let errors = results.compactMap { result -> CacheError? in
            if case .failure(let error) = result { return error as? CacheError }
            return nil
        }
        #expect(errors.count == 2, "\(results)")  // both callers fail: the load that closed the cycle, then the other
        #expect(errors.allSatisfy { $0.code == .loadCycle })
        let message = try #require(errors.first?.message)
        #expect(message.contains("\"x\"") && message.contains("\"y\""), "\(message)")
        // Nothing is left in flight: the next loads run.
        #expect(try await cache.value(for: "x", ttl: nil) { 5 } == 5)
        #expect(try await cache.value(for: "y", ttl: nil) { 6 } == 6)
    }

    @Test("InMemoryCacheStore: the same cycle gets the same error")
    func inMemoryStoreCycle() async throws {
        let store = InMemoryCacheStore<String, Int>()
        let results = await Self.crossLoads { key, loader in try await store.value(for: key, ttl: nil, orLoad: loader) }
        let codes = results.compactMap { result -> CacheError.Code? in
            if case .failure(let error) = result { return (error as? CacheError)?.code }
            return nil
        }
        #expect(codes == [.loadCycle, .loadCycle], "\(results)")
    }

    @Test("two tasks loading keys that share a dependency (no cycle) both succeed")
    func sharedDependencyIsNotACycle() async throws {
        let cache = Cache<String, Int>(clock: ManualCacheClock())
        async let a = cache.value(for: "a", ttl: nil) { try await cache.value(for: "shared", ttl: nil) { 1 } + 1 }
        async let b = cache.value(for: "b", ttl: nil) { try await cache.value(for: "shared", ttl: nil) { 1 } + 2 }
        #expect(try await [a, b] == [2, 3])
    }
}

/// A counter for the tests' gates.
final class SeamLockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
