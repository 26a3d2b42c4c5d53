import Foundation
import GRDB
import SeamArchitecture

/// The app's SQLite database file, opened through GRDB: write-ahead logging, an integrity check, Seam's
/// tables and the app's ``SQLiteMigrations``, then shared by every ``SQLiteRepository`` and ``Outbox``.
///
/// ```swift
/// let url = URL.applicationSupportDirectory.appending(path: "Recipes.sqlite")
/// let database = try SQLiteDatabase(fileURL: url)
/// let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
/// ```
///
/// Opening never writes to a file it can't trust (the checks run on a read-only connection): a file that is not a database or fails the integrity
/// check throws ``PersistenceError/Code-swift.struct/corrupted``, one migrated by a newer app version throws
/// ``PersistenceError/Code-swift.struct/newerSchema``, and a failing migration rolls back and throws
/// ``PersistenceError/Code-swift.struct/migrationFailed``. Reads run concurrently; writes are serialized,
/// each in its own transaction. ``writer`` is the GRDB connection pool, for the app's own queries.
public final class SQLiteDatabase: Sendable {
    /// The database file; `nil` for an in-memory database.
    public let fileURL: URL?
    /// The GRDB database: a `DatabasePool` for a file, a `DatabaseQueue` in memory. Use it for the app's own tables.
    public let writer: any DatabaseWriter
    /// The file path, or `<memory>`: the subject of errors.
    let subject: String

    private init(writer: any DatabaseWriter, fileURL: URL?, subject: String) {
        self.writer = writer
        self.fileURL = fileURL
        self.subject = subject
    }

    /// Opens (or creates) the database at `fileURL`, creating its folder, checking its integrity and
    /// applying Seam's and the app's migrations.
    ///
    /// - Throws: ``PersistenceError`` naming the file: ``PersistenceError/Code-swift.struct/corrupted``,
    ///   ``PersistenceError/Code-swift.struct/newerSchema``, ``PersistenceError/Code-swift.struct/migrationFailed``,
    ///   ``PersistenceError/Code-swift.struct/invalidMigrations``, ``PersistenceError/Code-swift.struct/cannotOpen``...
    public convenience init(
        fileURL: URL, migrations: SQLiteMigrations = SQLiteMigrations(), options: Options = Options()
    ) throws(PersistenceError) {
        let subject = fileURL.path
        let migrator = try Self.migrator(for: migrations, subject: subject)
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true
            )
        } catch {
            throw PersistenceError(
                .cannotOpen, subject: subject, reason: "its folder can't be created: \(PlainErrorText.describe(error))",
                underlying: error)
        }
        var configuration = Configuration()
        configuration.label = fileURL.lastPathComponent
        configuration.busyMode = .timeout(options.busyTimeout.timeInterval)
        try Self.check(
            fileURL, configuration: configuration, migrator: migrator, integrityCheck: options.integrityCheck)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: fileURL.path, configuration: configuration)  // WAL mode
            // After the pool, which sets NORMAL on its one writer connection when it enables WAL.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = \(options.durability.pragma)")
            }
        } catch {
            throw .opening(error, subject: subject)
        }
        try Self.migrate(pool, with: migrator, subject: subject)
        self.init(writer: pool, fileURL: fileURL, subject: subject)
    }

    /// A new empty database in memory, with Seam's tables and `migrations`: for tests and previews.
    public static func inMemory(migrations: SQLiteMigrations = SQLiteMigrations()) throws(PersistenceError)
        -> SQLiteDatabase
    {
        let subject = "<memory>"
        let migrator = try migrator(for: migrations, subject: subject)
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue()
        } catch {
            throw .opening(error, subject: subject)
        }
        try migrate(queue, with: migrator, subject: subject)
        return SQLiteDatabase(writer: queue, fileURL: nil, subject: subject)
    }

    /// Runs `body` on a read-only snapshot of the database; reads run concurrently with each other and with writes.
    ///
    /// - Throws: ``PersistenceError`` for a SQLite failure, `CancellationError`, or what `body` throws.
    public func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw PersistenceError.using(error, subject: subject)
        }
    }

    /// Runs `body` in one write transaction, committed when `body` returns and rolled back when it throws.
    ///
    /// ```swift
    /// try await database.write { transaction in
    ///     try transaction.save(meal, in: favourites)                       // both or neither,
    ///     try transaction.enqueue(.favourite(meal.id), in: outbox)         // even if the app is killed
    /// }
    /// ```
    ///
    /// - Throws: ``PersistenceError`` for a SQLite failure, `CancellationError`, or what `body` throws.
    public func write<T: Sendable>(_ body: @Sendable (SQLiteTransaction) throws -> T) async throws -> T {
        do {
            return try await writer.write { db in try body(SQLiteTransaction(db: db, database: self)) }
        } catch {
            throw PersistenceError.using(error, subject: subject)
        }
    }

    /// The problems `PRAGMA integrity_check` finds in the file; empty when it is sound.
    public func integrityProblems() async throws -> [String] {
        let result = try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        return result == ["ok"] ? [] : result
    }

    /// Closes the database's connections; later uses throw.
    public func close() throws(PersistenceError) {
        do {
            try writer.close()
        } catch {
            throw .opening(error, subject: subject)
        }
    }
}

