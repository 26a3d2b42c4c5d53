import SeamCache

/// A ``MealService`` that keeps the category list and each category's meals in caches for a
/// while (one hour by default, on disk between runs), and asks the wrapped service for recipes
/// every time: favourites are how a recipe is kept.
///
/// ```swift
/// let service = CachingMealService(wrapping: http, categories: categoryCache, meals: mealCache, ttl: .seconds(3600))
/// ```
public struct CachingMealService: MealService {
    /// The key the category list is cached under.
    static let categoriesKey = "all"

    private let base: any MealService
    private let categories: any CacheStore<String, [MealCategory]>
    private let meals: any CacheStore<String, [Meal]>
    private let ttl: Duration

    /// Caches `base`'s lists for `ttl`; a zero `ttl` caches nothing.
    public init(
        wrapping base: any MealService,
        categories: any CacheStore<String, [MealCategory]>,
        meals: any CacheStore<String, [Meal]>,
        ttl: Duration
    ) {
        self.base = base
        self.categories = categories
        self.meals = meals
        self.ttl = ttl
    }

    /// The cached category list, fetched when missing or expired.
    public func fetchCategories() async throws -> [MealCategory] {
        guard ttl > .zero else { return try await base.fetchCategories() }
        return try await categories.value(for: Self.categoriesKey, ttl: ttl) { [base] in
            try await base.fetchCategories()
        }
    }

    /// The cached meal list of `category`, fetched when missing or expired.
    public func fetchMeals(inCategory category: String) async throws -> [Meal] {
        guard ttl > .zero else { return try await base.fetchMeals(inCategory: category) }
        return try await meals.value(for: category, ttl: ttl) { [base] in
            try await base.fetchMeals(inCategory: category)
        }
    }

    /// The recipe, always from the wrapped service.
    public func fetchMealDetail(id: String) async throws -> MealDetail {
        try await base.fetchMealDetail(id: id)
    }
}
