import Foundation
import Seam

/// A Seam key for the app's database file: adopt it in the app's own key with the file's location.
///
/// ```swift
/// enum RecipesDatabaseKey: SQLiteDatabaseDependencyKey {
///     static var fileURL: URL { .applicationSupportDirectory.appending(path: "Recipes.sqlite") }
/// }
/// let database = try container.resolve(RecipesDatabaseKey.self)
/// ```
///
/// Live, the file is opened once per container (a singleton): integrity check, Seam's tables, then
/// ``migrations``; an error opening it reaches the caller as a `ResolutionError` wrapping the
/// ``PersistenceError``. In tests it is a new empty in-memory database with the same migrations, one
/// per test scope, so the app's repository and outbox keys built on it run real SQL without a file.
public protocol SQLiteDatabaseDependencyKey: DependencyKey where Value == SQLiteDatabase {
    /// Where the live database file is.
    static var fileURL: URL { get }
    /// The app's migrations; none by default.
    static var migrations: SQLiteMigrations { get }
    /// How the live file is opened; ``SQLiteDatabase/Options/init()`` by default.
    static var options: SQLiteDatabase.Options { get }
}

extension SQLiteDatabaseDependencyKey {
    /// No migrations.
    public static var migrations: SQLiteMigrations { SQLiteMigrations() }

    /// The default options: crash-safe, quick integrity check.
    public static var options: SQLiteDatabase.Options { SQLiteDatabase.Options() }

    /// A new in-memory database with ``migrations``; `nil` (the test then fails, naming the key) when a
    /// migration throws.
    public static var testValue: SQLiteDatabase? { try? SQLiteDatabase.inMemory(migrations: migrations) }

    /// Opens the file at ``fileURL``.
    public static func live(_ r: borrowing Resolver) throws -> SQLiteDatabase {
        try SQLiteDatabase(fileURL: fileURL, migrations: migrations, options: options)
    }
}
