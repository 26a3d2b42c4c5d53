import Observation
import SeamArchitecture
import SeamNavigation

/// The root screen: the categories, with the number of favourites beside them (the write-up's
/// `CategoryListViewModel`). Both load at once, in a task group.
///
/// ```swift
/// let model = CategoryListViewModel(service: service, favourites: store, errors: reporter, navigator: coordinator)
/// await model.load()
/// model.categories.value      // [MealCategory]
/// try model.open(dessert)     // pushes .meals(category: "Dessert")
/// ```
@MainActor @Observable
public final class CategoryListViewModel {
    /// The categories.
    public private(set) var categories: LoadingState<[MealCategory]> = .idle
    /// How many favourites are saved.
    public private(set) var favouritesCount: LoadingState<Int> = .idle

    private let service: any MealService
    private let favourites: any FavouritesStore
    private let errors: any ErrorReporting
    private let navigator: any Navigating<RecipeRoute>

    /// A category list on these dependencies.
    public init(
        service: any MealService,
        favourites: any FavouritesStore,
        errors: any ErrorReporting,
        navigator: any Navigating<RecipeRoute>
    ) {
        self.service = service
        self.favourites = favourites
        self.errors = errors
        self.navigator = navigator
    }

    /// Loads the categories and the favourites count in parallel; each failure is reported and
    /// shown on its own (no favourites count does not hide the categories).
    public func load() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.loadCategories() }
            group.addTask { await self.loadFavouritesCount() }
        }
    }

    /// Shows a category's meals.
    public func open(_ category: MealCategory) throws(NavigationError) {
        try navigator.push(.meals(category: category.name))
    }

    /// Shows the favourites sheet.
    public func showFavourites() throws(NavigationError) {
        try navigator.present(.favourites, as: .sheet, withNavigationStack: true)
    }

    private func loadCategories() async {
        let final = await categories.run(update: { self.categories = $0 }) { [service] in
            try await service.fetchCategories()
        }
        if let error = final.error { errors.report(error) }
    }

    private func loadFavouritesCount() async {
        let final = await favouritesCount.run(update: { self.favouritesCount = $0 }) { [favourites] in
            try await favourites.count()
        }
        if let error = final.error { errors.report(error) }
    }
}
