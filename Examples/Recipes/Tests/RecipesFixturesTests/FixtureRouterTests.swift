import Foundation
import RecipesCore
import RecipesFixtures
import Testing

@Suite("The fixture server's answers (no sockets)")
struct FixtureRouterTests {
    let router: FixtureRouter

    init() throws {
        router = FixtureRouter(catalog: try FixtureCatalog.bundled())
    }

    func get(_ path: String, _ query: [String: String] = [:]) -> FixtureResponse {
        router.respond(method: "GET", path: FixtureRouter.theMealDBBasePath + path, query: query)
    }

    func json(_ response: FixtureResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test("the three TheMealDB endpoints answer with the checked-in bodies")
    func endpoints() throws {
        let catalog = try FixtureCatalog.bundled()
        #expect(get("/categories.php") == FixtureResponse(status: 200, body: try catalog.categories()))
        #expect(get("/filter.php", ["c": "Dessert"]).body == (try catalog.meals(inCategory: "Dessert")))
        #expect(get("/lookup.php", ["i": "52768"]).body == (try catalog.meal(id: "52768")))
        #expect(get("/categories.php").contentType == "application/json")
    }

    @Test("categories match case-insensitively, like TheMealDB")
    func caseInsensitive() {
        #expect(get("/filter.php", ["c": "dessert"]).body == get("/filter.php", ["c": "Dessert"]).body)
    }

    @Test("an unknown category or meal is {\"meals\":null} with 200, like TheMealDB", arguments: [
        ("/filter.php", ["c": "Pudding"]), ("/lookup.php", ["i": "1"]),
        ("/filter.php", ["c": "../lookup/52768"]), ("/lookup.php", ["i": "../categories"]),
    ])
    func unknown(path: String, query: [String: String]) throws {
        let response = get(path, query)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"meals":null}"#)
    }

    @Test("bad requests say what is wrong", arguments: [
        ("GET", "/api/json/v1/1/filter.php", 400), ("GET", "/api/json/v1/1/lookup.php", 400),
        ("GET", "/api/json/v1/1/search.php", 404), ("GET", "/categories.php", 404), ("POST", "/api/json/v1/1/categories.php", 405),
    ])
    func badRequests(method: String, path: String, status: Int) throws {
        let response = router.respond(method: method, path: path, query: [:])
        #expect(response.status == status)
        #expect(try json(response)["error"] is String)
    }

    @Test("a directory without categories.json is refused, naming it")
    func notAFixtureDirectory() {
        let error = #expect(throws: FixtureError.self) { try FixtureCatalog(directory: URL(fileURLWithPath: "/tmp")) }
        #expect(error?.description.contains("/tmp has no categories.json") == true)
    }
}

@Suite("The fixtures themselves")
struct FixtureContentTests {
    let catalog: FixtureCatalog

    init() throws {
        catalog = try FixtureCatalog.bundled()
    }

    @Test("every listed meal opens, and every recipe is listed in its own category")
    func consistent() throws {
        let decoder = JSONDecoder()
        var listed: [String: String] = [:]
        for category in catalog.categoryNames {
            let data = try #require(try catalog.meals(inCategory: category))
            for meal in try decoder.decode(MealsResponse<Meal>.self, from: data).meals { listed[meal.id] = category }
        }
        #expect(Set(listed.keys) == Set(catalog.mealIDs))
        for id in catalog.mealIDs {
            let data = try #require(try catalog.meal(id: id))
            let detail = try #require(try decoder.decode(MealsResponse<MealDetail>.self, from: data).meals.first)
            #expect(detail.id == id)
            #expect(detail.category == listed[id])
        }
    }

    @Test("the issue's shapes are there: a few categories, one meal with 20+ ingredients, one with nulls")
    func shapes() throws {
        let decoder = JSONDecoder()
        let details = try catalog.mealIDs.map { id in
            try decoder.decode(MealsResponse<MealDetail>.self, from: #require(try catalog.meal(id: id))).meals[0]
        }
        let categories = try decoder.decode(CategoriesResponse.self, from: catalog.categories()).categories
        #expect(categories.count >= 3)
        #expect(details.contains { $0.ingredients.count > 20 })
        #expect(details.contains { $0.rawIngredients.values.contains(nil) && $0.thumbnailURL == nil })
    }
}
