import Foundation
import RecipesCore
import SeamArchitecture
import Testing

/// The write-up's dynamic-parsing cases, on the checked-in fixtures and on hand-written JSON.
@Suite("MealDetail: dynamic strIngredientN / strMeasureN decoding")
struct MealDetailDecodingTests {
    @Test("standard JSON: the tart's 9 ingredients in slot order, 20 raw slots each")
    func standardMeal() throws {
        let tart = try TestData.fixtureMeal("52768")

        #expect(tart.id == "52768")
        #expect(tart.name == "Apple Frangipan Tart")
        #expect(tart.category == "Dessert")
        #expect(tart.area == "British")
        #expect(tart.rawIngredients.count == 20)
        #expect(tart.rawMeasures.count == 20)
        #expect(tart.ingredients.count == 9)
        #expect(tart.ingredients.first == Ingredient(name: "digestive biscuits", measure: "175g/6oz"))
        #expect(tart.ingredients.last == Ingredient(name: "flaked almonds", measure: "50g/1¾oz"))
    }

    @Test("beyond 20 slots: the curry's 24 ingredients, and strIngredient21/25 read by number")
    func extendedIngredients() throws {
        let curry = try TestData.fixtureMeal("52827")
        #expect(curry.ingredients.count == 24)
        #expect(curry.ingredients[20] == Ingredient(name: "coriander leaves", measure: "small bunch"))
        #expect(curry.ingredients.last == Ingredient(name: "jasmine rice", measure: "to serve"))

        let meal: MealDetail = try TestData.decode(TestData.mealJSON("""
            "strIngredient25": "salt", "strMeasure25": "a pinch",
            "strIngredient21": "vanilla extract", "strMeasure21": "1 tsp",
            "strIngredient10": "sugar", "strMeasure10": "50g",
            "strIngredient9": "flour", "strMeasure9": "100g"
            """))
        #expect(meal.rawIngredients["strIngredient21"] == "vanilla extract")
        #expect(meal.rawIngredients["strIngredient25"] == "salt")
        // Ordered by number, not by key text ("strIngredient10" < "strIngredient9" as text).
        #expect(meal.ingredients.map(\.name) == ["flour", "sugar", "vanilla extract", "salt"])
    }

    @Test("malformed keys are kept raw and never listed")
    func malformedKeys() throws {
        let meal: MealDetail = try TestData.decode(TestData.mealJSON("""
            "strIngredient": "malformed ingredient without number", "strMeasure": "1 cup",
            "strIngredient0": "zero", "strMeasure0": "1",
            "strIngredient03": "leading zero", "strMeasure03": "1",
            "strIngredient-1": "negative", "strIngredientX": "letters", "strIngredient 4": "space",
            "strIngredient1": "flour", "strMeasure1": "100g",
            "strIngredient2": "eggs", "strMeasure2": "2"
            """))

        #expect(meal.rawIngredients["strIngredient"] == "malformed ingredient without number")
        #expect(meal.rawIngredients["strIngredient03"] == "leading zero")
        #expect(meal.rawIngredients.count == 8)
        #expect(meal.ingredients == [Ingredient(name: "flour", measure: "100g"), Ingredient(name: "eggs", measure: "2")])
    }

