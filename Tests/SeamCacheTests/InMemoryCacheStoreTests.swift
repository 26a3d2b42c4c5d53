import Testing

@testable import SeamCache

/// A repository written against the protocol, as an app would inject it.
struct CategoryRepository {
    let cache: any CacheStore<String, [String]>
    let fetch: @Sendable () async throws -> [String]

    func categories() async throws -> [String] {
        try await cache.value(for: "categories", ttl: .seconds(3600), orLoad: fetch)
    }
}

@Suite("InMemoryCacheStore")
struct InMemoryCacheStoreTests {
    @Test("a preloaded value is served without loading")
    func preloaded() async throws {
        let store = InMemoryCacheStore<String, [String]>(["categories": ["Cake", "Pie"]])
        let repository = CategoryRepository(cache: store) {
            Issue.record("fetched although cached")
            return []
        }
        #expect(try await repository.categories() == ["Cake", "Pie"])
        #expect(await store.loadedKeys.isEmpty)
    }

    @Test("a miss loads once, records the key and stores the value")
    func missLoads() async throws {
        let store = InMemoryCacheStore<String, [String]>()
        let repository = CategoryRepository(cache: store) { ["Tart"] }
        #expect(try await repository.categories() == ["Tart"])
        #expect(try await repository.categories() == ["Tart"])
        #expect(await store.loadedKeys == ["categories"])
        #expect(await store.values["categories"] == ["Tart"])
    }

    @Test("concurrent gets of the same missing key share one load, as with Cache")
    func concurrentGetsLoadOnce() async throws {
        let store = InMemoryCacheStore<String, [String]>()
        let runs = Counter()
        let gate = Gate()
        let callers = 10
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<callers {
                group.addTask {
                    try await store.value(for: "categories", ttl: nil) {
                        runs.increment()
                        await gate.wait()
                        return ["Dessert"]
                    }
                }
            }
            while await store.waiterCount(for: "categories") < callers { await Task.yield() }
            gate.open()
            for try await categories in group { #expect(categories == ["Dessert"]) }
        }
        #expect(runs.count == 1)
        #expect(await store.loadedKeys == ["categories"])
        #expect(await store.waiterCount(for: "categories") == 0)
    }

    @Test("a failed load reaches every waiter, stores nothing and runs again next time")
    func failedLoadIsRetried() async throws {
        struct Offline: Error {}
        let store = InMemoryCacheStore<String, Int>()
        await #expect(throws: Offline.self) { try await store.value(for: "a", ttl: nil) { throw Offline() } }
        #expect(await store.value(for: "a") == nil)
        #expect(try await store.value(for: "a", ttl: nil) { 2 } == 2)
        #expect(await store.loadedKeys == ["a", "a"])
    }

    @Test("insert, removeValue and removeAll change the stored values")
    func mutations() async {
        let store = InMemoryCacheStore<String, Int>()
        await store.insert(1, for: "a")
        await store.insert(2, for: "b", ttl: .seconds(1))
        await store.removeValue(for: "a")
        #expect(await store.value(for: "a") == nil)
        #expect(await store.value(for: "b") == 2)
        await store.removeAll()
        #expect(await store.values.isEmpty)
    }

    @Test("the live Cache works through the same protocol")
    func liveCacheThroughProtocol() async throws {
        let runs = Counter()
        let repository = CategoryRepository(cache: Cache<String, [String]>()) {
            runs.increment()
            return ["Cake"]
        }
        _ = try await repository.categories()
        #expect(try await repository.categories() == ["Cake"])
        #expect(runs.count == 1)
    }
}
