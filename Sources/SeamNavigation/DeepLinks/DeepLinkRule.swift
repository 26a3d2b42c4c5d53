/// One row of a ``DeepLinkTable``: a path pattern and the routes it leads to.
///
/// Patterns are `/`-separated; a segment starting with `:` is a parameter (`/spots/:id/forecast`).
/// The handler receives the link's ``DeepLinkParameters`` and returns the target stack. Errors it
/// throws other than ``DeepLinkError`` are reported as ``DeepLinkError/Code/rejected``.
public struct DeepLinkRule<Route: NavigationRoute>: Sendable {
    let pattern: String
    let handler: @Sendable (DeepLinkParameters) throws -> [PresentedRoute<Route>]

    /// A rule whose routes are all pushed onto the root stack.
    ///
    /// ```swift
    /// DeepLinkRule<RecipeRoute>("/categories/:name") { link in
    ///     [.mealsByCategory(try link.value("name"))]
    /// }
    /// ```
    public init(
        _ pattern: String,
        routes: @escaping @Sendable (DeepLinkParameters) throws -> [Route]
    ) {
        self.pattern = pattern
        self.handler = { link in try routes(link).map { .push($0) } }
    }

    /// A rule whose target stack may present modals.
    ///
    /// ```swift
    /// DeepLinkRule<RecipeRoute>("/favorites/:id", entries: { link in
    ///     [.sheet(.favorites, withNavigationStack: true), .push(.mealDetail(id: try link.value("id")))]
    /// })
    /// ```
    public init(
        _ pattern: String,
        entries: @escaping @Sendable (DeepLinkParameters) throws -> [PresentedRoute<Route>]
    ) {
        self.pattern = pattern
        self.handler = entries
    }
}
