/// The navigation interface view models depend on: inject a ``Coordinator`` in the app and a
/// ``RecordingNavigator`` in tests.
///
/// ```swift
/// @MainActor final class SpotListViewModel {
///     private let navigator: any Navigating<SurfRoute>
///     init(navigator: any Navigating<SurfRoute>) { self.navigator = navigator }
///     func select(_ spot: Spot) throws { try navigator.push(.spot(id: spot.id)) }
/// }
/// ```
///
/// Navigators are main-actor objects, so they can be shared (`Sendable`): a Seam override can
/// hand a test's ``RecordingNavigator`` to the code under test (see ``NavigatorDependencyKey``).
@MainActor
public protocol Navigating<Route>: AnyObject, Sendable {
    /// The route type.
    associatedtype Route: NavigationRoute

    /// The current navigation state.
    var state: NavigationState<Route> { get }

    /// Applies one operation, or throws without changing anything if it breaks an invariant.
    func apply(_ command: NavigationCommand<Route>) throws(NavigationError)
}

extension Navigating {
    /// Pushes `route` onto the topmost navigation stack.
    public func push(_ route: Route) throws(NavigationError) { try apply(.push(route)) }

    /// Pops `count` routes (default one) from the topmost navigation stack.
    public func pop(count: Int = 1) throws(NavigationError) { try apply(.pop(count: count)) }

    /// Pops the topmost navigation stack until `route` is on top.
    public func pop(to route: Route) throws(NavigationError) { try apply(.popTo(route)) }

    /// Pops the topmost navigation stack to its root in one step.
    public func popToRoot() throws(NavigationError) { try apply(.popToRoot) }

    /// Presents `route` modally, with or without its own navigation stack.
    public func present(
        _ route: Route, as style: ModalStyle, withNavigationStack: Bool
    ) throws(NavigationError) {
        try apply(.present(route, style, withNavigationStack: withNavigationStack))
    }

    /// Dismisses the `count` topmost modals (default one), with everything pushed inside them.
    public func dismiss(count: Int = 1) throws(NavigationError) { try apply(.dismiss(count: count)) }

    /// Replaces the whole navigation state.
    public func replace(with entries: [PresentedRoute<Route>]) throws(NavigationError) {
        try apply(.replace(entries))
    }
}
