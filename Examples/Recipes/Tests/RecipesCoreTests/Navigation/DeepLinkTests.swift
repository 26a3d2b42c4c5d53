import Foundation
import RecipesCore
import SeamNavigation
import Testing

@Suite("Deep links: recipes://…")
struct DeepLinkTests {
    let table: DeepLinkTable<RecipeRoute>

    init() throws {
        table = try RecipeDeepLinks.table()
    }

    @Test("each link resolves to the stack a user would have navigated", arguments: [
        ("recipes://category/Dessert", [PresentedRoute<RecipeRoute>.push(.meals(category: "Dessert"))]),
        ("recipes://meal/52768", [.push(.mealDetail(id: "52768"))]),
        ("recipes://category/Dessert/meal/52768", [.push(.meals(category: "Dessert")), .push(.mealDetail(id: "52768"))]),
        ("recipes://favourites", [.sheet(.favourites, withNavigationStack: true)]),
        ("recipes://favourites/52768", [.sheet(.favourites, withNavigationStack: true), .push(.mealDetail(id: "52768"))]),
        ("RECIPES://category/Side%20Dish", [.push(.meals(category: "Side Dish"))]),
    ])
    func resolves(link: String, stack: [PresentedRoute<RecipeRoute>]) throws {
        #expect(try table.resolve(link) == stack)
    }

    @Test("a meal id that is not a number is rejected, naming the link and the reason")
    func rejectsBadID() {
        let error = #expect(throws: DeepLinkError.self) { try table.resolve("recipes://meal/apple-tart") }
        #expect(error?.code == .rejected)
        #expect(error?.description.contains("meal id 'apple-tart' is not a TheMealDB id") == true)
        #expect(error?.description.contains("recipes://meal/apple-tart") == true)
    }

    @Test("unknown paths and other schemes are errors, never a guess", arguments: [
        ("recipes://meals/52768", DeepLinkError.Code.noMatch),
        ("recipes://category", .noMatch),
        ("whisked://meal/52768", .unsupportedScheme),
        ("https://www.themealdb.com/meal/52768", .unknownHost),
    ])
    func rejects(link: String, code: DeepLinkError.Code) {
        let error = #expect(throws: DeepLinkError.self) { try table.resolve(link) }
        #expect(error?.code == code)
    }
}
