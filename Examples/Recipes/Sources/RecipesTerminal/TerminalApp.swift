import Foundation
import RecipesCore
import SeamArchitecture
import SeamNavigation

/// The terminal front end: the "views" of the app. Each command moves the shared navigator to a
/// screen, builds that screen's view model from ``AppDependencies``, loads it (with a progress
/// line when slow) and prints it as text or JSON.
///
/// ```swift
/// let app = TerminalApp(dependencies: try await .load(), console: .standard(), format: .text)
/// try await app.show(.meals(category: "Dessert"))
/// try await app.open("recipes://meal/52768")
/// ```
@MainActor
public final class TerminalApp {
    /// How results are printed.
    public enum Format: Sendable {
        /// Tables and lists for a person.
        case text
        /// JSON for scripts.
        case json
    }

    private let dependencies: AppDependencies
    private let console: Console
    private let format: Format
    private let progress: ProgressIndicator

    /// A front end on `dependencies`, writing to `console`.
    public init(dependencies: AppDependencies, console: Console, format: Format, progressDelay: Duration = .milliseconds(250)) {
        self.dependencies = dependencies
        self.console = console
        self.format = format
        self.progress = ProgressIndicator(enabled: console.isErrorTerminal, delay: progressDelay, write: console.writeError)
    }

    // MARK: Commands

    /// Shows the root screen: the categories.
    public func showCategories() async throws {
        let model = try await dependencies.makeCategoryList()
        await progress.while("Loading categories") { await model.load() }
        let categories = try model.categories.loadedValue()
        try print(
            text: CategoriesScreen(categories: categories, favouritesCount: model.favouritesCount.value)
                .render(width: console.width),
            json: categories.map { JSONOutput.Category(id: $0.id, name: $0.name, description: $0.summary) }
        )
    }

    /// Navigates to `route` and shows it.
    /// The favourites sheet is presented; other screens are pushed.
    public func show(_ route: RecipeRoute) async throws {
        let navigator = try dependencies.navigator()
        if route == .favourites {
            try navigator.present(.favourites, as: .sheet, withNavigationStack: true)
        } else {
            try navigator.push(route)
        }
        try await render(route)
    }

    /// Opens a deep link (`recipes://meal/52768`) through the coordinator and shows the screen on top.
    ///
    /// - Throws: `DeepLinkError` naming the link when no rule accepts it.
    public func open(_ link: String) async throws {
        let navigator = try dependencies.navigator()
        guard let url = URL(string: link) else {
            throw UsageError("'\(link)' is not a URL; links look like recipes://meal/52768")
        }
        if let coordinator = navigator as? Coordinator<RecipeRoute> {
            try coordinator.open(url)
        } else {
            try navigator.replace(with: try RecipeDeepLinks.table().resolve(url))
        }
        guard let top = navigator.state.top?.route else { return try await showCategories() }
        try await render(top)
    }

    /// Saves a recipe, whole, in favourites.
    public func addFavourite(id: String) async throws {
        let model = try await dependencies.makeMealDetail(id: id)
        let wasFavourite = try await progress.while("Saving recipe \(id)") {
            await model.load()
            _ = try model.detail.loadedValue()
            let wasFavourite = model.isFavourite
            await model.addToFavourites()
            if let error = model.favouriteError { throw error }
            return wasFavourite
        }
        let meal = try model.detail.loadedValue()
        try print(
            text: wasFavourite
                ? "★ \(meal.name) (\(meal.id)) is a favourite already; its saved copy is refreshed.\n"
                : "★ Saved \(meal.name) (\(meal.id)) to favourites: it opens offline now.\n",
            json: JSONOutput.FavouriteChange(id: meal.id, name: meal.name, favourite: true, changed: !wasFavourite)
        )
    }

    /// Removes a recipe from favourites.
    public func removeFavourite(id: String) async throws {
        let model = try await dependencies.makeFavourites()
        await model.load(refresh: false)
        let existing = try model.favourites.loadedValue().first { $0.id == id }
        await model.remove(id: id)
        if let error = model.favourites.error { throw error }
        try print(
            text: existing.map { "Removed \($0.meal.name) (\(id)) from favourites.\n" }
                ?? "Recipe \(id) is not a favourite; nothing to remove.\n",
            json: JSONOutput.FavouriteChange(id: id, name: existing?.meal.name, favourite: false, changed: existing != nil)
        )
    }

    // MARK: Screens

    private func render(_ route: RecipeRoute) async throws {
        switch route {
        case .meals(let category): try await showMeals(category: category)
        case .mealDetail(let id): try await showMeal(id: id)
        case .favourites: try await showFavourites()
        }
    }

    private func showMeals(category: String) async throws {
        let model = try await dependencies.makeMealList(category: category)
        await progress.while("Loading \(category)") { await model.load() }
        let meals = try model.meals.loadedValue()
        try print(
            text: MealsScreen(category: category, meals: meals).render(width: console.width),
            json: meals.map { JSONOutput.MealSummary(id: $0.id, name: $0.name, thumbnail: $0.thumbnailURL) }
        )
    }

    private func showMeal(id: String) async throws {
        let model = try await dependencies.makeMealDetail(id: id)
        await progress.while("Loading recipe \(id)") { await model.load() }
        let meal = try model.detail.loadedValue()
        let fromFavourites = model.source == .favourites
        try print(
            text: MealScreen(meal: meal, isFavourite: model.isFavourite, fromFavourites: fromFavourites)
                .render(width: console.width),
            json: JSONOutput.Recipe(meal, favourite: model.isFavourite, from: fromFavourites ? "favourites" : "network")
        )
    }

    private func showFavourites() async throws {
        let model = try await dependencies.makeFavourites()
        let refresh = !dependencies.isOffline
        await progress.while(refresh ? "Refreshing favourites" : "Reading favourites") { await model.load(refresh: refresh) }
        let favourites = try model.favourites.loadedValue()
        if !model.refreshFailures.isEmpty {
            let reasons = Set(model.refreshFailures.values.map(\.message)).sorted().joined(separator: " ")
            console.warn(
                "Showing the saved copy of \(Plural.favourites(model.refreshFailures.count)) "
                    + "that could not be refreshed: \(reasons)"
            )
        }
        try print(
            text: FavouritesScreen(favourites: favourites, timeZone: console.timeZone).render(width: console.width),
            json: favourites.map {
                JSONOutput.Favourite(savedAt: $0.savedAt, recipe: JSONOutput.Recipe($0.meal, favourite: true, from: nil))
            }
        )
    }

    private func print(text: String, json: some Encodable) throws {
        switch format {
        case .text: console.write(text)
        case .json: console.write(try JSONOutput.encode(json))
        }
    }
}

extension LoadingState {
    /// The loaded value, or the failure as an `AppError`.
    func loadedValue() throws(AppError) -> Value {
        switch self {
        case .loaded(let value): return value
        case .failed(let error, _): throw error
        case .idle, .loading:
            throw AppError(.unknown, message: "The screen did not finish loading.", isRetryable: true)
        }
    }
}
