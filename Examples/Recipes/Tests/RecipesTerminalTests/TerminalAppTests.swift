import Foundation
import RecipesCore
import RecipesTestSupport
@testable import RecipesTerminal
import SeamArchitecture
import SeamNavigation
import Testing

/// The front end in-process on `AppDependencies.mock()` with the checked-in fixtures in memory, writing to a
/// recorded console.
@MainActor
@Suite("TerminalApp on the mock dependencies")
struct TerminalAppTests {
    let dependencies: AppDependencies
    let output = RecordingConsole(width: 80)

    init() throws {
        dependencies = AppDependencies.mock(mealService: try MockMealService.fixtures())
    }

    func app(_ format: TerminalApp.Format = .text) -> TerminalApp {
        TerminalApp(dependencies: dependencies, console: output.console, format: format)
    }

    @Test("categories: a table and the favourites count")
    func categories() async throws {
        try await app().showCategories()
        #expect(output.stdout.hasPrefix("ID  Category    About\n──  ──────────  "))
        #expect(output.stdout.contains("\n3   Dessert     Dessert is the course that concludes a meal"))
        #expect(output.stdout.hasSuffix("\n\n4 categories · 0 favourites saved\n"))
        #expect(output.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(output.stderr.isEmpty)
    }

    @Test("a recipe: the ingredient list with measures aligned, blanks left out, the method numbered")
    func recipe() async throws {
        try await app().show(.mealDetail(id: "52819"))
        #expect(output.stdout.hasPrefix("""
            Cajun Spiced Fish Tacos
            Seafood

            Ingredients (7)
              2 tsp    Cajun seasoning
              1 tbsp   sunflower oil
              4        white fish fillets
              8 small  corn tortillas
                       lime
              1 ripe   avocado
                       red cabbage slaw

            Method
              1. Mix the Cajun seasoning with the oil and rub it over the fish. Griddle for
                 3 minutes on each side.
              2. Warm the tortillas
            """))
    }

    @Test("--json: plain keys, every ingredient, parseable")
    func json() async throws {
        try await app(.json).show(.mealDetail(id: "52827"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Massaman Beef Curry")
        #expect((object["ingredients"] as? [[String: String]])?.count == 24)
        #expect(object["favourite"] as? Bool == false)
        #expect(object["from"] as? String == "network")
    }

    @Test("open: a deep link shows the same screen as the command, through the coordinator")
    func openLink() async throws {
        try await app().open("recipes://category/Dessert/meal/52768")
        let viaLink = output.stdout
        let coordinator = try #require(try dependencies.navigator() as? Coordinator<RecipeRoute>)
        #expect(coordinator.state.routes == [.meals(category: "Dessert"), .mealDetail(id: "52768")])

        let direct = RecordingConsole(width: 80)
        try await TerminalApp(dependencies: .mock(mealService: try MockMealService.fixtures()), console: direct.console, format: .text).show(.mealDetail(id: "52768"))
        #expect(viaLink == direct.stdout)
        #expect(viaLink.hasPrefix("Apple Frangipan Tart\nDessert · British · Tart, Baking, Fruity\n"))
    }

    @Test("open: a link no rule accepts is a DeepLinkError, and nothing is printed")
    func badLink() async throws {
        await #expect(throws: DeepLinkError.self) { try await app().open("recipes://meal/apple") }
        #expect(output.stdout.isEmpty)
    }

    @Test("favourite add, then the favourites list; adding twice says so")
    func favourites() async throws {
        try await app().addFavourite(id: "52768")
        #expect(output.stdout == "★ Saved Apple Frangipan Tart (52768) to favourites: it opens offline now.\n")
        try await app().addFavourite(id: "52768")
        #expect(output.stdout.hasSuffix("is a favourite already; its saved copy is refreshed.\n"))

        let list = RecordingConsole(width: 80)
        try await TerminalApp(dependencies: dependencies, console: list.console, format: .text).show(.favourites)
        #expect(list.stdout.contains("52768  Apple Frangipan Tart  Dessert   9            20"))
        #expect(list.stdout.hasSuffix("\n1 favourite\n"))
    }

    @Test("favourite add of an unknown id fails with notFound and saves nothing")
    func addUnknown() async throws {
        let error = await #expect(throws: AppError.self) { try await app().addFavourite(id: "1") }
        #expect(error?.code == .notFound)
        #expect(try await dependencies.container.resolve(FavouritesStoreKey.self).count() == 0)
    }

    @Test("removing a favourite, and removing one that is not")
    func remove() async throws {
        try await app().addFavourite(id: "52905")
        try await app().removeFavourite(id: "52905")
        try await app().removeFavourite(id: "52905")
        #expect(output.stdout.hasSuffix("""
            Removed Chocolate Fondant (52905) from favourites.
            Recipe 52905 is not a favourite; nothing to remove.

            """))
    }

    @Test("offline: favourites list from the store, other screens fail as offline")
    func offline() async throws {
        try await app().addFavourite(id: "52768")
        let offline = AppDependencies(container: dependencies.container, isOffline: true)
        let list = RecordingConsole(width: 80)
        let terminal = TerminalApp(dependencies: offline, console: list.console, format: .json)

        try await terminal.show(.favourites)
        let favourites = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(favourites.count == 1)
        #expect(list.stderr.isEmpty)
        let error = await #expect(throws: AppError.self) { try await terminal.showCategories() }
        #expect(error?.code == .offline)
    }
}

@Suite("Exit codes and error messages")
struct RecipesExitTests {
    @Test("app errors exit 1 with the message and the suggestion; --verbose adds the detail")
    func appError() {
        let output = RecordingConsole()
        let code = RecipesExit.report(AppError(urlError: URLError(.cannotConnectToHost)), console: output.console, verbose: true)
        #expect(code.rawValue == RecipesExit.failure)
        #expect(output.stderr.hasPrefix(
            "recipes: error: The server can't be reached right now. Please try again later.\n  AppError(serverUnreachable"
        ))
    }

    @Test("a bad deep link exits 2, naming the link")
    func badLink() throws {
        let output = RecordingConsole()
        let error = #expect(throws: DeepLinkError.self) { try RecipeDeepLinks.table().resolve("recipes://nowhere") }
        let code = RecipesExit.report(try #require(error), console: output.console, verbose: false)
        #expect(code.rawValue == RecipesExit.usage)
        #expect(output.stderr.contains("recipes://nowhere"))
    }
}
