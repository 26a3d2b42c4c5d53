/// How a route is shown: pushed onto the current navigation stack, or presented modally.
///
/// A modal either hosts its own navigation stack (routes can be pushed inside it) or shows a
/// single screen. Pushing onto a modal without a navigation stack is rejected with
/// ``NavigationError/Code/pushWithoutNavigationStack``.
///
/// ```swift
/// let forecast = PresentedRoute.push(SurfRoute.forecast(spotID: "pipeline"))
/// let favorites = PresentedRoute.sheet(RecipeRoute.favorites, withNavigationStack: true)
/// ```
public enum Presentation: Hashable, Codable, Sendable {
    /// Pushed onto the navigation stack of the topmost context.
    case push
    /// Presented as a sheet; `withNavigationStack` says whether routes can be pushed inside it.
    case sheet(withNavigationStack: Bool)
    /// Presented as a full-screen cover; `withNavigationStack` says whether routes can be pushed inside it.
    case fullScreenCover(withNavigationStack: Bool)

    /// The modal style, or `nil` for a push.
    public var modalStyle: ModalStyle? {
        switch self {
        case .push: nil
        case .sheet: .sheet
        case .fullScreenCover: .fullScreenCover
        }
    }

    /// Whether this presentation starts a new modal context.
    public var isModal: Bool { modalStyle != nil }

    /// Whether routes can be pushed on top of a route shown this way.
    ///
    /// A push stays in its context, which can push; a modal can push only if it hosts a navigation stack.
    public var hasNavigationStack: Bool {
        switch self {
        case .push: true
        case .sheet(let stack), .fullScreenCover(let stack): stack
        }
    }

    /// The modal presentation of `style`.
    public static func modal(_ style: ModalStyle, withNavigationStack: Bool) -> Presentation {
        switch style {
        case .sheet: .sheet(withNavigationStack: withNavigationStack)
        case .fullScreenCover: .fullScreenCover(withNavigationStack: withNavigationStack)
        }
    }
}

/// The two modal styles: a sheet, or a full-screen cover.
public enum ModalStyle: String, Hashable, Codable, Sendable, CaseIterable {
    /// A sheet (`.sheet` in SwiftUI).
    case sheet
    /// A full-screen cover (`.fullScreenCover` in SwiftUI).
    case fullScreenCover
}
