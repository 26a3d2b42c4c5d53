/// Where favourites live: whole recipes, readable with no network (the write-up's
/// `PersistenceServiceProtocol`). Live: SQLite; tests and previews: ``InMemoryFavouritesStore``.
public protocol FavouritesStore: Sendable {
    /// Saves the whole meal. Saving a favourite again replaces its stored copy and keeps its
    /// ``FavouriteMeal/savedAt``.
    func save(_ meal: MealDetail) async throws
    /// Removes a favourite; returns whether there was one.
    @discardableResult
    func remove(id: String) async throws -> Bool
    /// The favourite with this meal id, if saved.
    func favourite(id: String) async throws -> FavouriteMeal?
    /// Every favourite, most recently saved first.
    func all() async throws -> [FavouriteMeal]
    /// How many favourites there are.
    func count() async throws -> Int
}
