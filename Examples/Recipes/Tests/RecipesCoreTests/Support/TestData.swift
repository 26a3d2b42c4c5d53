import Foundation
import RecipesCore
import RecipesFixtures
import Testing

/// Decoding helpers and sample data shared by the suites.
enum TestData {
    /// `json` decoded as `T` with a plain `JSONDecoder`.
    static func decode<T: Decodable>(as type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// `json` decoded as the type the context asks for.
    static func decode<T: Decodable>(_ json: String) throws -> T {
        try decode(as: T.self, json)
    }

    /// The checked-in `lookup/<id>.json`, decoded by the app's own models.
    static func fixtureMeal(_ id: String) throws -> MealDetail {
        let data = try #require(try FixtureCatalog.bundled().meal(id: id), "no fixture for meal \(id)")
        let meals = try JSONDecoder().decode(MealsResponse<MealDetail>.self, from: data).meals
        return try #require(meals.first)
    }

    /// A meal JSON object with the given extra members (`"strIngredient1": "flour"`).
    static func mealJSON(_ members: String = "", id: String = "1", name: String = "Test Cake") -> String {
        let extra = members.isEmpty ? "" : ", " + members
        return #"{"idMeal": "\#(id)", "strMeal": "\#(name)"\#(extra)}"#
    }

    static let dessert = MealCategory(id: "3", name: "Dessert", summary: "Sweet things.")
    static let beef = MealCategory(id: "1", name: "Beef", summary: "Meat from cattle.")

    static let tart = MealDetail(
        id: "52768", name: "Apple Frangipan Tart", category: "Dessert", area: "British",
        instructions: "Bake it.", ingredients: [
            Ingredient(name: "digestive biscuits", measure: "175g"), Ingredient(name: "butter", measure: "75g"),
        ]
    )
    static let fondant = MealDetail(
        id: "52905", name: "Chocolate Fondant", category: "Dessert",
        ingredients: [Ingredient(name: "dark chocolate", measure: "200g")]
    )
}

extension String {
    /// The keys of `strIngredient1`…`strIngredientN` etc., written out as JSON members.
    static func slots(_ prefix: String, _ values: [String?]) -> String {
        values.enumerated().map { offset, value in
            "\"\(prefix)\(offset + 1)\": " + (value.map { "\"\($0)\"" } ?? "null")
        }.joined(separator: ", ")
    }
}
