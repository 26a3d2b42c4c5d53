/// A ``Navigating`` test double that records every requested operation.
///
/// By default it also applies the operations to its ``state`` with the same invariants as a
/// ``Coordinator``, so a view model that pops an empty stack fails in its tests too. With
/// `enforcesInvariants: false` it only records, for view models tested in isolation.
///
/// ```swift
/// let navigator = RecordingNavigator<SurfRoute>()
/// let model = SpotListViewModel(navigator: navigator)
/// try model.select(pipeline)
/// #expect(navigator.commands == [.push(.spot(id: "pipeline"))])
/// ```
@MainActor
public final class RecordingNavigator<Route: NavigationRoute>: Navigating {
    /// Every requested operation, oldest first, including refused ones.
    public private(set) var commands: [NavigationCommand<Route>] = []
    /// The state after the applied operations.
    public private(set) var state: NavigationState<Route>
    /// Whether operations are checked and applied to ``state``.
    public let enforcesInvariants: Bool

    /// Creates a recorder starting from `state`.
    public init(state: NavigationState<Route> = NavigationState(), enforcesInvariants: Bool = true) {
        self.state = state
        self.enforcesInvariants = enforcesInvariants
    }

    /// Records `command`, then applies it if invariants are enforced.
    public func apply(_ command: NavigationCommand<Route>) throws(NavigationError) {
        commands.append(command)
        if enforcesInvariants { try state.apply(command) }
    }
}