extension SQLiteDatabase {
    /// Renames a database file that can't be opened, with its `-wal` and `-shm` companions, to
    /// `<name>.unreadable-<timestamp>`, so the app can start with a new database and keep the old file
    /// for support. Returns the new location of the main file. Call it only when no connection is open.
    ///
    /// ```swift
    /// do {
    ///     database = try SQLiteDatabase(fileURL: url)
    /// } catch let error where error.code == .corrupted {
    ///     reporter.report(AppError(error))
    ///     _ = try SQLiteDatabase.moveAside(fileURL: url)
    ///     database = try SQLiteDatabase(fileURL: url)          // empty
    /// }
    /// ```
    @discardableResult
    public static func moveAside(fileURL: URL) throws(PersistenceError) -> URL {
        let stamp = Int(Date().timeIntervalSince1970)
        let moved = fileURL.deletingLastPathComponent()
            .appendingPathComponent("\(fileURL.lastPathComponent).unreadable-\(stamp)")
        let manager = FileManager.default
        for suffix in ["", "-wal", "-shm"] {
            let source = URL(fileURLWithPath: fileURL.path + suffix)
            guard manager.fileExists(atPath: source.path) else { continue }
            do {
                try manager.moveItem(at: source, to: URL(fileURLWithPath: moved.path + suffix))
            } catch {
                throw PersistenceError(
                    .cannotOpen, subject: source.path,
                    reason: "can't be moved aside: \(PlainErrorText.describe(error))", underlying: error)
            }
        }
        return moved
    }
}

extension SQLiteDatabase {
    /// Seam's migrations, then the app's; a duplicate or reserved identifier is an error, not GRDB's precondition failure.
    private static func migrator(for migrations: SQLiteMigrations, subject: String) throws(PersistenceError)
        -> DatabaseMigrator
    {
        var seen = Set<String>()
        for identifier in migrations.identifiers {
            guard !identifier.hasPrefix(SeamSchema.reservedPrefix) else {
                throw PersistenceError(
                    .invalidMigrations, subject: subject,
                    reason: "migration '\(identifier)' uses the reserved prefix '\(SeamSchema.reservedPrefix)'"
                )
            }
            guard seen.insert(identifier).inserted else {
                throw PersistenceError(
                    .invalidMigrations, subject: subject, reason: "migration '\(identifier)' is registered twice")
            }
        }
        var migrator = DatabaseMigrator()
        for migration in SeamSchema.migrations + migrations.migrations {
            let identifier = migration.identifier
            migrator.registerMigration(identifier) { db in
                do {
                    try migration.migrate(db)
                } catch {
                    throw MigrationFailure(identifier: identifier, underlying: error)
                }
            }
        }
        return migrator
    }

    /// Checks an existing file through a read-only connection, so a file that is refused is never written
    /// (not even by the checkpoint a writable connection runs when it closes): integrity, then schema version.
    private static func check(
        _ fileURL: URL, configuration: Configuration, migrator: DatabaseMigrator, integrityCheck: IntegrityCheck
    ) throws(PersistenceError) {
        let subject = fileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isFolder) else { return }
        guard !isFolder.boolValue else {
            throw PersistenceError(.cannotOpen, subject: subject, reason: "a folder is in the way of the database file")
        }
        var configuration = configuration
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: fileURL.path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                if let pragma = integrityCheck.pragma {
                    let result = try String.fetchAll(db, sql: "PRAGMA \(pragma)")
                    guard result == ["ok"] else {
                        throw PersistenceError(
                            .corrupted, subject: subject,
                            reason: "the file is damaged (\(pragma): \(result.prefix(3).joined(separator: "; ")))"
                        )
                    }
                }
                let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
                guard unknown.isEmpty else {
                    throw PersistenceError(
                        .newerSchema, subject: subject,
                        reason:
                            "written by a newer version of the app (unknown migrations: \(unknown.joined(separator: ", ")))"
                    )
                }
            }
        } catch {
            throw .opening(error, subject: subject)
        }
    }

    /// Applies the migrations not applied yet, each in its own transaction.
    private static func migrate(_ writer: any DatabaseWriter, with migrator: DatabaseMigrator, subject: String)
        throws(PersistenceError)
    {
        do {
            try migrator.migrate(writer)
        } catch let failure as MigrationFailure {
            if let error = failure.underlying as? DatabaseError,
                [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FULL].contains(error.resultCode)
            {
                throw PersistenceError(databaseError: error, subject: subject)
            }
            throw PersistenceError(
                .migrationFailed, subject: subject,
                reason: "migration '\(failure.identifier)' failed and was rolled back: \(failure.underlying)",
                underlying: failure.underlying
            )
        } catch {
            throw .opening(error, subject: subject)
        }
    }
}
