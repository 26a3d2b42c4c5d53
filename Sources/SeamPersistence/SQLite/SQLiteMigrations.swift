import GRDB

/// The app's own schema changes, in order, each applied once per database file, in its own transaction.
///
/// Records saved through ``SQLiteRepository`` need no migration: they live in a table Seam creates. Register
/// migrations for the app's own GRDB tables and indexes, or to rewrite stored records when a type changes.
/// Identifiers are permanent: never rename or reorder a shipped migration; add a new one.
///
/// ```swift
/// var migrations = SQLiteMigrations()
/// migrations.register("v1-shopping-list") { db in
///     try db.create(table: "shoppingItem") { t in
///         t.primaryKey("id", .text)
///         t.column("name", .text).notNull()
///     }
/// }
/// let database = try SQLiteDatabase(fileURL: url, migrations: migrations)
/// ```
///
/// A database that has a migration this list doesn't know was written by a newer version of the app:
/// opening it throws ``PersistenceError/Code-swift.struct/newerSchema`` and changes nothing.
public struct SQLiteMigrations: Sendable {
    struct Migration: Sendable {
        let identifier: String
        let migrate: @Sendable (Database) throws -> Void
    }

    private(set) var migrations: [Migration] = []

    /// No migrations.
    public init() {}

    /// Adds the migration `identifier`, run after the ones registered before it. A duplicate identifier,
    /// or one starting with the reserved `seam.`, makes opening the database throw
    /// ``PersistenceError/Code-swift.struct/invalidMigrations`` (never a crash).
    public mutating func register(_ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void) {
        migrations.append(Migration(identifier: identifier, migrate: migrate))
    }

    /// The registered identifiers, in order.
    public var identifiers: [String] { migrations.map(\.identifier) }
}

/// A migration threw: carries its identifier to the error mapping.
struct MigrationFailure: Error {
    let identifier: String
    let underlying: any Error
}
