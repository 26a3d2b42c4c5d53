import Observation
import Seam
import SeamArchitecture
import SeamCache
import SeamNavigation

/// The category list: loads categories, opens a category.
@MainActor @Observable
final class CategoryListViewModel {
    private(set) var categories: LoadingState<[MealCategory]> = .idle
    private let service: any MealService
    private let navigator: any Navigating<RecipeRoute>

    init(service: any MealService, navigator: any Navigating<RecipeRoute>) {
        self.service = service
        self.navigator = navigator
    }

    func load() async {
        await categories.run(update: { self.categories = $0 }) { [service] in try await service.fetchCategories() }
    }

    func open(_ category: MealCategory) throws(NavigationError) {
        try navigator.push(.mealsByCategory(category.name))
    }
}

/// A meal's detail: loaded through the detail cache; failures reported; favorites in a sheet.
@MainActor @Observable
final class MealDetailViewModel {
    let mealID: String
    private(set) var detail: LoadingState<MealDetail> = .idle
    private let service: any MealService
    private let cache: any CacheStore<String, MealDetail>
    private let errors: any ErrorReporting
    private let navigator: any Navigating<RecipeRoute>

    init(
        mealID: String,
        service: any MealService,
        cache: any CacheStore<String, MealDetail>,
        errors: any ErrorReporting,
        navigator: any Navigating<RecipeRoute>
    ) {
        self.mealID = mealID
        self.service = service
        self.cache = cache
        self.errors = errors
        self.navigator = navigator
    }

    func load() async {
        let final = await detail.run(update: { self.detail = $0 }) { [service, cache, mealID] in
            try await cache.value(for: mealID, ttl: .seconds(3600)) { try await service.fetchMealDetail(id: mealID) }
        }
        if let error = final.error { errors.report(error) }
    }

    func showFavorites() throws(NavigationError) {
        try navigator.present(.favorites, as: .sheet, withNavigationStack: true)
    }
}

/// The recipe app's composition root (the coordinator of the write-up no longer builds the graph).
@MainActor
final class RecipeDependencies {
    let container = Container(name: "Whisked") {
        MealServiceKey.self
        MealDetailCacheKey.self
        ErrorReporterKey.self
        RecipeNavigatorKey.self
    }

    func makeCategoryList() throws -> CategoryListViewModel {
        CategoryListViewModel(
            service: try container.resolve(MealServiceKey.self),
            navigator: try container.resolve(RecipeNavigatorKey.self)
        )
    }

    func makeMealDetail(id: String) throws -> MealDetailViewModel {
        MealDetailViewModel(
            mealID: id,
            service: try container.resolve(MealServiceKey.self),
            cache: try container.resolve(MealDetailCacheKey.self),
            errors: try container.resolve(ErrorReporterKey.self),
            navigator: try container.resolve(RecipeNavigatorKey.self)
        )
    }
}
