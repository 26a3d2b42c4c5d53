import Foundation
import Testing

/// The terminal front end against the fixture server, both real processes.
@Suite("End to end: browsing TheMealDB fixtures over HTTP")
struct BrowsingTests {
    let server: FixtureServer
    let session: Session

    init() async throws {
        server = try await FixtureServer()
        session = try Session()
        session.baseURL = server.baseURL
    }

    @Test("recipes categories: a table of the categories")
    func categories() async throws {
        let result = try await session.recipes("categories")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("ID  Category    About\n"))
        #expect(result.stdout.contains("\n3   Dessert     Dessert is the course"))
        #expect(result.stdout.hasSuffix("4 categories · 0 favourites saved\n"))
        #expect(result.stderr.isEmpty, "no progress line when stderr is not a terminal")
        #expect(server.log.contains("GET /api/json/v1/1/categories.php → 200"))
    }

    @Test("recipes meals Dessert, then recipes meal 52768: the list, then the whole recipe")
    func mealsThenMeal() async throws {
        let meals = try await session.recipes("meals", "Dessert")
        #expect(meals.status == 0, "\(meals)")
        #expect(meals.stdout.contains("52768  Apple Frangipan Tart\n"))

        let meal = try await session.recipes("meal", "52768")
        #expect(meal.status == 0, "\(meal)")
        #expect(meal.stdout.hasPrefix("Apple Frangipan Tart\nDessert · British · Tart, Baking, Fruity\n\nIngredients (9)\n"))
        #expect(meal.stdout.contains("  175g/6oz  digestive biscuits\n"))
        #expect(meal.stdout.contains("  1. Preheat the oven to 200C/180C Fan/Gas 6.\n"))
    }

    @Test("--json: the 24-ingredient curry and the fish tacos with nulls, as plain JSON")
    func json() async throws {
        let curry = try await session.recipes("meal", "52827", "--json")
        #expect(curry.status == 0, "\(curry)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(curry.stdout.utf8)) as? [String: Any])
        #expect((object["ingredients"] as? [[String: String]])?.count == 24)

        let tacos = try await session.recipes("meal", "52819", "--json")
        let tacosObject = try #require(try JSONSerialization.jsonObject(with: Data(tacos.stdout.utf8)) as? [String: Any])
        #expect(tacosObject["thumbnail"] is NSNull)
        #expect((tacosObject["ingredients"] as? [[String: String]])?.map { $0["name"] ?? "" }.contains("lime") == true)
    }

    @Test("recipes open: deep links through the coordinator show the same screens")
    func openLinks() async throws {
        let viaLink = try await session.recipes("open", "recipes://meal/52768")
        let direct = try await session.recipes("meal", "52768")
        #expect(viaLink.status == 0, "\(viaLink)")
        #expect(viaLink.stdout == direct.stdout)

        let category = try await session.recipes("open", "recipes://category/Dessert")
        #expect(category.stdout.hasPrefix("Dessert · 3 meals\n"))

        let bad = try await session.recipes("open", "recipes://meal/apple")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("meal id 'apple' is not a TheMealDB id"))
        #expect(bad.stdout.isEmpty)
    }

    @Test("an unknown meal fails with exit 1 and says so")
    func unknownMeal() async throws {
        let result = try await session.recipes("meal", "1")
        #expect(result.status == 1)
        #expect(result.stderr == "recipes: error: There is no recipe with id 1. Check the id: `recipes meals <category>` lists them.\n")
    }

    @Test("bad configuration exits 2 naming the key and the layer")
    func badConfiguration() async throws {
        session.extraEnvironment = ["RECIPES_API_BASE_URL": "ftp://example.org/api"]
        let result = try await session.recipes("categories")
        #expect(result.status == 2)
        #expect(result.stderr.contains("recipes.api.baseURL in environment variables: must be an http(s) URL"))
    }
}
