extension CodebaseType {
    /// Whether the type is a SwiftUI view: a struct conforming to `View` or `ViewModifier` (or `SwiftUI.View`,
    /// `SwiftUI.ViewModifier`) in its declaration or an extension. Such a type is created by SwiftUI again and again
    /// from its parent's `body`, so it takes its dependencies from the environment rather than through `init`.
    public var isSwiftUIView: Bool {
        kind == .struct && conformances.contains(where: Self.swiftUIViewProtocols.contains)
    }

    private static let swiftUIViewProtocols: Set<String> = [
        "View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier",
    ]
}
