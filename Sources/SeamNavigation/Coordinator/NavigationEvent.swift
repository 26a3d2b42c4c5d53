import Foundation

/// One entry of a coordinator's event log: every operation applied or refused, as a value tests
/// can compare.
///
/// ```swift
/// #expect(coordinator.events == [.applied(.push(.spot(id: "pipeline"))), .applied(.pop(count: 1))])
/// ```
public enum NavigationEvent<Route: NavigationRoute>: Hashable, Sendable {
    /// An operation was applied.
    case applied(NavigationCommand<Route>)
    /// An operation was refused; the state did not change.
    case rejected(NavigationCommand<Route>, NavigationError)
    /// A deep link was resolved; the `applied` events of its steps follow.
    case openedDeepLink(URL)
    /// A deep link could not be resolved; the state did not change.
    case rejectedDeepLink(DeepLinkError)
    /// The state was replaced by a restored one.
    case restored(NavigationState<Route>)
}
