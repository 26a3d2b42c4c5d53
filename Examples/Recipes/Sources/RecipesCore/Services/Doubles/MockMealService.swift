import Foundation
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

    /// A few recipes written in code, for previews and `recipes --mock`: two categories, a dessert with its
    /// ingredients and method. (The checked-in TheMealDB fixtures belong to the fixture server and the tests.)
    public static var preview: MockMealService {
        let tart = MealDetail(
            id: "52768", name: "Apple Frangipan Tart", category: "Dessert", area: "British",
            instructions: "Press the biscuit base into the tin.\r\nSpread the almond filling, add the apples and bake.",
            ingredients: [
                Ingredient(name: "digestive biscuits", measure: "175g/6oz"), Ingredient(name: "butter", measure: "75g/3oz"),
                Ingredient(name: "Bramley apples", measure: "200g/7oz"), Ingredient(name: "ground almonds", measure: "75g/3oz"),
            ]
        )
        return MockMealService(
            categories: [
                MealCategory(id: "3", name: "Dessert", summary: "Dessert is the course that concludes a meal."),
                MealCategory(id: "8", name: "Seafood", summary: "Seafood is any form of sea life regarded as food."),
            ],
            meals: ["Dessert": [Meal(id: tart.id, name: tart.name)], "Seafood": []],
            details: [tart]
        )
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
