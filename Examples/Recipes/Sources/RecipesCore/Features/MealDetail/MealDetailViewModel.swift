import Observation
import SeamArchitecture
import SeamNavigation

/// One recipe, offline first (the write-up's meal detail): a favourite opens from the store with
/// no network; any other meal comes from the service. Favouriting saves the whole recipe.
///
/// ```swift
/// let model = MealDetailViewModel(mealID: "52768", service: service, favourites: store, errors: reporter, navigator: coordinator)
/// await model.load()          // from favourites if saved, else from the network
/// await model.addToFavourites()
/// model.isFavourite           // true; the recipe now opens offline
/// ```
@MainActor @Observable
public final class MealDetailViewModel {
    /// Where a shown recipe came from.
    public enum Source: Hashable, Sendable {
        /// The favourites store (no network used).
        case favourites
        /// The meal service.
        case network
    }

    /// The meal's id.
    public let mealID: String
    /// The recipe.
    public private(set) var detail: LoadingState<MealDetail> = .idle
    /// Where ``detail``'s value came from, once loaded.
    public private(set) var source: Source?
    /// Whether the meal is saved in favourites.
    public private(set) var isFavourite = false
    /// The last failure of adding or removing the favourite, if any (cleared by the next attempt).
    public private(set) var favouriteError: AppError?

    private let service: any MealService
    private let favourites: any FavouritesStore
    private let errors: any ErrorReporting
    private let navigator: any Navigating<RecipeRoute>

    /// The detail of `mealID` on these dependencies.
    public init(
        mealID: String,
        service: any MealService,
        favourites: any FavouritesStore,
        errors: any ErrorReporting,
        navigator: any Navigating<RecipeRoute>
    ) {
        self.mealID = mealID
        self.service = service
        self.favourites = favourites
        self.errors = errors
        self.navigator = navigator
    }

    /// Loads the recipe: the stored favourite if there is one, else from the service. A store that
    /// cannot be read is reported and the service is asked instead.
    public func load() async {
        var stored: FavouriteMeal?
        do {
            stored = try await favourites.favourite(id: mealID)
        } catch {
            errors.report(AppError(error))
        }
        var loadedFrom: Source = .favourites
        let final = await detail.run(update: { self.detail = $0 }) { [service, mealID] in
            if let stored { return stored.meal }
            loadedFrom = .network
            return try await service.fetchMealDetail(id: mealID)
        }
        if final.value != nil, final.error == nil { source = loadedFrom }
        isFavourite = stored != nil
        if let error = final.error { errors.report(error) }
    }

    /// Saves the whole loaded recipe in favourites (again: refreshes the stored copy). Does nothing
    /// before the recipe has loaded.
    public func addToFavourites() async {
        guard let meal = detail.value else { return }
        favouriteError = nil
        do {
            try await favourites.save(meal)
            isFavourite = true
        } catch {
            fail(error)
        }
    }

    /// Removes the meal from favourites.
    public func removeFromFavourites() async {
        favouriteError = nil
        do {
            try await favourites.remove(id: mealID)
            isFavourite = false
        } catch {
            fail(error)
        }
    }

    /// Adds or removes the favourite.
    public func toggleFavourite() async {
        if isFavourite { await removeFromFavourites() } else { await addToFavourites() }
    }

    /// Shows the favourites sheet.
    public func showFavourites() throws(NavigationError) {
        try navigator.present(.favourites, as: .sheet, withNavigationStack: true)
    }

    private func fail(_ error: any Error) {
        let appError = AppError(error)
        favouriteError = appError
        errors.report(appError)
    }
}