    @Test("incomplete slots: a measure alone is dropped, an ingredient without a measure is kept")
    func incompleteIngredients() throws {
        let meal: MealDetail = try TestData.decode(TestData.mealJSON("""
            "strIngredient1": "flour", "strMeasure1": "100g",
            "strIngredient2": "", "strMeasure2": "1 cup",
            "strIngredient3": "lime", "strMeasure3": null,
            "strIngredient4": "salt",
            "strMeasure5": "2 tbsp"
            """))

        #expect(meal.ingredients == [
            Ingredient(name: "flour", measure: "100g"), Ingredient(name: "lime", measure: ""),
            Ingredient(name: "salt", measure: ""),
        ])
    }

    @Test("empty, blank and null slots are skipped; names and measures are trimmed")
    func blanksAndWhitespace() throws {
        let tacos = try TestData.fixtureMeal("52819")
        #expect(tacos.ingredients == [
            Ingredient(name: "Cajun seasoning", measure: "2 tsp"),
            Ingredient(name: "sunflower oil", measure: "1 tbsp"),
            Ingredient(name: "white fish fillets", measure: "4"),
            Ingredient(name: "corn tortillas", measure: "8 small"),
            Ingredient(name: "lime", measure: ""),
            Ingredient(name: "avocado", measure: "1 ripe"),
            Ingredient(name: "red cabbage slaw", measure: ""),
        ])
        #expect(tacos.rawIngredients["strIngredient2"] == "  sunflower oil ")   // raw stays raw
        #expect(tacos.rawIngredients["strIngredient6"] == .some(nil))          // null is kept as null

        let blanks: MealDetail = try TestData.decode(TestData.mealJSON(
            .slots("strIngredient", ["", " ", "\\n\\t", nil]) + ", " + .slots("strMeasure", ["1", "2", "3", "4"])
        ))
        #expect(blanks.ingredients.isEmpty)
    }

    @Test("the fixture with nulls: absent optional fields, no thumbnail, no tags, no video")
    func nullFields() throws {
        let tacos = try TestData.fixtureMeal("52819")
        #expect(tacos.area == nil)
        #expect(tacos.thumbnailURL == nil)
        #expect(tacos.tags == nil)
        #expect(tacos.tagList.isEmpty)
        #expect(tacos.youtubeURL == nil)   // "" in the JSON
        #expect(tacos.sourceURL == nil)
        #expect(tacos.instructionSteps.count == 2)   // the blank line between the paragraphs is dropped
    }

    @Test("every fixture survives encode → decode unchanged, raw slots and nulls included", arguments: [
        "52767", "52768", "52785", "52807", "52819", "52827", "52874", "52905", "52959",
    ])
    func roundTrip(id: String) throws {
        let original = try TestData.fixtureMeal(id)
        let encoded = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(MealDetail.self, from: encoded)
        #expect(decoded == original)
        #expect(decoded.ingredients == original.ingredients)
    }

    @Test("malformed keys and odd values survive the round trip too")
    func roundTripMalformed() throws {
        let original: MealDetail = try TestData.decode(TestData.mealJSON("""
            "strIngredient": "no number", "strIngredient1": " flour ", "strMeasure1": null,
            "strIngredient2": "eggs", "strMeasure2": 2, "strTags": "Cake, ,Baking"
            """))
        let decoded = try JSONDecoder().decode(MealDetail.self, from: try JSONEncoder().encode(original))
        #expect(decoded == original)
        #expect(decoded.rawIngredients["strIngredient"] == "no number")
        #expect(decoded.tagList == ["Cake", "Baking"])
    }

    @Test("a missing or mistyped idMeal is a decoding error naming the key")
    func missingCoreProperty() throws {
        let missing = #expect(throws: DecodingError.self) {
            try TestData.decode(as: MealDetail.self, #"{"strMeal": "No id"}"#)
        }
        #expect(AppError(try #require(missing)).diagnostic?.contains("keyNotFound at idMeal") == true)

        let mistyped = #expect(throws: DecodingError.self) {
            try TestData.decode(as: MealDetail.self, #"{"idMeal": 52768, "strMeal": "Number id"}"#)
        }
        #expect(AppError(try #require(mistyped)).code == .decoding)
        #expect(throws: DecodingError.self) { try TestData.decode(as: MealDetail.self, #"["not", "an", "object"]"#) }
    }

    @Test("slot values that are not strings: numbers become text, anything else reads as null")
    func nonStringSlotValues() throws {
        let meal: MealDetail = try TestData.decode(TestData.mealJSON("""
            "strIngredient1": "eggs", "strMeasure1": 3,
            "strIngredient2": "milk", "strMeasure2": 0.5,
            "strIngredient3": true, "strMeasure3": "1",
            "strIngredient4": {"name": "salt"}, "strMeasure4": ["a pinch"],
            "strIngredient5": "pepper", "strMeasure5": false
            """))
        #expect(meal.ingredients == [
            Ingredient(name: "eggs", measure: "3"), Ingredient(name: "milk", measure: "0.5"),
            Ingredient(name: "pepper", measure: ""),
        ])
        #expect(meal.rawIngredients["strIngredient3"] == .some(nil))
    }

    @Test("a meal with no ingredient keys at all has an empty list and empty instructions")
    func noSlots() throws {
        let meal: MealDetail = try TestData.decode(TestData.mealJSON(#""strInstructions": null"#))
        #expect(meal.ingredients.isEmpty)
        #expect(meal.rawIngredients.isEmpty)
        #expect(meal.instructions == "")
    }

    @Test("the response envelope: {\"meals\": null} and a missing key are no meals")
    func responseEnvelope() throws {
        #expect(try TestData.decode(as: MealsResponse<MealDetail>.self, #"{"meals": null}"#).meals.isEmpty)
        #expect(try TestData.decode(as: MealsResponse<MealDetail>.self, "{}").meals.isEmpty)
        let one = try TestData.decode(as: MealsResponse<MealDetail>.self, #"{"meals": [\#(TestData.mealJSON())]}"#)
        #expect(one.meals.map(\.name) == ["Test Cake"])
        #expect(throws: DecodingError.self) {
            try TestData.decode(as: MealsResponse<MealDetail>.self, #"{"meals": [{"strMeal": "no id"}]}"#)
        }
    }

    @Test("a code-built meal fills slots 1…n and reads back the same list")
    func codeBuiltMeal() throws {
        let ingredients = [Ingredient(name: "bread", measure: "2 slices"), Ingredient(name: "butter")]
        let toast = MealDetail(id: "1", name: "Toast", ingredients: ingredients)
        #expect(toast.ingredients == ingredients)
        #expect(toast.rawIngredients == ["strIngredient1": "bread", "strIngredient2": "butter"])
        #expect(try JSONDecoder().decode(MealDetail.self, from: JSONEncoder().encode(toast)) == toast)
    }
}
