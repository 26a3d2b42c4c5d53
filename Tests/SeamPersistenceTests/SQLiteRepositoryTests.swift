import Foundation
import GRDB
import SeamArchitecture
import SeamPersistence
import SeamTestSupport
import Testing

@Suite("SQLiteRepository and transactions")
struct SQLiteRepositoryTests {
    @Test("favourites are stored whole: everything reads back after the app restarts")
    func storedWholeAcrossRestarts() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        let meal = MealDetail.sample()
        do {
            let database = try SQLiteDatabase(fileURL: folder.database())
            try await SQLiteRepository<MealDetail>(database: database, collection: "favourites").save(meal)
            try database.close()
        }
        let reopened = try SQLiteDatabase(fileURL: folder.database())
        let favourites = SQLiteRepository<MealDetail>(database: reopened, collection: "favourites")
        #expect(try await favourites.fetch(id: meal.id) == meal)
        #expect(try await favourites.fetch(id: meal.id)?.ingredients.count == 2)
    }

    @Test("collections with the same record type never mix")
    func collectionsAreSeparate() async throws {
        let database = try SQLiteDatabase.inMemory()
        let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
        let history = SQLiteRepository<MealDetail>(database: database, collection: "history")
        try await favourites.save(.sample("1"))
        try await history.save(contentsOf: [.sample("1", name: "seen"), .sample("2")])
        try await history.deleteAll()
        #expect(try await favourites.fetchAll() == [.sample("1")])
        #expect(try await history.count() == 0)
    }

    @Test("integer and UUID ids are keys of their own type")
    func otherIDTypes() async throws {
        struct Numbered: Codable, Identifiable, Sendable, Equatable { let id: Int; var name: String }
        struct Tokened: Codable, Identifiable, Sendable, Equatable { let id: UUID; var name: String }
        let database = try SQLiteDatabase.inMemory()
        let numbers = SQLiteRepository<Numbered>(database: database)
        try await numbers.save(Numbered(id: 7, name: "seven"))
        #expect(try await numbers.fetch(id: 7)?.name == "seven")
        #expect(try await numbers.fetch(id: 8) == nil)
        let tokens = SQLiteRepository<Tokened>(database: database)
        let token = UUID()
        try await tokens.save(Tokened(id: token, name: "t"))
        #expect(try await tokens.fetch(id: token)?.name == "t")
        #expect(try await tokens.delete(id: UUID()) == false)
    }

    @Test("a stored record that no longer decodes is an error naming the collection, id and key path")
    func decodingError() async throws {
        struct MealV2: Codable, Identifiable, Sendable { let id: String; var name: String; var rating: Int }
        let database = try SQLiteDatabase.inMemory()
        try await SQLiteRepository<MealDetail>(database: database, collection: "favourites").save(.sample())
        let newer = SQLiteRepository<MealV2>(database: database, collection: "favourites")
        let error = try #require(await persistenceError { try await newer.fetch(id: "52772") })
        #expect(error.code == .decoding)
        #expect(error.subject == "favourites/52772")
        #expect(error.reason.contains("keyNotFound at rating"))
        #expect(AppError(error).code == .decoding)
        #expect(await persistenceError { try await newer.fetchAll() }?.code == .decoding)
    }

    @Test("records are JSON text, queryable with SQLite's JSON functions")
    func jsonBody() async throws {
        let database = try SQLiteDatabase.inMemory()
        try await SQLiteRepository<MealDetail>(database: database, collection: "favourites")
            .save(contentsOf: [.sample("1", name: "Arrabiata"), .sample("2", name: "Teriyaki")])
        let names = try await database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT json_extract(body, '$.name') FROM seam_record WHERE collection = 'favourites' ORDER BY 1
                    """)
        }
        #expect(names == ["Arrabiata", "Teriyaki"])
    }

    @Test("a transaction commits a save and an outbox entry together, or neither")
    func transactionIsAtomic() async throws {
        struct Refused: Error {}
        let database = try SQLiteDatabase.inMemory()
        let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
        let outbox = Outbox<String>(database: database, name: "favourites")
        try await database.write { transaction in
            try transaction.save(.sample("1"), in: favourites)
            try transaction.enqueue("add 1", in: outbox)
        }
        await #expect(throws: Refused.self) {
            try await database.write { transaction in
                try transaction.save(.sample("2"), in: favourites)
                try transaction.enqueue("add 2", in: outbox)
                try transaction.delete(id: "1", in: favourites)
                throw Refused()
            }
        }
        #expect(try await favourites.fetchAll().map(\.id) == ["1"])
        #expect(try await outbox.pending().map(\.operation) == ["add 1"])
    }

    @Test("a repository of another database is refused inside a transaction")
    func foreignRepository() async throws {
        let database = try SQLiteDatabase.inMemory()
        let other = SQLiteRepository<MealDetail>(database: try SQLiteDatabase.inMemory(), collection: "favourites")
        let error = try #require(
            await persistenceError {
                try await database.write { transaction in try transaction.save(.sample(), in: other) }
            })
        #expect(error.reason == "'favourites' belongs to another database (<memory>)")
        #expect(try await other.count() == 0)
    }

    @Test("an observation yields the current records, then the records after each save")
    func observationSequence() async throws {
        let database = try SQLiteDatabase.inMemory()
        let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
        var all = favourites.observeAll().makeAsyncIterator()
        #expect(try await all.next() == [])
        try await favourites.save(.sample("1"))
        #expect(try await all.next() == [.sample("1")])
        try await favourites.save(.sample("2"))
        #expect(try await all.next()?.map(\.id) == ["1", "2"])
    }
}
