import Foundation
import Observation

/// A coordinator: owns the navigation state of one flow, applies operations to it with their
/// invariants, resolves deep links, logs every event, and keeps child coordinators alive until
/// they finish.
///
/// The state is plain data (``NavigationState``), so it can be asserted on, encoded for state
/// restoration and rendered by a thin UI adapter (SwiftUI: `CoordinatorView`).
///
/// ```swift
/// let coordinator = Coordinator<RecipeRoute>(deepLinks: links)
/// try coordinator.push(.mealsByCategory("Dessert"))
/// try coordinator.push(.mealDetail(id: "52768"))
/// try coordinator.open(URL(string: "whisked://favorites")!)   // dismiss/pop/push as needed
/// ```
@MainActor
@Observable
public final class Coordinator<Route: NavigationRoute>: Navigating {
    /// The current navigation state.
    public private(set) var state: NavigationState<Route>

    /// Every operation applied or refused, oldest first.
    @ObservationIgnored public private(set) var events: [NavigationEvent<Route>] = []

    /// The deep-link table used by ``open(_:)``, if any.
    @ObservationIgnored public let deepLinks: DeepLinkTable<Route>?

    /// The running child coordinators, by identity; released when they finish.
    @ObservationIgnored var children: [ObjectIdentifier: AnyObject] = [:]

    /// Creates a coordinator with an initial state and an optional deep-link table.
    public init(state: NavigationState<Route> = NavigationState(), deepLinks: DeepLinkTable<Route>? = nil) {
        self.state = state
        self.deepLinks = deepLinks
    }

    /// Applies one operation and logs it, or logs and throws the refusal without changing anything.
    public func apply(_ command: NavigationCommand<Route>) throws(NavigationError) {
        do {
            try state.apply(command)
            events.append(.applied(command))
        } catch {
            events.append(.rejected(command, error))
            throw error
        }
    }

    /// Navigates to the stack a deep link describes, in the fewest steps from the current state.
    ///
    /// - Returns: the steps applied (each also logged as ``NavigationEvent/applied(_:)``).
    /// - Throws: ``DeepLinkError``; the state is unchanged. A coordinator without a table rejects
    ///   every link with ``DeepLinkError/Code/noMatch``.
    @discardableResult
    public func open(_ url: URL) throws(DeepLinkError) -> [NavigationCommand<Route>] {
        let target: NavigationState<Route>
        do throws(DeepLinkError) {
            guard let deepLinks else {
                throw DeepLinkError(.noMatch, link: url.absoluteString, "this coordinator has no deep-link table")
            }
            target = NavigationState(checked: try deepLinks.resolve(url))
        } catch {
            events.append(.rejectedDeepLink(error))
            throw error
        }
        events.append(.openedDeepLink(url))
        return transition(to: target)
    }

    /// Moves to `target` in the fewest steps (see ``NavigationState/steps(to:)``), logging each.
    @discardableResult
    public func transition(to target: NavigationState<Route>) -> [NavigationCommand<Route>] {
        let steps = state.steps(to: target)
        for step in steps {
            // Planned steps always apply to the state they were planned from.
            try? state.apply(step)
            events.append(.applied(step))
        }
        return steps
    }

    // MARK: State restoration

    /// The state encoded as JSON, for state restoration.
    public func encodedState() throws -> Data {
        try JSONEncoder().encode(state)
    }

    /// Replaces the state with one previously produced by ``encodedState()``.
    ///
    /// - Throws: `DecodingError` for corrupted data or a state that breaks an invariant; the
    ///   current state is kept.
    public func restore(from data: Data) throws {
        let restored = try JSONDecoder().decode(NavigationState<Route>.self, from: data)
        state = restored
        events.append(.restored(restored))
    }

    // MARK: UI adapters

    /// Records a path change made by the UI at `level` (the user swiped back, or the navigation
    /// stack wrote its path binding), as the fewest logged steps. Writing the current path is a
    /// no-op, so adapters may forward every binding write.
    public func updatePath(_ path: [Route], atLevel level: Int) {
        let levels = state.levels
        guard levels.indices.contains(level), levels[level].path != path else { return }
        var entries: [PresentedRoute<Route>] = []
        for (index, current) in levels.enumerated() {
            if let modal = current.modal { entries.append(modal) }
            entries += (index == level ? path : current.path).map { .push($0) }
        }
        guard let target = try? NavigationState(entries) else { return }
        transition(to: target)
    }

    /// Records that the UI dismissed the modal opening `level` (for example a sheet swiped
    /// down), with everything above it. A level that is already gone, or was never a modal's
    /// (0, a negative level), is a no-op.
    public func modalDismissed(level: Int) {
        let modalCount = state.modalCount
        // Checked before any arithmetic: `modalCount - level` overflows for `Int.min`.
        guard level >= 1, level <= modalCount else { return }
        try? apply(.dismiss(count: modalCount - level + 1))
    }
}
