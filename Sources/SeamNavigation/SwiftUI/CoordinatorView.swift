#if canImport(SwiftUI)
import SwiftUI

/// Renders a ``Coordinator``'s state with SwiftUI: a `NavigationStack(path:)` per level that has
/// one, and a `.sheet` / `.fullScreenCover` per presented modal, nested. All bindings go through
/// the coordinator, so back swipes and sheet drags are logged like any other operation.
///
/// ```swift
/// CoordinatorView(coordinator) {
///     CategoryListView(model: categories)
/// } destination: { route in
///     switch route {
///     case .mealsByCategory(let category): MealListView(category: category)
///     case .mealDetail(let id): MealDetailView(mealID: id)
///     case .favorites: FavoritesView()
///     }
/// }
/// ```
public struct CoordinatorView<Route: NavigationRoute, Root: View, Destination: View>: View {
    private let coordinator: Coordinator<Route>
    private let root: Root
    private let destination: (Route) -> Destination

    /// Shows `root` at the bottom of the root stack and `destination(route)` for every other route.
    public init(
        _ coordinator: Coordinator<Route>,
        @ViewBuilder root: () -> Root,
        @ViewBuilder destination: @escaping (Route) -> Destination
    ) {
        self.coordinator = coordinator
        self.root = root()
        self.destination = destination
    }

    /// The root level: `root` in its navigation stack, with the coordinator's pushed routes and modals nested above it.
    public var body: some View {
        NavigationLevelView(coordinator: coordinator, level: 0, content: AnyView(root), destination: destination)
    }
}

/// One level: its content (in a navigation stack if the level has one) and the modal above it.
private struct NavigationLevelView<Route: NavigationRoute, Destination: View>: View {
    @Bindable var coordinator: Coordinator<Route>
    let level: Int
    let content: AnyView
    let destination: (Route) -> Destination

    var body: some View {
        stack
            .sheet(item: $coordinator[modalAbove: level, style: .sheet]) { modal in next(modal) }
            #if os(macOS)
        .sheet(item: $coordinator[modalAbove: level, style: .fullScreenCover]) { modal in next(modal) }
            #else
        .fullScreenCover(item: $coordinator[modalAbove: level, style: .fullScreenCover]) { modal in next(modal) }
            #endif
    }

    @ViewBuilder private var stack: some View {
        if coordinator.state.levels.indices.contains(level), !coordinator.state.levels[level].hasNavigationStack {
            content
        } else {
            NavigationStack(path: $coordinator[pathAtLevel: level]) {
                content.navigationDestination(for: Route.self, destination: destination)
            }
        }
    }

    private func next(_ modal: PresentedModal<Route>) -> NavigationLevelView {
        NavigationLevelView(
            coordinator: coordinator, level: modal.level,
            content: AnyView(destination(modal.entry.route)), destination: destination
        )
    }
}
#endif
