import Foundation
import RecipesCore
import SeamPersistence
import Synchronization
import Testing

/// The live favourites store on a real SQLite file: whole recipes, the save date kept, newest first,
/// and everything still there when the app starts again.
@Suite("SQLiteFavouritesStore on a real file")
struct SQLiteFavouritesStoreTests {
    /// A fresh folder for one test's database, removed afterwards.
    private final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-store-\(UUID().uuidString)")
        var database: URL { url.appendingPathComponent("Recipes/favourites.sqlite") }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A clock the test moves forward by one minute per reading.
    private final class Clock: Sendable {
        private let minutes = Mutex(0)
        func now() -> Date {
            Date(timeIntervalSince1970: 1_700_000_000 + Double(minutes.withLock { $0 += 1; return $0 }) * 60)
        }
    }

    @Test("saved whole, newest first, a second save replaces the recipe and keeps its date, remove says whether")
    func rules() async throws {
        let folder = Folder()
        let clock = Clock()
        let store = SQLiteFavouritesStore(database: try SQLiteDatabase(fileURL: folder.database), now: clock.now)
        let tart = try TestData.fixtureMeal("52768")
        let fondant = try TestData.fixtureMeal("52905")

        try await store.save(tart)
        try await store.save(fondant)
        #expect(try await store.all().map(\.id) == ["52905", "52768"])
        let firstDate = try #require(try await store.favourite(id: "52768")).savedAt

        var edited = tart
        edited.name = "Apple Frangipane Tart"
        try await store.save(edited)
        let saved = try #require(try await store.favourite(id: "52768"))
        #expect(saved.meal == edited && saved.savedAt == firstDate)
        #expect(try await store.count() == 2)

        #expect(try await store.remove(id: "52905"))
        #expect(try await !store.remove(id: "52905"))
        #expect(try await store.all().map(\.id) == ["52768"])
        #expect(try await store.favourite(id: "52905") == nil)
    }

    @Test("the favourites are all there, ingredients and all, when the database is opened again")
    func survivesRestart() async throws {
        let folder = Folder()
        let curry = try TestData.fixtureMeal("52827")
        do {
            let store = SQLiteFavouritesStore(database: try SQLiteDatabase(fileURL: folder.database))
            try await store.save(curry)
        }
        let reopened = SQLiteFavouritesStore(database: try SQLiteDatabase(fileURL: folder.database))
        let saved = try #require(try await reopened.favourite(id: "52827"))
        #expect(saved.meal == curry)
        #expect(saved.meal.ingredients.count == 24)
    }

    @Test("a file that is not a database fails to open with an error naming it, and is left as it was")
    func notADatabase() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(at: folder.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = Data("shopping list: flour, eggs\n".utf8)
        try text.write(to: folder.database)
        let error = #expect(throws: PersistenceError.self) { try SQLiteDatabase(fileURL: folder.database) }
        #expect(String(describing: error).contains("favourites.sqlite"))
        #expect(try Data(contentsOf: folder.database) == text)
    }
}
