import Foundation
import SeamPersistence

/// The live ``FavouritesStore``: each favourite stored whole, as JSON, in a SQLite file through
/// SeamPersistence's `SQLiteRepository`, so a saved recipe opens with no network at all.
///
/// ```swift
/// let database = try SQLiteDatabase(fileURL: settings.databaseURL)
/// let favourites = SQLiteFavouritesStore(database: database)
/// try await favourites.save(tart)
/// ```
public struct SQLiteFavouritesStore: FavouritesStore {
    private let repository: any Repository<FavouriteMeal>
    private let now: @Sendable () -> Date

    /// The favourites in `database` (the repository's collection named after ``FavouriteMeal``), dating new
    /// ones with `now`.
    public init(database: SQLiteDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(repository: SQLiteRepository(database: database), now: now)
    }

    /// The favourites in `repository` (the app's: ``FavouritesRepositoryKey``, a `SQLiteRepository`).
    public init(repository: any Repository<FavouriteMeal>, now: @escaping @Sendable () -> Date = { Date() }) {
        self.repository = repository
        self.now = now
    }

    /// Stores the whole meal; a favourite saved again is replaced and keeps its first date.
    public func save(_ meal: MealDetail) async throws {
        let savedAt = try await repository.fetch(id: meal.id)?.savedAt ?? now()
        try await repository.save(FavouriteMeal(meal: meal, savedAt: savedAt))
    }

    /// Removes the favourite; whether there was one.
    @discardableResult
    public func remove(id: String) async throws -> Bool {
        try await repository.delete(id: id)
    }

    /// The favourite with this meal id, if saved.
    public func favourite(id: String) async throws -> FavouriteMeal? {
        try await repository.fetch(id: id)
    }

    /// Every favourite, most recently saved first (ties by id).
    public func all() async throws -> [FavouriteMeal] {
        try await repository.fetchAll().sorted(by: FavouriteMeal.newestFirst)
    }

    /// How many favourites there are.
    public func count() async throws -> Int {
        try await repository.count()
    }
}
