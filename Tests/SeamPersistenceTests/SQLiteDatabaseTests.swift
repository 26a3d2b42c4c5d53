import Foundation
import GRDB
import SeamArchitecture
import SeamLocking
import SeamPersistence
import SeamTestSupport
import Testing

@Suite("SQLiteDatabase: opening, migrations, damaged and newer files")
struct SQLiteDatabaseTests {
    @Test("a new file is created in a new folder, in WAL mode with the chosen durability")
    func opensInWALMode() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        let url = folder.url("nested/deeper/app.sqlite")
        let database = try SQLiteDatabase(fileURL: url)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        let synchronous = try await database.write { transaction in
            try Int.fetchOne(transaction.db, sql: "PRAGMA synchronous")
        }
        #expect(synchronous == 1)  // NORMAL

        var options = SQLiteDatabase.Options()
        options.durability = .powerLossSafe
        let full = try SQLiteDatabase(fileURL: folder.url("full.sqlite"), options: options)
        #expect(try await full.write { try Int.fetchOne($0.db, sql: "PRAGMA synchronous") } == 2)  // FULL
    }

    @Test("migrations run once each, in order, across reopenings")
    func migrationsAreVersioned() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        var v1 = SQLiteMigrations()
        v1.register("v1-shopping") { db in
            try db.create(table: "shopping") {
                $0.primaryKey("id", .text); $0.column("name", .text)
            }
            try db.execute(sql: "INSERT INTO shopping VALUES ('1', 'flour')")
        }
        try SQLiteDatabase(fileURL: folder.database(), migrations: v1).close()
        var v2 = v1
        v2.register("v2-quantity") { db in
            try db.alter(table: "shopping") { $0.add(column: "quantity", .integer).notNull().defaults(to: 1) }
        }
        let database = try SQLiteDatabase(fileURL: folder.database(), migrations: v2)  // v1 must not run again
        let rows = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, quantity FROM shopping").map {
                [$0["name"] as String, "\($0["quantity"] as Int)"]
            }
        }
        #expect(rows == [["flour", "1"]])
        let applied = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(
            Set(applied) == [
                "seam.records.v1", "seam.outbox.v1", "seam.outbox.v2-claims", "v1-shopping", "v2-quantity",
            ])
    }

    @Test("a database migrated by a newer app version is refused, and left as it was")
    func newerSchemaIsRefused() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        var newer = SQLiteMigrations()
        newer.register("v1") { _ in }
        newer.register("v2-ratings") { db in try db.execute(sql: "CREATE TABLE rating (id INTEGER PRIMARY KEY)") }
        let newerDatabase = try SQLiteDatabase(fileURL: folder.database(), migrations: newer)
        try await SQLiteRepository<MealDetail>(database: newerDatabase).save(.sample())
        try newerDatabase.close()
        let before = try Data(contentsOf: folder.database())

        var older = SQLiteMigrations()
        older.register("v1") { _ in }
        let error = try #require(
            openingError {
                try SQLiteDatabase(fileURL: folder.database(), migrations: older)
            })
        #expect(error.code == .newerSchema)
        #expect(
            error.description
                == "\(folder.database().path): written by a newer version of the app (unknown migrations: v2-ratings)")
        #expect(AppError(error).code == .storageTooNew)
        #expect(AppError(error).message == "Your saved data was created by a newer version of the app.")
        #expect(try Data(contentsOf: folder.database()) == before)

        // The newer app still opens it, with the data.
        let reopened = try SQLiteDatabase(fileURL: folder.database(), migrations: newer)
        #expect(try await SQLiteRepository<MealDetail>(database: reopened).fetch(id: "52772") == .sample())
    }

    @Test("a failing migration is rolled back and names itself; the fixed app then migrates")
    func failingMigrationRollsBack() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        struct Broken: Error {}
        var broken = SQLiteMigrations()
        broken.register("v1-half-done") { db in
            try db.execute(sql: "CREATE TABLE half (id INTEGER PRIMARY KEY)")
            throw Broken()
        }
        let error = try #require(
            openingError {
                try SQLiteDatabase(fileURL: folder.database(), migrations: broken)
            })
        #expect(error.code == .migrationFailed)
        #expect(error.reason.hasPrefix("migration 'v1-half-done' failed and was rolled back"))
        #expect(error.underlying is Broken)

        var fixed = SQLiteMigrations()
        fixed.register("v1-half-done") { db in try db.execute(sql: "CREATE TABLE half (id INTEGER PRIMARY KEY)") }
        let database = try SQLiteDatabase(fileURL: folder.database(), migrations: fixed)  // the table did not survive
        #expect(try await database.read { db in try db.tableExists("half") })
    }

    @Test("a duplicate or reserved migration identifier is an error, not a crash")
    func invalidMigrations() throws {
        var duplicate = SQLiteMigrations()
        duplicate.register("v1") { _ in }
        duplicate.register("v1") { _ in }
        let first = try #require(openingError { try SQLiteDatabase.inMemory(migrations: duplicate) })
        #expect(first.code == .invalidMigrations)
        #expect(first.reason == "migration 'v1' is registered twice")

        var reserved = SQLiteMigrations()
        reserved.register("seam.records.v1") { _ in }
        let second = try #require(openingError { try SQLiteDatabase.inMemory(migrations: reserved) })
        #expect(second.code == .invalidMigrations)
    }

    @Test("a file that is not a database is reported as corrupted, and not touched")
    func garbageFile() throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try folder.write(garbage, to: "app.sqlite")
        let error = try #require(openingError { try SQLiteDatabase(fileURL: folder.database()) })
        #expect(error.code == .corrupted)
        #expect(error.subject == folder.database().path)
        #expect(error.description.contains("is not a SQLite database"))
        #expect(AppError(error).code == .storageCorrupted)
        #expect(AppError(error).message == "Your saved data can't be read.")
        #expect(try Data(contentsOf: folder.database()) == garbage)
    }

    @Test(
        "damaged pages fail the integrity check on open; the file is left as it was",
        arguments: [Damage.overwrite, .truncate])
    func damagedPages(_ damage: Damage) async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        let database = try SQLiteDatabase(fileURL: folder.database())
        let meals = SQLiteRepository<MealDetail>(database: database)
        try await meals.save(contentsOf: (0..<400).map { MealDetail.sample("\($0)") })
        // Fold the WAL into the main file, so damaging the main file damages the data.
        _ = try await database.writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try database.close()

        var bytes = try Data(contentsOf: folder.database())
        let pageSize = 4096
        #expect(bytes.count > 20 * pageSize)
        switch damage {
        case .overwrite:
            for offset in stride(from: 3 * pageSize, to: 12 * pageSize, by: pageSize) {
                bytes.replaceSubrange(offset..<offset + 200, with: Data(repeating: 0xA5, count: 200))
            }
        case .truncate:
            bytes = bytes.prefix(bytes.count / 2)
        }
        try bytes.write(to: folder.database())

        let error = try #require(openingError { try SQLiteDatabase(fileURL: folder.database()) })
        #expect(error.code == .corrupted, "\(error)")
        #expect(AppError(error).code == .storageCorrupted)
        #expect(try Data(contentsOf: folder.database()) == bytes)
    }

    enum Damage: CaseIterable, Sendable { case overwrite, truncate }

    @Test("moveAside keeps the unreadable file next to a new, empty database")
    func moveAside() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        try folder.write("not a database at all, not even close to one, no", to: "app.sqlite")
        #expect(openingError { try SQLiteDatabase(fileURL: folder.database()) }?.code == .corrupted)
        let moved = try SQLiteDatabase.moveAside(fileURL: folder.database())
        #expect(moved.lastPathComponent.hasPrefix("app.sqlite.unreadable-"))
        #expect(try String(contentsOf: moved, encoding: .utf8).hasPrefix("not a database"))
        let fresh = try SQLiteDatabase(fileURL: folder.database())
        #expect(try await SQLiteRepository<MealDetail>(database: fresh).count() == 0)
    }

    @Test("a folder where the file should be gives cannotOpen naming the path")
    func cannotOpen() throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.database(), withIntermediateDirectories: true)
        let error = try #require(openingError { try SQLiteDatabase(fileURL: folder.database()) })
        #expect(error.code == .cannotOpen)
        #expect(error.reason == "a folder is in the way of the database file")
        #expect(error.subject == folder.database().path)
        #expect(AppError(error).code == .storage)
    }

    @Test("integrityProblems is empty for a sound file")
    func integrityProblems() async throws {
        let database = try SQLiteDatabase.inMemory()
        try await SQLiteRepository<MealDetail>(database: database).save(.sample())
        #expect(try await database.integrityProblems() == [])
    }
}
