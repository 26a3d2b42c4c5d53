import Foundation
import RecipesCore
import SeamArchitecture
import SeamNavigation
import Testing

@MainActor
@Suite("MealDetailViewModel: offline first, favourites kept whole")
struct MealDetailViewModelTests {
    let service = MockMealService(details: [TestData.tart])
    let clock = TestClock()
    let store: InMemoryFavouritesStore
    let reporter = RecordingErrorReporter()
    let navigator = RecordingNavigator<RecipeRoute>()

    init() {
        store = InMemoryFavouritesStore(now: { [clock] in clock.now })
    }

    func makeModel(_ id: String = "52768") -> MealDetailViewModel {
        MealDetailViewModel(mealID: id, service: service, favourites: store, errors: reporter, navigator: navigator)
    }

    @Test("not a favourite: the recipe comes from the service")
    func fromNetwork() async {
        let model = makeModel()
        await model.load()
        #expect(model.detail == .loaded(TestData.tart))
        #expect(model.source == .network)
        #expect(model.isFavourite == false)
        #expect(service.calls == [.detail(id: "52768")])
    }

    @Test("a favourite opens from the store without calling the service, even offline")
    func fromFavourites() async throws {
        try await store.save(TestData.tart)
        service.failure = TestErrors.offline
        let model = makeModel()

        await model.load()

        #expect(model.detail == .loaded(TestData.tart))
        #expect(model.source == .favourites)
        #expect(model.isFavourite)
        #expect(service.calls.isEmpty)
    }

    @Test("a store that cannot be read is reported, and the service answers")
    func brokenStoreFallsBack() async {
        store.failure = TestErrors.diskFull
        let model = makeModel()

        await model.load()

        #expect(model.detail == .loaded(TestData.tart))
        #expect(model.source == .network)
        #expect(reporter.errors.map(\.code) == ["diskFull"])
    }

    @Test("an unknown id fails with notFound, reported with its diagnostic")
    func notFound() async {
        let model = makeModel("1")
        await model.load()
        #expect(model.detail.error?.code == .notFound)
        #expect(model.source == nil)
        #expect(reporter.errors.map(\.diagnostic) == ["lookup.php?i=1 returned no meal"])
    }

    @Test("favouriting saves the whole recipe, which then opens offline")
    func addToFavourites() async throws {
        let model = makeModel()
        await model.load()

        await model.addToFavourites()

        #expect(model.isFavourite)
        #expect(try await store.favourite(id: "52768") == FavouriteMeal(meal: TestData.tart, savedAt: clock.now))
        service.failure = TestErrors.offline
        let offline = makeModel()
        await offline.load()
        #expect(offline.detail.value?.ingredients == TestData.tart.ingredients)
    }

    @Test("favouriting before the recipe loaded does nothing")
    func addBeforeLoad() async throws {
        await makeModel().addToFavourites()
        #expect(try await store.count() == 0)
    }

    @Test("a failed save is shown and reported; the meal stays not favourite")
    func saveFails() async {
        let model = makeModel()
        await model.load()
        store.failure = TestErrors.diskFull

        await model.addToFavourites()

        #expect(model.isFavourite == false)
        #expect(model.favouriteError?.code == "diskFull")
        #expect(reporter.errors.map(\.code) == ["diskFull"])
    }

    @Test("toggling twice saves then removes")
    func toggle() async throws {
        let model = makeModel()
        await model.load()

        await model.toggleFavourite()
        #expect(try await store.count() == 1)
        await model.toggleFavourite()

        #expect(model.isFavourite == false)
        #expect(try await store.count() == 0)
        #expect(model.favouriteError == nil)
    }

    @Test("the favourites sheet is presented with its own stack")
    func showFavourites() throws {
        try makeModel().showFavourites()
        #expect(navigator.commands == [.present(.favourites, .sheet, withNavigationStack: true)])
    }
}
