import Testing

import SeamCache

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
