/// A modal as a UI presents it: the level it opens and its entry. `Identifiable`, so it can drive
/// SwiftUI's `.sheet(item:)` and `.fullScreenCover(item:)`.
public struct PresentedModal<Route: NavigationRoute>: Hashable, Identifiable, Sendable {
    /// The level this modal opens (1 for the first modal).
    public let level: Int
    /// The modal's route and presentation.
    public let entry: PresentedRoute<Route>

    /// Describes the modal opening `level`.
    public init(level: Int, entry: PresentedRoute<Route>) {
        self.level = level
        self.entry = entry
    }

    /// The modal itself: a different route at the same level is a different presentation.
    public var id: PresentedModal { self }
}

extension Coordinator {
    /// The path of the navigation stack at `level`, readable and writable by a UI binding
    /// (`NavigationStack(path: $coordinator[pathAtLevel: 0])`). Writes go through
    /// ``updatePath(_:atLevel:)``: logged as the fewest steps, no-ops when unchanged.
    public subscript(pathAtLevel level: Int) -> [Route] {
        get { state.path(atLevel: level) }
        set { updatePath(newValue, atLevel: level) }
    }

    /// The modal of `style` presented above `level`, or `nil`, for a UI binding
    /// (`.sheet(item: $coordinator[modalAbove: 0, style: .sheet])`). Writing `nil` records the
    /// dismissal through ``modalDismissed(level:)``; writing a modal is ignored (present through
    /// the coordinator).
    public subscript(modalAbove level: Int, style style: ModalStyle) -> PresentedModal<Route>? {
        get {
            let levels = state.levels
            // `level + 1` overflows for `Int.max`: compare `level` itself.
            guard level >= 0, level < levels.count - 1, let modal = levels[level + 1].modal,
                modal.presentation.modalStyle == style
            else { return nil }
            return PresentedModal(level: level + 1, entry: modal)
        }
        set {
            if newValue == nil, self[modalAbove: level, style: style] != nil {
                modalDismissed(level: level + 1)
            }
        }
    }
}
