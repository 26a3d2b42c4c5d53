import Foundation
import Testing

/// Favouriting, then losing the server: favourites are kept whole in SQLite and open offline.
@Suite("End to end: favourites survive going offline")
struct OfflineTests {
    @Test("favourite add, kill the server, then favourites --offline and the recipe still open from SQLite")
    func favouriteThenOffline() async throws {
        let server = try await FixtureServer()
        let session = try Session()
        session.baseURL = server.baseURL

        let added = try await session.recipes("favourite", "add", "52768")
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout == "★ Saved Apple Frangipan Tart (52768) to favourites: it opens offline now.\n")
        #expect(FileManager.default.fileExists(atPath: session.databasePath))

        server.stop()

        let offline = try await session.recipes("favourites", "--offline")
        #expect(offline.status == 0, "\(offline)")
        #expect(offline.stdout.contains("52768  Apple Frangipan Tart  Dessert   9"))
        #expect(offline.stdout.hasSuffix("\n1 favourite\n"))
        #expect(offline.stderr.isEmpty)

        let recipe = try await session.recipes("meal", "52768")
        #expect(recipe.status == 0, "\(recipe)")
        #expect(recipe.stdout.contains("  175g/6oz  digestive biscuits\n"))
        #expect(recipe.stdout.hasSuffix("Opened from favourites: no network used.\n"))

        let json = try await session.recipes("favourites", "--offline", "--json")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let saved = try #require(list.first?["recipe"] as? [String: Any])
        #expect((saved["ingredients"] as? [Any])?.count == 9)
        #expect((saved["instructions"] as? [Any])?.count == 4)
    }

    @Test("offline, what is not a favourite fails clearly; refreshing favourites falls back to the saved copies")
    func offlineFailures() async throws {
        let server = try await FixtureServer()
        let session = try Session()
        session.baseURL = server.baseURL
        #expect(try await session.recipes("favourite", "add", "52905").status == 0)
        server.stop()

        let other = try await session.recipes("meal", "52767")
        #expect(other.status == 1)
        #expect(other.stderr.hasPrefix("recipes: error: The server can't be reached right now."))

        let refreshed = try await session.recipes("favourites")
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(refreshed.stdout.contains("52905  Chocolate Fondant"))
        #expect(refreshed.stderr.contains("Showing the saved copy of 1 favourite that could not be refreshed"))

        let offlineFlag = try await session.recipes("meal", "52767", "--offline")
        #expect(offlineFlag.status == 1)
        #expect(offlineFlag.stderr.contains("the app is offline"))
    }

    @Test("the category list is cached on disk: it lists with the server gone, until the TTL says otherwise")
    func listCache() async throws {
        let server = try await FixtureServer()
        let session = try Session()
        session.baseURL = server.baseURL
        #expect(try await session.recipes("categories").status == 0)
        server.stop()

        let cached = try await session.recipes("categories")
        #expect(cached.status == 0, "\(cached)")
        #expect(cached.stdout.contains("Dessert"))

        session.extraEnvironment = ["RECIPES_CACHE_TTL": "0"]
        let uncached = try await session.recipes("categories")
        #expect(uncached.status == 1)
    }
}
