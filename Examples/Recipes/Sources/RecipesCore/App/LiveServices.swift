import SeamNetwork
import SeamPersistence

/// The live services, built from the settings: what the dependency keys' `live` values return.
enum LiveServices {
    /// TheMealDB at the configured base URL, each request within the configured timeout.
    static func mealService(settings: RecipesSettings) -> any MealService {
        let configuration = NetworkConfiguration(baseURL: settings.apiBaseURL, timeout: settings.requestTimeout)
        return HTTPMealService(client: NetworkClient(configuration: configuration))
    }

    /// The favourites in the SQLite file at the configured path (created with its folder on first use).
    ///
    /// - Throws: `PersistenceError` naming the file when it cannot be opened, is not a database or
    ///   was written by a newer version of the app.
    static func favouritesStore(settings: RecipesSettings) throws -> any FavouritesStore {
        SQLiteFavouritesStore(database: try SQLiteDatabase(fileURL: settings.databaseURL))
    }
}
