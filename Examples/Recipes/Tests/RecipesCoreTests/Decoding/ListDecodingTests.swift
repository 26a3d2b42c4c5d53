import Foundation
import RecipesCore
import RecipesFixtures
import Testing

@Suite("Categories and meal lists decode from TheMealDB's shapes")
struct ListDecodingTests {
    @Test("categories.php: TheMealDB keys to plain names")
    func categories() throws {
        let data = try FixtureCatalog.bundled().categories()
        let categories = try JSONDecoder().decode(CategoriesResponse.self, from: data).categories
        #expect(categories.map(\.name) == ["Beef", "Dessert", "Seafood", "Vegetarian"])
        #expect(categories[1].id == "3")
        #expect(categories[1].summary.hasPrefix("Dessert is the course"))
        #expect(categories[1].thumbnailURL?.hasSuffix("dessert.png") == true)
    }

    @Test("a category without description or thumbnail still decodes; a null list is empty")
    func sparseCategory() throws {
        let response = try TestData.decode(
            as: CategoriesResponse.self,
            #"{"categories": [{"idCategory": "9", "strCategory": "Side", "strCategoryThumb": " ", "strCategoryDescription": null}]}"#
        )
        #expect(response.categories == [MealCategory(id: "9", name: "Side")])
        #expect(try TestData.decode(as: CategoriesResponse.self, #"{"categories": null}"#).categories.isEmpty)
    }

    @Test("filter.php: a category's meals, in the server's order")
    func meals() throws {
        let data = try #require(try FixtureCatalog.bundled().meals(inCategory: "Dessert"))
        let meals = try JSONDecoder().decode(MealsResponse<Meal>.self, from: data).meals
        #expect(meals.map(\.id) == ["52768", "52767", "52905"])
        #expect(meals[0] == Meal(id: "52768", name: "Apple Frangipan Tart", thumbnailURL: meals[0].thumbnailURL))
        #expect(meals[0].thumbnailURL != nil)
    }

    @Test("a favourite encodes and decodes whole, with its date")
    func favouriteRoundTrip() throws {
        let favourite = FavouriteMeal(meal: try TestData.fixtureMeal("52827"), savedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let decoded = try JSONDecoder().decode(FavouriteMeal.self, from: JSONEncoder().encode(favourite))
        #expect(decoded == favourite)
        #expect(decoded.meal.ingredients.count == 24)
    }
}
