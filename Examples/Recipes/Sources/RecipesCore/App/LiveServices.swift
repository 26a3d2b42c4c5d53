import SeamArchitecture

/// The live implementations, built from the settings.
///
/// Placeholder until SeamNetwork and SeamPersistence are on main: the live meal service will be
/// HTTP on SeamNetwork and the live store SQLite on SeamPersistence.
enum LiveServices {
    static func mealService(settings: RecipesSettings) throws -> any MealService {
        throw AppError(.unknown, message: "The live meal service is not built yet.", isRetryable: false)
    }

    static func favouritesStore(settings: RecipesSettings) throws -> any FavouritesStore {
        throw AppError(.unknown, message: "The live favourites store is not built yet.", isRetryable: false)
    }
}
