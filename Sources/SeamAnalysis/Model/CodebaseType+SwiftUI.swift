extension CodebaseType {
    /// Whether the type is a SwiftUI view: a struct conforming to `View` (or `SwiftUI.View`) in its declaration
    /// or an extension. Such a type is created by SwiftUI again and again from its parent's `body`, so it takes
    /// its dependencies from the environment rather than through `init`.
    public var isSwiftUIView: Bool {
        kind == .struct && conformances.contains { $0 == "View" || $0 == "SwiftUI.View" }
    }
}
