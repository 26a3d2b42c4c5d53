import Foundation
import Observation
import Synchronization
import Testing
import SeamArchitecture
import SeamLocking

protocol MealServiceProtocol: Sendable {
    func fetchCategories() async throws -> [MealCategory]
}

private struct StubMealService: MealServiceProtocol {
    let result: Result<[MealCategory], URLError>
    func fetchCategories() async throws -> [MealCategory] { try result.get() }
}

/// An `@Observable` view model with an injected service and reporter, as SeamArchitecture's getting-started article
/// describes it ("With Observation, the same class is `@Observable`").
@MainActor @Observable private final class CategoryListViewModel {
    private(set) var categories: LoadingState<[MealCategory]> = .idle
    private let mealService: any MealServiceProtocol
    private let errors: any ErrorReporting

    init(mealService: any MealServiceProtocol, errors: any ErrorReporting) {
        self.mealService = mealService
        self.errors = errors
    }

    func load() async {
        let final = await categories.run(update: { self.categories = $0 }) {
            try await mealService.fetchCategories()
        }
        if let error = final.error { errors.report(error) }
    }
}

@MainActor
@Suite("An observable view model with injected doubles")
struct ObservableViewModelTests {
    @Test func loadsCategories() async {
        let reporter = RecordingErrorReporter()
        let model = CategoryListViewModel(
            mealService: StubMealService(result: .success([MealCategory(name: "Dessert")])), errors: reporter
        )
        await model.load()
        #expect(model.categories == .loaded([MealCategory(name: "Dessert")]))
        #expect(reporter.errors.isEmpty)
    }

    @Test func reportsAFailureOnceAndShowsItsMessage() async {
        let reporter = RecordingErrorReporter()
        let model = CategoryListViewModel(
            mealService: StubMealService(result: .failure(URLError(.notConnectedToInternet))), errors: reporter
        )
        await model.load()
        #expect(model.categories.error?.message == "You're offline.")
        #expect(reporter.errors.map(\.code) == [.offline])
    }

    @Test func publishesLoadingToObservers() async {
        let model = CategoryListViewModel(
            mealService: StubMealService(result: .success([])), errors: RecordingErrorReporter()
        )
        let changed = Locked(false)
        withObservationTracking {
            _ = model.categories
        } onChange: {
            changed.withLock { $0 = true }
        }
        await model.load()
        #expect(changed.withLock { $0 })
    }
}
