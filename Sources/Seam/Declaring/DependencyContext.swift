/// Which value providers resolution uses: the live value, the test value or the preview value.
public enum DependencyContext: String, Hashable, Sendable, CustomStringConvertible {
    /// Live values (the app).
    case live
    /// Test values; a dependency without one that was not overridden fails the test.
    case test
    /// Preview values, falling back to live values.
    case preview

    /// `live`, `test` or `preview`.
    public var description: String { rawValue }
}
