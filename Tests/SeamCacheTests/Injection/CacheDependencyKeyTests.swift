import Seam
import SeamCache
import SeamTesting
import Testing

private enum CategoryCacheKey: CacheDependencyKey {
    typealias CacheKey = String
    typealias CachedValue = [String]
    static var options: CacheOptions<[String]> { CacheOptions(countLimit: 1) }
}

/// Same key and value types as `CategoryCacheKey`, default options: a different cache.
private enum MealNameCacheKey: CacheDependencyKey {
    typealias CacheKey = String
    typealias CachedValue = [String]
}

@Suite("CacheDependencyKey")
struct CacheDependencyKeyTests {
    @Test("live, the key is one Cache per container, built with the key's options")
    func liveUsesOptions() async throws {
        let container = Container(context: .live) { CategoryCacheKey.self }
        let cache = try #require(try container.resolve(CategoryCacheKey.self) as? Cache<String, [String]>)
        #expect(try container.resolve(CategoryCacheKey.self) as AnyObject === cache)
        await cache.insert(["Dessert"], for: "a")
        await cache.insert(["Seafood"], for: "b")  // countLimit 1: evicts "a"
        #expect(await cache.memoryKeysByRecency == ["b"])
    }

    @Test("two keys with the same types are two caches")
    func keysAreDistinct() async throws {
        let container = Container(context: .live)
        try await container.resolve(CategoryCacheKey.self).insert(["Dessert"], for: "a")
        #expect(try await container.resolve(MealNameCacheKey.self).value(for: "a") == nil)
    }

    @Test("in a test scope, it is an empty InMemoryCacheStore shared by the scope")
    func testDouble() async throws {
        let container = Container()
        try await withTestDependencies {
            let store = try #require(
                try container.resolve(CategoryCacheKey.self) as? InMemoryCacheStore<String, [String]>
            )
            #expect(await store.values.isEmpty)
            _ = try await container.resolve(CategoryCacheKey.self).value(for: "a", ttl: nil) { ["Dessert"] }
            #expect(await store.loadedKeys == ["a"])
        }
    }
}
