import RecipesCore
import SeamArchitecture
import SeamNavigation
import Testing

@MainActor
@Suite("MealListViewModel")
struct MealListViewModelTests {
    let service = MockMealService(meals: ["Dessert": [TestData.tart.summary, TestData.fondant.summary]])
    let reporter = RecordingErrorReporter()
    let navigator = RecordingNavigator<RecipeRoute>()

    func makeModel(_ category: String = "Dessert") -> MealListViewModel {
        MealListViewModel(category: category, service: service, errors: reporter, navigator: navigator)
    }

    @Test("loads the category's meals")
    func loads() async {
        let model = makeModel()
        await model.load()
        #expect(model.meals.value?.map(\.id) == ["52768", "52905"])
        #expect(service.calls == [.meals(category: "Dessert")])
    }

    @Test("an unknown category loads as no meals, not an error")
    func unknownCategory() async {
        let model = makeModel("Nope")
        await model.load()
        #expect(model.meals == .loaded([]))
        #expect(reporter.errors.isEmpty)
    }

    @Test("a server error is an AppError on the screen and in the report")
    func serverError() async {
        service.failure = AppError(httpStatus: 503)
        let model = makeModel()
        await model.load()
        #expect(model.meals.error?.code == .badServerResponse)
        #expect(reporter.errors.map(\.code) == [.badServerResponse])
    }

    @Test("a cancelled load is not shown as an error")
    func cancelled() async {
        service.failure = AppError(CancellationError())
        let model = makeModel()
        await model.load()
        #expect(model.meals == .idle)
        #expect(reporter.errors.isEmpty)
    }

    @Test("opening a meal pushes its detail")
    func opens() throws {
        try makeModel().open(TestData.tart.summary)
        #expect(navigator.commands == [.push(.mealDetail(id: "52768"))])
    }
}
