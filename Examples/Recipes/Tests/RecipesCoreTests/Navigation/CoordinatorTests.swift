import Foundation
import RecipesCore
import SeamNavigation
import Testing

@MainActor
@Suite("Coordinator with the recipe routes")
struct CoordinatorTests {
    let coordinator: Coordinator<RecipeRoute>

    init() throws {
        coordinator = Coordinator(deepLinks: try RecipeDeepLinks.table())
    }

    @Test("browsing pushes typed destinations; favourites open in a sheet above them")
    func browsing() throws {
        try coordinator.push(.meals(category: "Dessert"))
        try coordinator.push(.mealDetail(id: "52768"))
        try coordinator.present(.favourites, as: .sheet, withNavigationStack: true)
        try coordinator.push(.mealDetail(id: "52905"))

        #expect(coordinator.state.routes == [
            .meals(category: "Dessert"), .mealDetail(id: "52768"), .favourites, .mealDetail(id: "52905"),
        ])
        #expect(coordinator.state.modalCount == 1)
    }

    @Test("a deep link from deep in the app takes the fewest steps: dismiss the sheet, pop, push")
    func deepLinkFromAnywhere() throws {
        try coordinator.push(.meals(category: "Dessert"))
        try coordinator.push(.mealDetail(id: "52768"))
        try coordinator.present(.favourites, as: .sheet, withNavigationStack: true)

        let steps = try coordinator.open(#require(URL(string: "recipes://category/Dessert/meal/52905")))

        #expect(steps == [.dismiss(count: 1), .pop(count: 1), .push(.mealDetail(id: "52905"))])
        #expect(coordinator.state.routes == [.meals(category: "Dessert"), .mealDetail(id: "52905")])
        #expect(coordinator.events.contains(.openedDeepLink(try #require(URL(string: "recipes://category/Dessert/meal/52905")))))
    }

    @Test("a rejected link changes nothing and is logged")
    func rejectedLink() throws {
        try coordinator.push(.meals(category: "Beef"))
        #expect(throws: DeepLinkError.self) { try coordinator.open(#require(URL(string: "recipes://meal/abc"))) }
        #expect(coordinator.state.routes == [.meals(category: "Beef")])
        guard case .rejectedDeepLink? = coordinator.events.last else {
            Issue.record("expected a rejected deep link event, got \(String(describing: coordinator.events.last))")
            return
        }
    }

    @Test("popping the empty root is refused")
    func invariants() {
        #expect(throws: NavigationError.self) { try coordinator.pop() }
        #expect(coordinator.state.routes.isEmpty)
    }

    @Test("the state survives encoding, for restoring the app where it was")
    func restoration() throws {
        try coordinator.push(.meals(category: "Seafood"))
        try coordinator.push(.mealDetail(id: "52819"))
        let saved = try coordinator.encodedState()

        let restored = Coordinator<RecipeRoute>()
        try restored.restore(from: saved)

        #expect(restored.state == coordinator.state)
    }
}
