import Foundation
import RecipesCore
import SeamArchitecture
import SeamNavigation
import Testing

@MainActor
@Suite("CategoryListViewModel")
struct CategoryListViewModelTests {
    let service = MockMealService(categories: [TestData.beef, TestData.dessert])
    let store = InMemoryFavouritesStore(favourites: [FavouriteMeal(meal: TestData.tart, savedAt: Date())])
    let reporter = RecordingErrorReporter()
    let navigator = RecordingNavigator<RecipeRoute>()

    func makeModel(service: (any MealService)? = nil, store: (any FavouritesStore)? = nil) -> CategoryListViewModel {
        CategoryListViewModel(
            service: service ?? self.service, favourites: store ?? self.store, errors: reporter, navigator: navigator
        )
    }

    @Test("loads the categories and the favourites count")
    func loads() async {
        // Given
        let model = makeModel()
        #expect(model.categories == .idle)

        // When
        await model.load()

        // Then
        #expect(model.categories == .loaded([TestData.beef, TestData.dessert]))
        #expect(model.favouritesCount == .loaded(1))
        #expect(service.calls == [.categories])
        #expect(reporter.errors.isEmpty)
    }

    @Test("both loads are in flight at once (a task group, not one after the other)")
    func loadsInParallel() async {
        let signal = Signal()
        let service = WaitingMealService(signal: signal, categories: [TestData.dessert])
        let model = makeModel(service: service, store: SignallingFavouritesStore(signal: signal))

        await model.load()

        #expect(service.sawOtherCallInFlight == true)
        #expect(model.categories == .loaded([TestData.dessert]))
        #expect(model.favouritesCount == .loaded(0))
    }

    @Test("offline: the categories fail as an AppError, reported; the count still shows")
    func categoriesFail() async {
        service.failure = TestErrors.offline
        let model = makeModel()

        await model.load()

        #expect(model.categories.error?.code == .offline)
        #expect(model.categories.error?.isRetryable == true)
        #expect(model.favouritesCount == .loaded(1))
        #expect(reporter.errors.map(\.code) == [.offline])
    }

    @Test("a store that cannot be read loses only the count")
    func countFails() async {
        store.failure = TestErrors.diskFull
        let model = makeModel()

        await model.load()

        #expect(model.categories.value == [TestData.beef, TestData.dessert])
        #expect(model.favouritesCount.error?.code == "diskFull")
        #expect(reporter.errors.map(\.code) == ["diskFull"])
    }

    @Test("a failed reload keeps the categories shown before")
    func failedReloadKeepsPrevious() async {
        let model = makeModel()
        await model.load()
        service.failure = TestErrors.offline

        await model.load()

        #expect(model.categories == .failed(TestErrors.offline, previous: [TestData.beef, TestData.dessert]))
    }

    @Test("opening a category pushes its meals; favourites open in a sheet")
    func navigation() throws {
        let model = makeModel()

        try model.open(TestData.dessert)
        try model.showFavourites()

        #expect(navigator.commands == [
            .push(.meals(category: "Dessert")), .present(.favourites, .sheet, withNavigationStack: true),
        ])
    }
}
