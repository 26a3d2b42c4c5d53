import Foundation
import Testing

@testable import SeamCache

/// A buoy reading, as the surf app caches them.
struct BuoyReading: Codable, Hashable, Sendable {
    var buoy: String
    var waveHeight: Double
}

@Suite("Cache memory tier")
struct CacheMemoryTierTests {
    let clock = ManualCacheClock()

    @Test("an entry lives for its time to live, measured on the injected clock")
    func ttlExpiry() async {
        let cache = Cache<String, BuoyReading>(clock: clock)
        let reading = BuoyReading(buoy: "M6", waveHeight: 3.2)
        await cache.insert(reading, for: "M6", ttl: .seconds(60))

        clock.advance(by: .seconds(59))
        #expect(await cache.value(for: "M6") == reading)

        clock.advance(by: .seconds(1))
        #expect(await cache.value(for: "M6") == nil)
        #expect(await cache.memoryCount == 0)
    }

    @Test("entries inserted without a time to live use the default one")
    func defaultTTL() async {
        let cache = Cache<String, Int>(options: CacheOptions(defaultTTL: .seconds(10)), clock: clock)
        await cache.insert(1, for: "lahinch")
        await cache.insert(2, for: "bundoran", ttl: .seconds(100))

        clock.advance(by: .seconds(11))
        #expect(await cache.value(for: "lahinch") == nil)
        #expect(await cache.value(for: "bundoran") == 2)
    }

    @Test("a time to live of zero or less removes the key and stores nothing")
    func nonPositiveTTL() async {
        let cache = Cache<String, Int>(clock: clock)
        await cache.insert(1, for: "lahinch")
        await cache.insert(2, for: "lahinch", ttl: .zero)
        #expect(await cache.value(for: "lahinch") == nil)
        await cache.insert(3, for: "lahinch", ttl: .seconds(-5))
        #expect(await cache.value(for: "lahinch") == nil)
    }

    @Test("over the count limit, the least recently inserted entry is evicted first")
    func lruByCount() async {
        let cache = Cache<String, Int>(options: CacheOptions(countLimit: 2), clock: clock)
        await cache.insert(1, for: "a")
        await cache.insert(2, for: "b")
        await cache.insert(3, for: "c")

        #expect(await cache.value(for: "a") == nil)
        #expect(await cache.value(for: "b") == 2)
        #expect(await cache.value(for: "c") == 3)
        #expect(await cache.memoryCount == 2)
    }

    @Test("reading an entry makes it most recently used, so another is evicted instead")
    func readRefreshesRecency() async {
        let cache = Cache<String, Int>(options: CacheOptions(countLimit: 2), clock: clock)
        await cache.insert(1, for: "a")
        await cache.insert(2, for: "b")
        _ = await cache.value(for: "a")
        await cache.insert(3, for: "c")

        #expect(await cache.value(for: "b") == nil)
        #expect(await cache.value(for: "a") == 1)
        #expect(await cache.memoryKeysByRecency == ["c", "a"])
    }

    @Test("over the cost limit, least recently used entries are evicted until the total fits")
    func lruByCost() async {
        let cache = Cache<String, Data>(
            options: CacheOptions(costLimit: 10, cost: { $0.count }),
            clock: clock
        )
        await cache.insert(Data(count: 4), for: "lahinch.jpg")
        await cache.insert(Data(count: 4), for: "bundoran.jpg")
        _ = await cache.value(for: "lahinch.jpg")
        await cache.insert(Data(count: 6), for: "mullaghmore.jpg")

        // 4 + 4 + 6 = 14 > 10: bundoran (least recently used) goes; 4 + 6 = 10 fits.
        #expect(await cache.memoryKeysByRecency == ["lahinch.jpg", "mullaghmore.jpg"])
        #expect(await cache.memoryCost == 10)

        await cache.insert(Data(count: 9), for: "easkey.jpg")
        // Both older entries must go to fit 9.
        #expect(await cache.memoryKeysByRecency == ["easkey.jpg"])
        #expect(await cache.memoryCost == 9)
    }

    @Test("an explicit cost overrides the cost function, and an entry above the limit is not kept")
    func explicitAndOversizedCost() async {
        let cache = Cache<String, Int>(options: CacheOptions(costLimit: 5), clock: clock)
        await cache.insert(1, for: "a", ttl: nil, cost: 3)
        await cache.insert(2, for: "b", ttl: nil, cost: 2)
        #expect(await cache.memoryCost == 5)

        await cache.insert(3, for: "a", ttl: nil, cost: 6)
        #expect(await cache.value(for: "a") == nil)
        #expect(await cache.value(for: "b") == 2)
        #expect(await cache.memoryCost == 2)
    }

    @Test("replacing a value updates its cost and time to live")
    func replace() async {
        let cache = Cache<String, Int>(clock: clock)
        await cache.insert(1, for: "a", ttl: .seconds(10), cost: 4)
        await cache.insert(2, for: "a", ttl: .seconds(100), cost: 1)
        clock.advance(by: .seconds(50))
        #expect(await cache.value(for: "a") == 2)
        #expect(await cache.memoryCost == 1)
        #expect(await cache.memoryCount == 1)
    }

    @Test("removeValue, removeAll and removeExpired empty what they should")
    func removal() async {
        let cache = Cache<String, Int>(clock: clock)
        await cache.insert(1, for: "a", ttl: .seconds(10))
        await cache.insert(2, for: "b", ttl: .seconds(100))
        await cache.insert(3, for: "c", ttl: .seconds(100))

        await cache.removeValue(for: "c")
        #expect(await cache.value(for: "c") == nil)

        clock.advance(by: .seconds(20))
        await cache.removeExpired()
        #expect(await cache.memoryKeysByRecency == ["b"])

        await cache.removeAll()
        #expect(await cache.memoryCount == 0)
        #expect(await cache.memoryCost == 0)
    }

    @Test("LRUList keeps recency order through touches and removals")
    func lruList() {
        var list = LRUList<String>()
        for key in ["a", "b", "c", "d"] { list.touch(key) }
        list.touch("b")
        list.remove("c")
        list.touch("a")
        #expect(list.keysOldestFirst == ["d", "b", "a"])
        #expect(list.oldest == "d")
        list.remove("d")
        list.remove("a")
        list.remove("missing")
        #expect(list.keysOldestFirst == ["b"])
        #expect(list.count == 1)
        list.removeAll()
        #expect(list.oldest == nil)
        #expect(list.keysOldestFirst.isEmpty)
    }
}
