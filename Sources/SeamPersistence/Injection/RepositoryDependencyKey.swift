import GRDB
import Seam

/// A Seam key for one of the app's repositories: adopt it in the app's own key, naming the record
/// type and the database key.
///
/// ```swift
/// enum FavouritesKey: RepositoryDependencyKey {
///     typealias Record = MealDetail
///     typealias DatabaseKey = RecipesDatabaseKey
///     static var collection: String { "favourites" }
/// }
/// let favourites = try container.resolve(FavouritesKey.self)     // any Repository<MealDetail>
/// ```
///
/// Live, it is a ``SQLiteRepository`` of ``collection`` in the database of `DatabaseKey`. In tests it is
/// an empty ``InMemoryRepository``, one per test scope: resolve it in the test to seed it or read it back.
public protocol RepositoryDependencyKey: DependencyKey where Value == any Repository<Record> {
    /// The stored type.
    associatedtype Record: Codable & Identifiable & Sendable where Record.ID: DatabaseValueConvertible & Sendable
    /// The key of the database the live repository is stored in.
    associatedtype DatabaseKey: SQLiteDatabaseDependencyKey
    /// The collection's name; the record type's name by default.
    static var collection: String { get }
}

extension RepositoryDependencyKey {
    /// The record type's name.
    public static var collection: String { String(describing: Record.self) }

    /// An empty ``InMemoryRepository``.
    public static var testValue: (any Repository<Record>)? { InMemoryRepository<Record>() }

    /// A ``SQLiteRepository`` of ``collection`` in the database of `DatabaseKey`.
    public static func live(_ r: borrowing Resolver) throws -> any Repository<Record> {
        SQLiteRepository<Record>(database: try r.resolve(DatabaseKey.self), collection: collection)
    }
}
