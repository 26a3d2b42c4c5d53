extension NavigationState {
    /// Applies one operation, or throws without changing anything if it would break an invariant.
    ///
    /// Removals that ask for the impossible throw (``NavigationError/Code/nothingToPop`` for a pop
    /// on an empty stack, ``NavigationError/Code/nothingPresented`` for a dismiss with no modal).
    /// Requests for a state that already holds succeed: `popTo` the current top, `popToRoot` at
    /// the root.
    public mutating func apply(_ command: NavigationCommand<Route>) throws(NavigationError) {
        switch command {
        case .push(let route):
            try push(route)
        case .pop(let count):
            try pop(count: count)
        case .popTo(let route):
            try pop(to: route)
        case .popToRoot:
            entries.removeSubrange(topLevelStart...)
        case .present(let route, let style, let stack):
            entries.append(PresentedRoute(route, presentation: .modal(style, withNavigationStack: stack)))
        case .dismiss(let count):
            try dismiss(count: count)
        case .replace(let newEntries):
            try Self.validate(newEntries)
            entries = newEntries
        }
    }

    /// Applies operations in order; stops at the first one that fails, leaving the state unchanged.
    public mutating func apply(_ commands: some Sequence<NavigationCommand<Route>>) throws(NavigationError) {
        var copy = self
        for command in commands { try copy.apply(command) }
        self = copy
    }

    private mutating func push(_ route: Route) throws(NavigationError) {
        if let modal = topModal, !modal.presentation.hasNavigationStack {
            throw NavigationError(
                .pushWithoutNavigationStack,
                "cannot push \(route): the topmost modal (\(modal)) has no navigation stack; "
                    + "present it with a navigation stack, or present \(route) instead"
            )
        }
        entries.append(.push(route))
    }

    private mutating func pop(count: Int) throws(NavigationError) {
        guard count >= 1 else {
            throw NavigationError(.invalidCount, "cannot pop \(count) routes: the count must be at least 1")
        }
        let available = entries.count - topLevelStart
        guard count <= available else {
            let context = topModal.map { "the topmost modal (\($0))" } ?? "the root stack"
            let hint = available == 0 && topModal != nil ? "; dismiss the modal instead" : ""
            throw NavigationError(
                .nothingToPop,
                "cannot pop \(count) route\(count == 1 ? "" : "s"): \(context) has \(available) pushed\(hint)"
            )
        }
        entries.removeLast(count)
    }

    private mutating func pop(to route: Route) throws(NavigationError) {
        let start = topLevelStart
        // The modal that opened the top level counts: popping to it pops its whole stack.
        let searchStart = max(start - 1, 0)
        guard let index = entries[searchStart...].lastIndex(where: { $0.route == route }) else {
            let elsewhere = entries[..<searchStart].contains { $0.route == route }
            let hint = elsewhere ? " (it is below a presented modal: dismiss first)" : ""
            let stack = entries[searchStart...].map { "\($0.route)" }.joined(separator: ", ")
            throw NavigationError(
                .routeNotInStack,
                "cannot pop to \(route): not in the topmost stack [\(stack)]\(hint)"
            )
        }
        entries.removeSubrange((index + 1)...)
    }

    private mutating func dismiss(count: Int) throws(NavigationError) {
        guard count >= 1 else {
            throw NavigationError(.invalidCount, "cannot dismiss \(count) modals: the count must be at least 1")
        }
        let modalIndices = entries.indices.filter { entries[$0].presentation.isModal }
        guard count <= modalIndices.count else {
            throw NavigationError(
                .nothingPresented,
                "cannot dismiss \(count) modal\(count == 1 ? "" : "s"): \(modalIndices.count) presented"
            )
        }
        entries.removeSubrange(modalIndices[modalIndices.count - count]...)
    }
}
