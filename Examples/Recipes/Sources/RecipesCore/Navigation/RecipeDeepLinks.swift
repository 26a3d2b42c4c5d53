import SeamNavigation

/// The app's deep links (scheme `recipes`), each to the stack a user would have navigated:
///
/// | link | stack |
/// |---|---|
/// | `recipes://category/Dessert` | push meals(Dessert) |
/// | `recipes://meal/52768` | push mealDetail(52768) |
/// | `recipes://category/Dessert/meal/52768` | push meals(Dessert), push mealDetail(52768) |
/// | `recipes://favourites` | sheet favourites (with a navigation stack) |
/// | `recipes://favourites/52768` | sheet favourites, push mealDetail(52768) |
///
/// Meal ids are TheMealDB's numbers: `recipes://meal/apple` is rejected with a ``DeepLinkError``
/// naming the link, before any screen loads.
public enum RecipeDeepLinks {
    /// The scheme of the app's links.
    public static let scheme = "recipes"

    /// The table; building it only fails if a pattern below is malformed (a test builds it).
    public static func table() throws(DeepLinkError) -> DeepLinkTable<RecipeRoute> {
        try DeepLinkTable(schemes: [scheme], rules: [
            DeepLinkRule("/category/:name") { link in [.meals(category: try link.value("name"))] },
            DeepLinkRule("/meal/:id") { link in [.mealDetail(id: try mealID(link))] },
            DeepLinkRule("/category/:name/meal/:id") { link in
                [.meals(category: try link.value("name")), .mealDetail(id: try mealID(link))]
            },
            DeepLinkRule("/favourites", entries: { _ in [.sheet(.favourites, withNavigationStack: true)] }),
            DeepLinkRule("/favourites/:id", entries: { link in
                [.sheet(.favourites, withNavigationStack: true), .push(.mealDetail(id: try mealID(link)))]
            }),
        ])
    }

    /// The link's `id`, which must be a TheMealDB id (digits only).
    private static func mealID(_ link: DeepLinkParameters) throws(DeepLinkError) -> String {
        let id = try link.value("id")
        guard !id.isEmpty, id.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw link.reject("meal id '\(id)' is not a TheMealDB id (digits only)")
        }
        return id
    }
}

/// The navigator of the recipe flow as a Seam dependency: a ``Coordinator`` with
/// ``RecipeDeepLinks`` live, a `RecordingNavigator` in tests.
public enum RecipeNavigatorKey: NavigatorDependencyKey {
    /// The recipe flow's routes.
    public typealias Route = RecipeRoute
    /// The live coordinator opens ``RecipeDeepLinks``.
    @MainActor public static var deepLinks: DeepLinkTable<RecipeRoute>? { get throws { try RecipeDeepLinks.table() } }
}
