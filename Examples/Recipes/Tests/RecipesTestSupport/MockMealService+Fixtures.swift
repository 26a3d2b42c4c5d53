import Foundation
import RecipesCore
import RecipesFixtures

extension MockMealService {
    /// A service answering with the checked-in TheMealDB fixtures, decoded by the app's own models.
    ///
    /// - Throws: when a fixture file is missing or does not decode.
    public static func fixtures(latency: Duration = .zero) throws -> MockMealService {
        let catalog = try FixtureCatalog.bundled()
        let decoder = JSONDecoder()
        let categories = try decoder.decode(CategoriesResponse.self, from: catalog.categories()).categories
        var meals: [String: [Meal]] = [:]
        for category in catalog.categoryNames {
            if let data = try catalog.meals(inCategory: category) {
                meals[category] = try decoder.decode(MealsResponse<Meal>.self, from: data).meals
            }
        }
        var details: [MealDetail] = []
        for id in catalog.mealIDs {
            if let data = try catalog.meal(id: id) {
                details += try decoder.decode(MealsResponse<MealDetail>.self, from: data).meals
            }
        }
        return MockMealService(categories: categories, meals: meals, details: details, latency: latency)
    }

}
