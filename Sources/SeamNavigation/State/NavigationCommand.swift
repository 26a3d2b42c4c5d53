/// One navigation operation, as a value: what view models request, what the step planner
/// produces, and what the coordinator's event log records.
public enum NavigationCommand<Route: NavigationRoute>: Hashable, Sendable {
    /// Push a route onto the topmost navigation stack.
    case push(Route)
    /// Pop `count` routes (at least one) from the topmost navigation stack in one step.
    case pop(count: Int)
    /// Pop the topmost navigation stack until `route` is on top.
    case popTo(Route)
    /// Pop the topmost navigation stack to its root in one step.
    case popToRoot
    /// Present a route modally, with or without its own navigation stack.
    case present(Route, ModalStyle, withNavigationStack: Bool)
    /// Dismiss the `count` topmost modals (at least one), with everything pushed inside them.
    case dismiss(count: Int)
    /// Replace the whole state with these entries.
    case replace([PresentedRoute<Route>])
}

extension NavigationCommand: CustomStringConvertible {
    /// `push spot(id: "pipeline")`, `pop 2`, `present sheet+stack favorites`...
    public var description: String {
        switch self {
        case .push(let route): "push \(route)"
        case .pop(let count): "pop \(count)"
        case .popTo(let route): "pop to \(route)"
        case .popToRoot: "pop to root"
        case .present(let route, let style, let stack): "present \(style)\(stack ? "+stack" : "") \(route)"
        case .dismiss(let count): "dismiss \(count)"
        case .replace(let entries): "replace with [\(entries.map(\.description).joined(separator: ", "))]"
        }
    }
}
