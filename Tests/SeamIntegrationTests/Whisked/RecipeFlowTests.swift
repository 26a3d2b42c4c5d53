import Foundation
import Seam
import SeamArchitecture
import SeamCache
import SeamNavigation
import SeamTesting
import Testing

private let tart = MealDetail(id: "52768", name: "Apple Frangipan Tart", ingredients: ["apples", "almonds"])

@MainActor
@Suite(
    "Whisked: categories and meal details with a coordinator, through Seam",
    .seamDependencies {
        $0[MealServiceKey.self] = MockMealService(categories: [MealCategory(name: "Dessert")], details: [tart])
    }
)
struct RecipeFlowTests {
    let app = RecipeDependencies()

    var service: MockMealService {
        get throws { try #require(try app.container.resolve(MealServiceKey.self) as? MockMealService) }
    }

    var navigator: RecordingNavigator<RecipeRoute> {
        get throws {
            try #require(try app.container.resolve(RecipeNavigatorKey.self) as? RecordingNavigator<RecipeRoute>)
        }
    }

    @Test("categories load, and opening one records a push")
    func categories() async throws {
        let list = try app.makeCategoryList()
        await list.load()
        #expect(list.categories == .loaded([MealCategory(name: "Dessert")]))
        try list.open(MealCategory(name: "Dessert"))
        #expect(try navigator.commands == [.push(.mealsByCategory("Dessert"))])
    }

    @Test("two detail screens of one meal fetch it once through the injected cache")
    func detailCached() async throws {
        let first = try app.makeMealDetail(id: "52768")
        let second = try app.makeMealDetail(id: "52768")
        await first.load()
        await second.load()
        #expect(second.detail == .loaded(tart))
        #expect(try service.log == ["detail(52768)"])
        let cache = try #require(
            try app.container.resolve(MealDetailCacheKey.self) as? InMemoryCacheStore<String, MealDetail>
        )
        #expect(await cache.loadedKeys == ["52768"])
    }

    @Test("a missing meal is shown and reported with its diagnostic")
    func missingMealReported() async throws {
        let detail = try app.makeMealDetail(id: "0")
        await detail.load()
        #expect(detail.detail.error?.code == .notFound)
        let reporter = try #require(try app.container.resolve(ErrorReporterKey.self) as? RecordingErrorReporter)
        #expect(reporter.errors.map(\.diagnostic) == ["meal 0"])
    }

    @Test("a real Coordinator swapped in: a deep link, then favorites, logged as events")
    func coordinatorOverride() async throws {
        let coordinator = Coordinator<RecipeRoute>(deepLinks: try recipeLinks())
        try await withTestDependencies({ $0[RecipeNavigatorKey.self] = coordinator }) {
            try coordinator.open(URL(string: "whisked://categories/Dessert/meals/52768")!)
            let detail = try app.makeMealDetail(id: "52768")
            try detail.showFavorites()
        }
        #expect(
            coordinator.state.entries == [
                .push(.mealsByCategory("Dessert")), .push(.mealDetail(id: "52768")),
                .sheet(.favorites, withNavigationStack: true),
            ])
        #expect(coordinator.events.last == .applied(.present(.favorites, .sheet, withNavigationStack: true)))
    }

    @Test("each test scope gets its own navigator: nothing recorded by another test leaks in")
    func freshNavigatorPerScope() throws {
        #expect(try navigator.commands.isEmpty)
        #expect(try navigator.state == NavigationState())
    }
}

@MainActor
@Suite("Whisked: the live wiring")
struct RecipeLiveWiringTests {
    @Test("live, every block resolves to its real implementation and the container verifies")
    func liveValues() async throws {
        // The test process resolves in the test context; a live scope opts this test into live values.
        try await withOverrides(context: .live) {
            let app = RecipeDependencies()
            let navigator = try app.container.resolve(RecipeNavigatorKey.self)
            let coordinator = try #require(navigator as? Coordinator<RecipeRoute>)
            #expect(
                try coordinator.open(URL(string: "whisked://favorites")!) == [
                    .present(.favorites, .sheet, withNavigationStack: true)
                ])
            #expect(try app.container.resolve(RecipeNavigatorKey.self) === navigator)  // one per scope
            #expect(try app.container.resolve(MealDetailCacheKey.self) is Cache<String, MealDetail>)
            #expect(try app.container.resolve(ErrorReporterKey.self) is ErrorReporter)
            let report = await app.container.verify()
            #expect(report.isClean, "\(report.failures)")
        }
    }
}
