import Foundation
import RecipesCore
import Testing

@Suite("Ingredient and slot keys")
struct IngredientTests {
    @Test("displayText puts the measure first, or shows the name alone")
    func displayText() {
        #expect(Ingredient(name: "digestive biscuits", measure: "175g/6oz").displayText == "175g/6oz digestive biscuits")
        #expect(Ingredient(name: "lime").displayText == "lime")
        #expect(Ingredient(name: "lime", measure: "1").id != Ingredient(name: "lime").id)
    }

    @Test("special characters come through decoding untouched")
    func specialCharacters() throws {
        let meal: MealDetail = try TestData.decode(TestData.mealJSON("""
            "strIngredient1": "crème fraîche", "strMeasure1": "½ cup",
            "strIngredient2": "jalapeño 🌶", "strMeasure2": "1–2",
            "strIngredient3": "\\"quoted\\" sugar", "strMeasure3": "¾ tsp"
            """))
        #expect(meal.ingredients == [
            Ingredient(name: "crème fraîche", measure: "½ cup"),
            Ingredient(name: "jalapeño 🌶", measure: "1–2"),
            Ingredient(name: "\"quoted\" sugar", measure: "¾ tsp"),
        ])
    }

    @Test("canonical slot keys and their numbers", arguments: [
        ("strIngredient1", 1), ("strIngredient20", 20), ("strIngredient21", 21), ("strMeasure7", 7),
        ("strMeasure120", 120),
    ])
    func canonicalKeys(key: String, index: Int) {
        #expect(IngredientSlot.index(of: key) == index)
    }

    @Test("malformed slot keys have no number", arguments: [
        "strIngredient", "strIngredient0", "strIngredient03", "strIngredient-1", "strIngredient+1", "strIngredientX",
        "strIngredient 4", "strIngredient4 ", "strIngredient١", "strMeasure", "strIngredient99999999999999999999999",
        "strMeal", "idMeal",
    ])
    func malformedKeys(key: String) {
        #expect(IngredientSlot.index(of: key) == nil)
    }
}
