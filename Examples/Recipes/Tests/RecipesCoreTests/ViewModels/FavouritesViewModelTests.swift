import Foundation
import RecipesCore
import SeamArchitecture
import SeamNavigation
import Testing

@MainActor
@Suite("FavouritesViewModel")
struct FavouritesViewModelTests {
    let service = MockMealService()
    let clock = TestClock()
    let store: InMemoryFavouritesStore
    let reporter = RecordingErrorReporter()
    let navigator = RecordingNavigator<RecipeRoute>()

    init() async throws {
        store = InMemoryFavouritesStore(now: { [clock] in clock.now })
        try await store.save(TestData.tart)
        clock.advance(by: 60)
        try await store.save(TestData.fondant)
    }

    func makeModel() -> FavouritesViewModel {
        FavouritesViewModel(store: store, service: service, errors: reporter, navigator: navigator)
    }

    @Test("without refresh: the store only, newest first, no network")
    func offline() async {
        service.failure = TestErrors.offline
        let model = makeModel()

        await model.load(refresh: false)

        #expect(model.favourites.value?.map(\.id) == ["52905", "52768"])
        #expect(service.calls.isEmpty)
        #expect(reporter.errors.isEmpty)
    }

    @Test("refresh fetches every favourite and stores the new copies, keeping the save dates")
    func refresh() async throws {
        var renamed = TestData.tart
        renamed.name = "Apple Frangipane Tart"
        service.setDetail(renamed)
        service.setDetail(TestData.fondant)
        let savedAt = try #require(try await store.favourite(id: "52768")).savedAt
        clock.advance(by: 3600)

        let model = makeModel()
        await model.load(refresh: true)

        #expect(Set(service.calls) == [.detail(id: "52768"), .detail(id: "52905")])
        #expect(model.favourites.value?.first { $0.id == "52768" }?.meal.name == "Apple Frangipane Tart")
        #expect(try await store.favourite(id: "52768") == FavouriteMeal(meal: renamed, savedAt: savedAt))
        #expect(model.refreshFailures.isEmpty)
    }

    @Test("refresh offline: every stored copy is still shown, each failure listed and reported")
    func refreshOffline() async {
        service.failure = TestErrors.offline
        let model = makeModel()

        await model.load(refresh: true)

        #expect(model.favourites.value?.map(\.meal) == [TestData.fondant, TestData.tart])
        #expect(Set(model.refreshFailures.keys) == ["52768", "52905"])
        #expect(reporter.errors.map(\.code) == [.offline, .offline])
    }

    @Test("refreshes run in parallel: each fetch waits for another to start")
    func refreshInParallel() async {
        let gate = ParallelGate(expected: 2)
        let model = FavouritesViewModel(store: store, service: gate, errors: reporter, navigator: navigator)

        await model.load(refresh: true)

        #expect(gate.allSawEachOther)
        #expect(model.refreshFailures.isEmpty)
    }

    @Test("a store that cannot be read fails the screen with its error")
    func storeFails() async {
        store.failure = TestErrors.diskFull
        let model = makeModel()
        await model.load(refresh: false)
        #expect(model.favourites.error?.code == "diskFull")
    }

    @Test("removing one reloads the list without it")
    func remove() async {
        let model = makeModel()
        await model.load(refresh: false)
        await model.remove(id: "52768")
        #expect(model.favourites.value?.map(\.id) == ["52905"])
    }

    @Test("opening a favourite pushes its recipe")
    func open() throws {
        try makeModel().open(FavouriteMeal(meal: TestData.tart, savedAt: Date()))
        #expect(navigator.commands == [.push(.mealDetail(id: "52768"))])
    }
}
