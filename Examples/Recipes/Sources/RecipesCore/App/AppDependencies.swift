import Seam
import SeamArchitecture
import SeamNavigation

/// The composition root (the Tally write-up's `AppDependencies`): the one place the dependency
/// graph is built, with a factory per screen. View models take protocols in `init`; only this
/// type resolves.
///
/// The graph is built in two steps, as an app starts: ``load(isOffline:errorReporter:)`` reads the configuration
/// layers (asynchronously) and decodes ``RecipesSettings``, then ``production(settings:isOffline:errorReporter:)``
/// builds the container with them. Every block comes through its own Seam key configured from the settings
/// (``MealDBClientKey``, ``CategoryListCacheKey``, ``MealListCacheKey``, ``RecipesDatabaseKey``,
/// ``FavouritesRepositoryKey``); nothing builds a client by hand.
///
/// ```swift
/// let app = try await AppDependencies.load()         // live: HTTP, SQLite, disk caches, a Coordinator
/// let categories = try await app.makeCategoryList()
/// await categories.load()
///
/// let preview = AppDependencies.mock()              // recipes in memory, nothing on disk or network
/// ```
///
/// Tests run the same code in Seam's test context, where every key has a test double:
///
/// ```swift
/// @Test(.seamDependencies { $0[MealServiceKey.self] = MockMealService(categories: [dessert]) })
/// @MainActor func loadsCategories() async throws {
///     let model = try await AppDependencies.production(settings: .preview).makeCategoryList()
///     ...
/// }
/// ```
@MainActor
public final class AppDependencies {
    /// The dependency graph.
    public let container: Container
    /// Whether the app runs offline: the network service is never built, and every screen that
    /// needs it fails with an offline error (favourites still open).
    public let isOffline: Bool

    private let errorReporter: (any ErrorReporting)?

    /// The registrations of the app's container: what `verify()` builds and the graph shows.
    @RegistrationBuilder
    nonisolated public static func registrations() -> [Registration] {
        RecipesConfigurationKey.self
        RecipesSettingsKey.self
        LoadedSettingsKey.self
        MealDBClientKey.self
        CategoryListCacheKey.self
        MealListCacheKey.self
        RecipesDatabaseKey.self
        FavouritesRepositoryKey.self
        MealServiceKey.self
        FavouritesStoreKey.self
        ErrorReporterKey.self
        RecipeNavigatorKey.self
    }

    /// The app on `container`.
    ///
    /// - Parameters:
    ///   - isOffline: never build the network service (see ``isOffline``).
    ///   - errorReporter: where view models report errors; `nil` resolves `ErrorReporterKey`.
    public init(container: Container, isOffline: Bool = false, errorReporter: (any ErrorReporting)? = nil) {
        self.container = container
        self.isOffline = isOffline
        self.errorReporter = errorReporter
    }

    /// The live app: loads the configuration (defaults, files, `APP_ENV` and `RECIPES_*` variables), then
    /// builds ``production(settings:isOffline:errorReporter:)`` with the decoded settings.
    ///
    /// - Throws: a `ResolutionError` naming ``RecipesSettingsKey`` (or ``RecipesConfigurationKey``) around the
    ///   `ConfigurationError` that names the bad key and its layer.
    public static func load(isOffline: Bool = false, errorReporter: (any ErrorReporting)? = nil) async throws -> AppDependencies {
        let configuration = Container(name: "Recipes configuration", context: .live) {
            RecipesConfigurationKey.self
            RecipesSettingsKey.self
        }
        let settings = try await configuration.resolve(RecipesSettingsKey.self)
        return production(settings: settings, isOffline: isOffline, errorReporter: errorReporter)
    }

    /// The live app on `settings`: TheMealDB over HTTP, favourites in SQLite, lists cached on disk, a `Coordinator`.
    public static func production(
        settings: RecipesSettings, isOffline: Bool = false, errorReporter: (any ErrorReporting)? = nil
    ) -> AppDependencies {
        AppDependencies(
            container: Container(name: "Recipes", context: .live, registrations: { registrations() }) {
                $0[LoadedSettingsKey.self] = settings
            },
            isOffline: isOffline, errorReporter: errorReporter
        )
    }

    /// The app on doubles (Seam's preview context): `mealService`, else ``MockMealService/preview``, an
    /// in-memory favourites store, a real `Coordinator`; nothing touches the disk or the network. Tests pass the
    /// checked-in fixtures (`MockMealService.fixtures()`, in the tests' support target).
    public static func mock(
        mealService: (any MealService)? = nil, isOffline: Bool = false, errorReporter: (any ErrorReporting)? = nil
    ) -> AppDependencies {
        AppDependencies(
            container: Container(name: "Recipes (mock)", context: .preview, registrations: { registrations() }) {
                if let mealService { $0[MealServiceKey.self] = mealService }
            },
            isOffline: isOffline, errorReporter: errorReporter
        )
    }

    // MARK: Screens

    /// The navigator every screen shares (one per container).
    public func navigator() throws -> any Navigating<RecipeRoute> {
        try container.resolve(RecipeNavigatorKey.self)
    }

    /// The root screen.
    public func makeCategoryList() async throws -> CategoryListViewModel {
        CategoryListViewModel(
            service: try await mealService(), favourites: try await favourites(),
            errors: try errors(), navigator: try navigator()
        )
    }

    /// The meals of `category`.
    public func makeMealList(category: String) async throws -> MealListViewModel {
        MealListViewModel(category: category, service: try await mealService(), errors: try errors(), navigator: try navigator())
    }

    /// One recipe.
    public func makeMealDetail(id: String) async throws -> MealDetailViewModel {
        MealDetailViewModel(
            mealID: id, service: try await mealService(), favourites: try await favourites(),
            errors: try errors(), navigator: try navigator()
        )
    }

    /// The favourites.
    public func makeFavourites() async throws -> FavouritesViewModel {
        FavouritesViewModel(
            store: try await favourites(), service: try await mealService(), errors: try errors(), navigator: try navigator()
        )
    }

    // MARK: Dependencies

    private func mealService() async throws -> any MealService {
        isOffline ? OfflineMealService() : try await container.resolve(MealServiceKey.self)
    }

    private func favourites() async throws -> any FavouritesStore {
        try await container.resolve(FavouritesStoreKey.self)
    }

    private func errors() throws -> any ErrorReporting {
        if let errorReporter { return errorReporter }
        return try container.resolve(ErrorReporterKey.self)
    }
}
