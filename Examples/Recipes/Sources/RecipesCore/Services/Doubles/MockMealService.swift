import Foundation
import RecipesFixtures
import SeamArchitecture
import Synchronization

/// A ``MealService`` with canned answers, for tests and previews (the write-up's `MockMealService`):
/// it records every call, can fail every call with one error, and can take its time.
///
/// ```swift
/// let service = MockMealService(categories: [dessert], meals: ["Dessert": [tart.summary]], details: [tart])
/// service.failure = AppError(urlError: URLError(.notConnectedToInternet))
/// #expect(service.calls == [.categories])
/// ```
public final class MockMealService: MealService {
    /// One call the service received.
    public enum Call: Hashable, Sendable {
        case categories
        case meals(category: String)
        case detail(id: String)
    }

    private struct State {
        var categories: [MealCategory]
        var meals: [String: [Meal]]
        var details: [String: MealDetail]
        var failure: AppError?
        var latency: Duration
        var calls: [Call] = []
    }

    private let state: Mutex<State>

    /// A service answering with these values; a meal id not in `details` is not found.
    public init(
        categories: [MealCategory] = [],
        meals: [String: [Meal]] = [:],
        details: [MealDetail] = [],
        latency: Duration = .zero
    ) {
        state = Mutex(State(
            categories: categories, meals: meals,
            details: Dictionary(details.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last }),
            latency: latency
        ))
    }

    /// A service answering with the checked-in TheMealDB fixtures, decoded by the app's own models.
    ///
    /// - Throws: when a fixture file is missing or does not decode.
    public static func fixtures(latency: Duration = .zero) throws -> MockMealService {
        let catalog = try FixtureCatalog.bundled()
        let decoder = JSONDecoder()
        let categories = try decoder.decode(CategoriesResponse.self, from: catalog.categories()).categories
        var meals: [String: [Meal]] = [:]
        for category in catalog.categoryNames {
            if let data = try catalog.meals(inCategory: category) {
                meals[category] = try decoder.decode(MealsResponse<Meal>.self, from: data).meals
            }
        }
        var details: [MealDetail] = []
        for id in catalog.mealIDs {
            if let data = try catalog.meal(id: id) {
                details += try decoder.decode(MealsResponse<MealDetail>.self, from: data).meals
            }
        }
        return MockMealService(categories: categories, meals: meals, details: details, latency: latency)
    }

    /// When set, every call throws this error (after being recorded).
    public var failure: AppError? {
        get { state.withLock { $0.failure } }
        set { state.withLock { $0.failure = newValue } }
    }

    /// How long each call takes.
    public var latency: Duration {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// Every call received, oldest first.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// Replaces the stored recipe with this id (or adds it).
    public func setDetail(_ meal: MealDetail) {
        state.withLock { $0.details[meal.id] = meal }
    }

    /// The canned categories.
    public func fetchCategories() async throws -> [MealCategory] {
        try await answer(.categories) { $0.categories }
    }

    /// The canned meals of `category`; none for an unknown one.
    public func fetchMeals(inCategory category: String) async throws -> [Meal] {
        try await answer(.meals(category: category)) { $0.meals[category] ?? [] }
    }

    /// The canned recipe, or ``SeamArchitecture/AppError/mealNotFound(id:)``.
    public func fetchMealDetail(id: String) async throws -> MealDetail {
        let detail = try await answer(.detail(id: id)) { $0.details[id] }
        guard let detail else { throw AppError.mealNotFound(id: id) }
        return detail
    }

    /// Records `call`, waits the latency, then throws the failure or reads the answer.
    private func answer<Value: Sendable>(_ call: Call, _ read: (State) -> Value) async throws -> Value {
        let latency = state.withLock { state in
            state.calls.append(call)
            return state.latency
        }
        if latency > .zero { try await Task.sleep(for: latency) }
        return try state.withLock { state in
            if let failure = state.failure { throw failure }
            return read(state)
        }
    }
}
