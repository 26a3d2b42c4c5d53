import Observation
import SeamArchitecture
import SeamNavigation

/// The meals of one category.
///
/// ```swift
/// let model = MealListViewModel(category: "Dessert", service: service, errors: reporter, navigator: coordinator)
/// await model.load()
/// try model.open(tart)        // pushes .mealDetail(id: "52768")
/// ```
@MainActor @Observable
public final class MealListViewModel {
    /// The category shown.
    public let category: String
    /// Its meals; loaded and empty when TheMealDB has no such category.
    public private(set) var meals: LoadingState<[Meal]> = .idle

    private let service: any MealService
    private let errors: any ErrorReporting
    private let navigator: any Navigating<RecipeRoute>

    /// The meal list of `category` on these dependencies.
    public init(
        category: String,
        service: any MealService,
        errors: any ErrorReporting,
        navigator: any Navigating<RecipeRoute>
    ) {
        self.category = category
        self.service = service
        self.errors = errors
        self.navigator = navigator
    }

    /// Loads (or reloads, keeping the shown meals while loading) the category's meals.
    public func load() async {
        let final = await meals.run(update: { self.meals = $0 }) { [service, category] in
            try await service.fetchMeals(inCategory: category)
        }
        if let error = final.error { errors.report(error) }
    }

    /// Shows a meal's recipe.
    public func open(_ meal: Meal) throws(NavigationError) {
        try navigator.push(.mealDetail(id: meal.id))
    }
}
