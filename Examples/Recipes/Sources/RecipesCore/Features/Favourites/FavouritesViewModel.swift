import Observation
import SeamArchitecture
import SeamNavigation

/// The favourites: whole recipes from the store, readable with no network. Refreshing fetches
/// every favourite again in parallel (a task group) and replaces the stored copies that came
/// back; the ones that could not be fetched keep their stored copy and are listed in
/// ``refreshFailures``.
///
/// ```swift
/// let model = FavouritesViewModel(store: store, service: service, errors: reporter, navigator: coordinator)
/// await model.load(refresh: false)   // offline: the store only
/// model.favourites.value             // [FavouriteMeal], most recently saved first
/// ```
@MainActor @Observable
public final class FavouritesViewModel {
    /// The favourites.
    public private(set) var favourites: LoadingState<[FavouriteMeal]> = .idle
    /// The meals the last refresh could not fetch, by id, with why; their stored copy is shown.
    public private(set) var refreshFailures: [String: AppError] = [:]

    private let store: any FavouritesStore
    private let service: any MealService
    private let errors: any ErrorReporting
    private let navigator: any Navigating<RecipeRoute>

    /// The favourites list on these dependencies.
    public init(
        store: any FavouritesStore,
        service: any MealService,
        errors: any ErrorReporting,
        navigator: any Navigating<RecipeRoute>
    ) {
        self.store = store
        self.service = service
        self.errors = errors
        self.navigator = navigator
    }

    /// Loads the favourites from the store; with `refresh`, first fetches each of them again in
    /// parallel and stores the fresh copies.
    public func load(refresh: Bool) async {
        refreshFailures = [:]
        let final = await favourites.run(update: { self.favourites = $0 }) {
            if refresh { try await self.refreshStoredCopies() }
            return try await store.all()
        }
        if let error = final.error { errors.report(error) }
    }

    /// Removes a favourite and reloads the list from the store.
    public func remove(id: String) async {
        do {
            try await store.remove(id: id)
        } catch {
            errors.report(AppError(error))
        }
        await load(refresh: false)
    }

    /// Shows a favourite's recipe inside the favourites sheet.
    public func open(_ favourite: FavouriteMeal) throws(NavigationError) {
        try navigator.push(.mealDetail(id: favourite.id))
    }

    /// Fetches every stored favourite at once and saves what came back; failures are collected.
    private func refreshStoredCopies() async throws {
        let ids = try await store.all().map(\.id)
        let results = await withTaskGroup(of: (String, Result<MealDetail, AppError>).self) { group in
            for id in ids {
                group.addTask { [service] in
                    do {
                        return (id, .success(try await service.fetchMealDetail(id: id)))
                    } catch {
                        return (id, .failure(AppError(error)))
                    }
                }
            }
            var results: [(String, Result<MealDetail, AppError>)] = []
            for await result in group { results.append(result) }
            return results
        }
        for (id, result) in results {
            switch result {
            case .success(let meal):
                try await store.save(meal)
            case .failure(let error):
                refreshFailures[id] = error
                errors.report(error)
            }
        }
    }
}
