import Foundation
import Seam
import SeamPersistence
import SeamTesting
import Testing

/// A database file unique to this test process.
private let databaseURL = FileManager.default.temporaryDirectory
    .appendingPathComponent("seam-persistence-keys-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    .appendingPathComponent("Recipes.sqlite")

private enum RecipesDatabaseKey: SQLiteDatabaseDependencyKey {
    static var fileURL: URL { databaseURL }
    static var migrations: SQLiteMigrations {
        var migrations = SQLiteMigrations()
        migrations.register("v1-notes") { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
        }
        return migrations
    }
}

private enum FavouritesKey: RepositoryDependencyKey {
    typealias Record = MealDetail
    typealias DatabaseKey = RecipesDatabaseKey
    static var collection: String { "favourites" }
}

private enum FavouritesOutboxKey: OutboxDependencyKey {
    typealias Operation = String
    typealias DatabaseKey = RecipesDatabaseKey
    static var queueName: String { "favourites" }
}

@Suite("Persistence keys: live values on the file, test values in memory")
struct PersistenceKeysTests {
    @Test("live, the database is the file at fileURL with the key's migrations, one per container")
    func liveDatabase() async throws {
        defer { try? FileManager.default.removeItem(at: databaseURL.deletingLastPathComponent()) }
        // An explicit live context: in a test process a container without one resolves test values.
        let container = Container(context: .live) {
            RecipesDatabaseKey.self; FavouritesKey.self; FavouritesOutboxKey.self
        }
        let database = try container.resolve(RecipesDatabaseKey.self)
        #expect(database.fileURL == databaseURL)
        #expect(try container.resolve(RecipesDatabaseKey.self) === database)
        #expect(try await database.read { db in try db.tableExists("note") })

        let favourites = try #require(try container.resolve(FavouritesKey.self) as? SQLiteRepository<MealDetail>)
        #expect(favourites.collection == "favourites")
        #expect(favourites.database === database)
        let outbox = try container.resolve(FavouritesOutboxKey.self)
        #expect(outbox.database === database)
        #expect(outbox.name == "favourites")
        try await favourites.save(.sample())
        try database.close()
        #expect(FileManager.default.fileExists(atPath: databaseURL.path))
    }

    @Test("in a test scope: an in-memory repository, and an outbox over an in-memory database with the migrations")
    func testValues() async throws {
        let container = Container()
        try await withTestDependencies {
            let favourites = try #require(try container.resolve(FavouritesKey.self) as? InMemoryRepository<MealDetail>)
            try await favourites.save(.sample())
            #expect(try await container.resolve(FavouritesKey.self).fetch(id: "52772") == .sample())

            let database = try container.resolve(RecipesDatabaseKey.self)
            #expect(database.fileURL == nil)
            #expect(try await database.read { db in try db.tableExists("note") })
            let outbox = try container.resolve(FavouritesOutboxKey.self)
            #expect(outbox.database === database)
            try await outbox.enqueue("add 52772")
            #expect(try await container.resolve(FavouritesOutboxKey.self).pending().map(\.operation) == ["add 52772"])
        }
    }

    @Test("each test scope gets its own empty stores")
    func scopesAreIsolated() async throws {
        let container = Container()
        try await withTestDependencies {
            try await container.resolve(FavouritesKey.self).save(.sample())
            try await container.resolve(FavouritesOutboxKey.self).enqueue("first scope")
        }
        try await withTestDependencies {
            let favourites = try await container.resolve(FavouritesKey.self).count()
            let pending = try await container.resolve(FavouritesOutboxKey.self).pending()
            #expect(favourites == 0)
            #expect(pending.isEmpty)
        }
    }
}
