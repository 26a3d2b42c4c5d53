// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamCache/SeamCache.docc/GettingStarted.md, compiled and run: each block is here
// verbatim (SeamTests' DocCCatalogTests checks every line is here).
import Foundation
import Seam
import SeamCache
import SeamTestSupport
import SeamTesting
import Testing

enum CacheArticle {
    struct Forecast: Codable, Sendable, Equatable { let spot: String; let waveHeight: Double }

    protocol ForecastAPI: Sendable {
        func fetchForecast(spot: String) async throws -> Forecast
    }

    struct ForecastRepository: Sendable {
        let api: any ForecastAPI
        let cache: any CacheStore<String, Forecast>      // a Cache in the app, an InMemoryCacheStore in tests

        func forecast(spot: String) async throws -> Forecast {
            try await cache.value(for: spot) { try await api.fetchForecast(spot: spot) }
        }
    }

    static func lahinch(cachesDirectory: URL, api: any ForecastAPI) async throws -> Forecast {
        let forecasts = try Cache<String, Forecast>(
            options: CacheOptions(defaultTTL: .seconds(30 * 60), countLimit: 100),
            disk: DiskCacheOptions(directory: cachesDirectory.appendingPathComponent("forecasts"), sizeLimit: 20_000_000)
        )
        let lahinch = try await ForecastRepository(api: api, cache: forecasts).forecast(spot: "lahinch")
        return lahinch
    }

    enum ForecastCacheKey: CacheDependencyKey {
        typealias CacheKey = String
        typealias CachedValue = Forecast
        static var options: CacheOptions<Forecast> { CacheOptions(defaultTTL: .seconds(1800), countLimit: 100) }
    }

    struct CountingAPI: ForecastAPI {
        func fetchForecast(spot: String) async throws -> Forecast { Forecast(spot: spot, waveHeight: 1.2) }
    }

    struct FailingAPI: ForecastAPI {
        func fetchForecast(spot: String) async throws -> Forecast { throw CancellationError() }
    }

    @Suite("Article: Getting started with SeamCache")
    struct Tests {
        @Test(.seamDependencies)
        func aSecondReadComesFromTheCache() async throws {
            let cache = try Container().resolve(ForecastCacheKey.self)
            let repository = ForecastRepository(api: CountingAPI(), cache: cache)
            _ = try await repository.forecast(spot: "lahinch")
            _ = try await repository.forecast(spot: "lahinch")
            #expect(await (cache as? InMemoryCacheStore<String, Forecast>)?.loadedKeys == ["lahinch"])
        }

        @Test func entriesExpire() async throws {
            let clock = ManualCacheClock()
            let cache = Cache<String, Forecast>(options: CacheOptions(defaultTTL: .seconds(60)), clock: clock)
            await cache.insert(Forecast(spot: "lahinch", waveHeight: 1.2), for: "lahinch")
            clock.advance(by: .seconds(61))
            #expect(await cache.value(for: "lahinch") == nil)
        }

        @Test("the disk tier keeps the forecast for the next launch")
        func diskTier() async throws {
            let folder = try TemporaryDirectory(prefix: "cache-article")
            let first = try await CacheArticle.lahinch(cachesDirectory: folder.url, api: CountingAPI())
            // A new cache on the same folder: the loader fails, so the value can only come from disk.
            let again = try await CacheArticle.lahinch(cachesDirectory: folder.url, api: FailingAPI())
            #expect(first == Forecast(spot: "lahinch", waveHeight: 1.2) && again == first)
        }

        @Test("live, the key is a Cache with the key's options")
        func live() throws {
            #expect(try Container(context: .live).resolve(ForecastCacheKey.self) is Cache<String, Forecast>)
        }
    }
}
