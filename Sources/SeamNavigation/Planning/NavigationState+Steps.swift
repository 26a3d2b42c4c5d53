extension NavigationState {
    /// The fewest ordered steps that turn this state into `target`, for a UI that animates each.
    ///
    /// The common prefix is kept. Above it, at most one ``NavigationCommand/dismiss(count:)``
    /// removes every modal that diverges (with what is pushed inside them), then at most one
    /// ``NavigationCommand/pop(count:)`` removes the diverging pushed routes; then each route of
    /// the target above the prefix is pushed or presented in order.
    ///
    /// ```swift
    /// // [spots, spot(pipeline), sheet forecast] → [spots, spot(mavericks)]
    /// // steps: dismiss 1, pop 1, push spot(mavericks)
    /// ```
    ///
    /// Applying the steps to this state always succeeds and yields `target`.
    public func steps(to target: NavigationState) -> [NavigationCommand<Route>] {
        let prefix = zip(entries, target.entries).prefix { $0 == $1 }.count
        var steps: [NavigationCommand<Route>] = []

        let removed = entries[prefix...]
        let modals = removed.count { $0.presentation.isModal }
        if modals > 0 { steps.append(.dismiss(count: modals)) }
        let pushes = removed.prefix { !$0.presentation.isModal }.count
        if pushes > 0 { steps.append(.pop(count: pushes)) }

        for entry in target.entries[prefix...] {
            if let style = entry.presentation.modalStyle {
                let stack = entry.presentation.hasNavigationStack
                steps.append(.present(entry.route, style, withNavigationStack: stack))
            } else {
                steps.append(.push(entry.route))
            }
        }
        return steps
    }
}
