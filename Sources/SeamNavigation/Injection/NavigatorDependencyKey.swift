import Seam

/// A Seam key for the navigator of one flow: adopt it in the app's own key, naming the route type,
/// and view models receive `any Navigating<Route>` like any other dependency.
///
/// ```swift
/// enum SurfNavigatorKey: NavigatorDependencyKey {
///     typealias Route = SurfRoute
///     @MainActor static var deepLinks: DeepLinkTable<SurfRoute>? { get throws { try surfLinks() } }   // optional
/// }
///
/// @MainActor func makeSpotListViewModel() throws -> SpotListViewModel {
///     SpotListViewModel(navigator: try container.resolve(SurfNavigatorKey.self))
/// }
/// ```
///
/// Live (and in previews) it is one ``Coordinator`` per container, with ``deepLinks``; the root
/// view gets it back as a coordinator for `CoordinatorView`:
///
/// ```swift
/// if let coordinator = try container.resolve(SurfNavigatorKey.self) as? Coordinator<SurfRoute> { ... }
/// ```
///
/// In tests it is a ``RecordingNavigator`` that enforces the invariants, one per test scope:
/// resolve it in the test (or override the key with your own recorder) to assert on the
/// requested ``RecordingNavigator/commands``.
public protocol NavigatorDependencyKey: MainActorDependencyKey where Value == any Navigating<Route> {
    /// The flow's route type.
    associatedtype Route: NavigationRoute
    /// The live coordinator's deep-link table; `nil` (the default) rejects every link. A table
    /// that fails to build (an invalid pattern) fails the resolve with a `ResolutionError` naming
    /// the key and the pattern, rather than leaving the app without deep links.
    @MainActor static var deepLinks: DeepLinkTable<Route>? { get throws }
}

extension NavigatorDependencyKey {
    /// No deep-link table: every link is rejected.
    @MainActor public static var deepLinks: DeepLinkTable<Route>? { nil }

    /// A ``RecordingNavigator`` enforcing the navigation invariants, starting at the root.
    @MainActor public static var testValue: (any Navigating<Route>)? { RecordingNavigator<Route>() }

    /// A ``Coordinator`` starting at the root, with ``deepLinks``.
    @MainActor public static func live(_ r: borrowing Resolver) throws -> any Navigating<Route> {
        Coordinator<Route>(deepLinks: try deepLinks)
    }
}
