import Foundation
import GRDB
import Seam
import SeamArchitecture
import SeamCache
import SeamNetwork
import SeamPersistence

// The app's dependencies, each declared once. The blocks come through their own keys (a network client, two
// caches, a database and a repository), configured from the settings `AppDependencies.load()` decoded; the two
// services the view models take are built from them.

/// The decoded settings the live keys are configured with: given to the container by
/// ``AppDependencies/production(settings:isOffline:errorReporter:)``, after ``AppDependencies/load(isOffline:errorReporter:)``
/// read the configuration layers; ``RecipesSettings/preview`` in tests and previews.
public enum LoadedSettingsKey: DependencyKey {
    /// ``RecipesSettings/preview``: nothing the tests build reads the network or the disk with them.
    public static var testValue: RecipesSettings? { .preview }
    /// ``RecipesSettings/preview``.
    public static var previewValue: RecipesSettings? { .preview }

    /// Fails, naming the key: the live settings come from the configuration layers, which load asynchronously,
    /// so `AppDependencies` loads them first and gives them to the container.
    public static func live(_ r: borrowing Resolver) throws -> RecipesSettings {
        throw SettingsNotLoaded()
    }

    /// The error of a container that was given no settings.
    struct SettingsNotLoaded: Error, CustomStringConvertible {
        var description: String { "the settings are loaded by AppDependencies.load() and given to the container" }
    }
}

/// TheMealDB's client: the configured base URL and timeout, sending through `HTTPTransportKey` (a
/// `RecordingTransport` in tests).
public enum MealDBClientKey: NetworkClientDependencyKey {
    /// The settings' base URL and request timeout.
    public static func configuration(_ r: borrowing Resolver) throws -> NetworkConfiguration {
        let settings = try r.resolve(LoadedSettingsKey.self)
        return NetworkConfiguration(baseURL: settings.apiBaseURL, timeout: settings.requestTimeout)
    }
}

/// The category list cache: live, memory and disk (`<cache directory>/category-lists`), kept for the
/// configured TTL; an `InMemoryCacheStore` per test.
public enum CategoryListCacheKey: CacheDependencyKey {
    /// The cache's keys: one, the category list's.
    public typealias CacheKey = String
    /// The cached category list.
    public typealias CachedValue = [MealCategory]

    /// A `Cache` with a disk tier in the configured cache directory.
    public static func live(_ r: borrowing Resolver) throws -> any CacheStore<String, [MealCategory]> {
        let settings = try r.resolve(LoadedSettingsKey.self)
        return try Cache<String, [MealCategory]>(
            options: CacheOptions(defaultTTL: settings.listCacheTTL, countLimit: 10),
            disk: DiskCacheOptions(directory: settings.cacheDirectory.appendingPathComponent("category-lists"))
        )
    }
}

/// The per-category meal list cache: live, memory and disk (`<cache directory>/meal-lists`), kept for
/// the configured TTL; an `InMemoryCacheStore` per test.
public enum MealListCacheKey: CacheDependencyKey {
    /// The cache's keys: category names.
    public typealias CacheKey = String
    /// The cached meal list of a category.
    public typealias CachedValue = [Meal]

    /// A `Cache` with a disk tier in the configured cache directory.
    public static func live(_ r: borrowing Resolver) throws -> any CacheStore<String, [Meal]> {
        let settings = try r.resolve(LoadedSettingsKey.self)
        return try Cache<String, [Meal]>(
            options: CacheOptions(defaultTTL: settings.listCacheTTL, countLimit: 100),
            disk: DiskCacheOptions(directory: settings.cacheDirectory.appendingPathComponent("meal-lists"))
        )
    }
}

/// The favourites database: live, the SQLite file at the configured path (created with its folder on first
/// use); in tests a new in-memory database per test scope.
public enum RecipesDatabaseKey: SQLiteDatabaseDependencyKey {
    /// The default path, `<Application Support>/Recipes/favourites.sqlite`; `live` opens the configured one.
    public static var fileURL: URL { RecipesSettings.defaultSupportDirectory.appendingPathComponent("favourites.sqlite") }

    /// Opens the SQLite file at the configured path.
    ///
    /// - Throws: `PersistenceError` naming the file when it cannot be opened, is not a database or was written
    ///   by a newer version of the app.
    public static func live(_ r: borrowing Resolver) throws -> SQLiteDatabase {
        try SQLiteDatabase(fileURL: try r.resolve(LoadedSettingsKey.self).databaseURL, migrations: migrations, options: options)
    }
}

/// The favourites, each stored whole: live, a `SQLiteRepository` in ``RecipesDatabaseKey``'s database; an
/// `InMemoryRepository` per test.
public enum FavouritesRepositoryKey: RepositoryDependencyKey {
    /// A favourite: the whole recipe and when it was saved.
    public typealias Record = FavouriteMeal
    /// The app's database.
    public typealias DatabaseKey = RecipesDatabaseKey
}

/// The meal service: live, TheMealDB through ``MealDBClientKey`` with the lists cached (``CachingMealService``);
/// a ``MockMealService`` per test; ``MockMealService/preview`` in previews.
public enum MealServiceKey: AsyncDependencyKey {
    /// A fresh, empty ``MockMealService`` per test scope.
    public static var testValue: (any MealService)? { MockMealService() }
    /// ``MockMealService/preview``: a few recipes written in code.
    public static var previewValue: (any MealService)? { MockMealService.preview }

    /// TheMealDB over HTTP, lists cached for the configured TTL.
    public static func live(_ r: borrowing AsyncResolver) async throws -> any MealService {
        CachingMealService(
            wrapping: HTTPMealService(client: try r.resolve(MealDBClientKey.self)),
            categories: try r.resolve(CategoryListCacheKey.self),
            meals: try r.resolve(MealListCacheKey.self),
            ttl: try r.resolve(LoadedSettingsKey.self).listCacheTTL
        )
    }
}

/// The favourites store: live, on ``FavouritesRepositoryKey``; in memory in tests and previews.
public enum FavouritesStoreKey: AsyncDependencyKey {
    /// An empty ``InMemoryFavouritesStore`` per test scope.
    public static var testValue: (any FavouritesStore)? { InMemoryFavouritesStore() }
    /// An empty ``InMemoryFavouritesStore``: previews never write to disk.
    public static var previewValue: (any FavouritesStore)? { InMemoryFavouritesStore() }

    /// The favourites repository in the app's database.
    public static func live(_ r: borrowing AsyncResolver) async throws -> any FavouritesStore {
        SQLiteFavouritesStore(repository: try r.resolve(FavouritesRepositoryKey.self))
    }
}
