import Foundation
import Seam
import SeamArchitecture
import SeamCache

/// The meal service: live, TheMealDB over HTTP at the configured base URL with the lists cached
/// (``CachingMealService``); a ``MockMealService`` per test; the checked-in fixtures in previews.
public enum MealServiceKey: AsyncDependencyKey {
    /// A fresh, empty ``MockMealService`` per test scope.
    public static var testValue: (any MealService)? { MockMealService() }
    /// The checked-in fixtures, served from memory.
    public static var previewValue: (any MealService)? { (try? MockMealService.fixtures()) ?? MockMealService() }

    /// TheMealDB over HTTP at the configured base URL, lists cached for the configured TTL.
    public static func live(_ r: borrowing AsyncResolver) async throws -> any MealService {
        let settings = try await r.resolve(RecipesSettingsKey.self)
        return CachingMealService(
            wrapping: LiveServices.mealService(settings: settings),
            categories: try await r.resolve(CategoryListCacheKey.self),
            meals: try await r.resolve(MealListCacheKey.self),
            ttl: settings.listCacheTTL
        )
    }
}

/// The favourites store: live, SQLite at the configured path; in memory in tests and previews.
public enum FavouritesStoreKey: AsyncDependencyKey {
    /// An empty ``InMemoryFavouritesStore`` per test scope.
    public static var testValue: (any FavouritesStore)? { InMemoryFavouritesStore() }
    /// An empty ``InMemoryFavouritesStore``: previews never write to disk.
    public static var previewValue: (any FavouritesStore)? { InMemoryFavouritesStore() }

    /// The SQLite store at the configured database path.
    public static func live(_ r: borrowing AsyncResolver) async throws -> any FavouritesStore {
        try LiveServices.favouritesStore(settings: try await r.resolve(RecipesSettingsKey.self))
    }
}

/// The category list cache: live, memory and disk (`<cache directory>/category-lists`), kept for the
/// configured TTL; an `InMemoryCacheStore` per test.
public enum CategoryListCacheKey: AsyncDependencyKey {
    /// An empty `InMemoryCacheStore` per test scope.
    public static var testValue: (any CacheStore<String, [MealCategory]>)? { InMemoryCacheStore() }

    /// A `Cache` with a disk tier in the configured cache directory.
    public static func live(_ r: borrowing AsyncResolver) async throws -> any CacheStore<String, [MealCategory]> {
        let settings = try await r.resolve(RecipesSettingsKey.self)
        return try Cache<String, [MealCategory]>(
            options: CacheOptions(defaultTTL: settings.listCacheTTL, countLimit: 10),
            disk: DiskCacheOptions(directory: settings.cacheDirectory.appendingPathComponent("category-lists"))
        )
    }
}

/// The per-category meal list cache: live, memory and disk (`<cache directory>/meal-lists`), kept for
/// the configured TTL; an `InMemoryCacheStore` per test.
public enum MealListCacheKey: AsyncDependencyKey {
    /// An empty `InMemoryCacheStore` per test scope.
    public static var testValue: (any CacheStore<String, [Meal]>)? { InMemoryCacheStore() }

    /// A `Cache` with a disk tier in the configured cache directory.
    public static func live(_ r: borrowing AsyncResolver) async throws -> any CacheStore<String, [Meal]> {
        let settings = try await r.resolve(RecipesSettingsKey.self)
        return try Cache<String, [Meal]>(
            options: CacheOptions(defaultTTL: settings.listCacheTTL, countLimit: 100),
            disk: DiskCacheOptions(directory: settings.cacheDirectory.appendingPathComponent("meal-lists"))
        )
    }
}
