/// The constraint every route type satisfies: a plain value that can be compared, stored and restored.
///
/// ```swift
/// enum SurfRoute: NavigationRoute {
///     case spots
///     case spot(id: String)
///     case forecast(spotID: String, days: Int)
/// }
/// ```
public typealias NavigationRoute = Hashable & Codable & Sendable

/// One entry of a navigation state: a route and how it is shown.
public struct PresentedRoute<Route: NavigationRoute>: Hashable, Codable, Sendable {
    /// The screen.
    public var route: Route
    /// How the screen is shown.
    public var presentation: Presentation

    /// Creates an entry showing `route` with `presentation`.
    public init(_ route: Route, presentation: Presentation) {
        self.route = route
        self.presentation = presentation
    }

    /// `route` pushed onto the current navigation stack.
    public static func push(_ route: Route) -> PresentedRoute {
        PresentedRoute(route, presentation: .push)
    }

    /// `route` presented as a sheet, with or without its own navigation stack.
    public static func sheet(_ route: Route, withNavigationStack: Bool) -> PresentedRoute {
        PresentedRoute(route, presentation: .sheet(withNavigationStack: withNavigationStack))
    }

    /// `route` presented as a full-screen cover, with or without its own navigation stack.
    public static func fullScreenCover(_ route: Route, withNavigationStack: Bool) -> PresentedRoute {
        PresentedRoute(route, presentation: .fullScreenCover(withNavigationStack: withNavigationStack))
    }
}

extension PresentedRoute: CustomStringConvertible {
    /// `push spot(id: "pipeline")`, `sheet+stack favorites`, `cover paywall`.
    public var description: String {
        let how =
            switch presentation {
            case .push: "push"
            case .sheet(let stack): stack ? "sheet+stack" : "sheet"
            case .fullScreenCover(let stack): stack ? "cover+stack" : "cover"
            }
        return "\(how) \(route)"
    }
}
