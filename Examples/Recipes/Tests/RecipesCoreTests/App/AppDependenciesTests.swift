import Foundation
import RecipesCore
import RecipesTestSupport
import Seam
import SeamArchitecture
import SeamCache
import SeamNavigation
import SeamNetwork
import SeamPersistence
import SeamTesting
import Testing

/// The composition root in Seam's test context: the app's own container code, every key a double.
@MainActor
@Suite(
    "AppDependencies: the composition root",
    .seamDependencies { $0[MealServiceKey.self] = MockMealService(categories: [TestData.dessert], details: [TestData.tart]) }
)
struct AppDependenciesTests {
    let app = AppDependencies.production(settings: .preview)

    var navigator: RecordingNavigator<RecipeRoute> {
        get throws { try #require(try app.navigator() as? RecordingNavigator<RecipeRoute>) }
    }

    @Test("screens get the overridden service, the test store and the test navigator")
    func screensUseTheDoubles() async throws {
        let categories = try await app.makeCategoryList()
        await categories.load()
        #expect(categories.categories == .loaded([TestData.dessert]))
        #expect(categories.favouritesCount == .loaded(0))

        try categories.open(TestData.dessert)
        #expect(try navigator.commands == [.push(.meals(category: "Dessert"))])
    }

    @Test("every screen shares one store and one navigator (singletons of the container)")
    func sharedDependencies() async throws {
        let detail = try await app.makeMealDetail(id: "52768")
        await detail.load()
        await detail.addToFavourites()

        let favourites = try await app.makeFavourites()
        await favourites.load(refresh: false)
        #expect(favourites.favourites.value?.map(\.id) == ["52768"])
        #expect(try app.navigator() === app.navigator())
    }

    @Test("errors reach ErrorReporterKey's reporter, or the one passed in")
    func errorReporting() async throws {
        let detail = try await app.makeMealDetail(id: "404")
        await detail.load()
        let reporter = try #require(try app.container.resolve(ErrorReporterKey.self) as? RecordingErrorReporter)
        #expect(reporter.errors.map(\.code) == [.notFound])

        let own = RecordingErrorReporter()
        let other = AppDependencies.production(settings: .preview, errorReporter: own)
        let list = try await other.makeMealList(category: "Dessert")
        try #require(try await other.container.resolve(MealServiceKey.self) as? MockMealService).failure = TestErrors.offline
        await list.load()
        #expect(own.errors.map(\.code) == [.offline])
    }

    @Test("offline, the network service is never built; favourites still open", .seamDependencies {
        $0.factory(MealServiceKey.self) { _ in
            Issue.record("the meal service was built in offline mode")
            return MockMealService()
        }
    })
    func offline() async throws {
        let app = AppDependencies.production(settings: .preview, isOffline: true)
        try await app.container.resolve(FavouritesStoreKey.self).save(TestData.tart)

        let categories = try await app.makeCategoryList()
        await categories.load()
        let detail = try await app.makeMealDetail(id: "52768")
        await detail.load()

        #expect(categories.categories.error?.code == .offline)
        #expect(detail.detail == .loaded(TestData.tart))
        #expect(detail.source == .favourites)
    }
}

@MainActor
@Suite("AppDependencies.mock(): the fixtures in memory")
struct MockAppDependenciesTests {
    @Test("the checked-in fixtures answer, favourites stay in memory, navigation is a real Coordinator")
    func mock() async throws {
        let app = AppDependencies.mock(mealService: try MockMealService.fixtures())

        let categories = try await app.makeCategoryList()
        await categories.load()
        #expect(categories.categories.value?.map(\.name) == ["Beef", "Dessert", "Seafood", "Vegetarian"])

        let meals = try await app.makeMealList(category: "Dessert")
        await meals.load()
        let tart = try #require(meals.meals.value?.first)
        try meals.open(tart)

        let detail = try await app.makeMealDetail(id: tart.id)
        await detail.load()
        await detail.addToFavourites()
        #expect(detail.detail.value?.ingredients.count == 9)
        #expect(try await app.container.resolve(FavouritesStoreKey.self).count() == 1)

        let coordinator = try #require(try app.navigator() as? Coordinator<RecipeRoute>)
        #expect(coordinator.state.routes == [.mealDetail(id: "52768")])
        #expect(AppDependencies.mock() !== app)
        #expect(try await AppDependencies.mock().container.resolve(FavouritesStoreKey.self).count() == 0)
    }
}

/// The live graph: every block through its own Seam key, configured from the loaded settings.
@MainActor
@Suite("AppDependencies.production(settings:): the blocks' own keys")
struct LiveAppDependenciesTests {
    @Test("the services are built from the network client, cache, database and repository keys; the graph verifies clean")
    func liveGraph() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = RecipesSettings(
            apiBaseURL: try #require(URL(string: "http://127.0.0.1:9/api/json/v1/1/")), requestTimeout: .seconds(3),
            databaseURL: folder.appendingPathComponent("favourites.sqlite"), cacheDirectory: folder.appendingPathComponent("caches"),
            listCacheTTL: .seconds(60)
        )
        try await withOverrides(context: .live) {
            let app = AppDependencies.production(settings: settings)
            #expect(try app.container.resolve(MealDBClientKey.self).configuration.baseURL == settings.apiBaseURL)
            #expect(try await app.container.resolve(MealServiceKey.self) is CachingMealService)
            #expect(try app.container.resolve(CategoryListCacheKey.self) is Cache<String, [MealCategory]>)
            let repository = try #require(try app.container.resolve(FavouritesRepositoryKey.self) as? SQLiteRepository<FavouriteMeal>)
            #expect(repository.database.fileURL == settings.databaseURL)
            #expect(repository.database === (try app.container.resolve(RecipesDatabaseKey.self)))

            try await app.container.resolve(FavouritesStoreKey.self).save(TestData.tart)
            #expect(try await repository.count() == 1)
            let report = await app.container.verify()
            #expect(report.isClean, "\(report)")
        }
    }
}
