/// Which value providers resolution uses: the live value, the test value or the preview value.
///
/// A container created without a context takes ``automatic``: `test` when the process is running
/// tests, `preview` in an Xcode preview, `live` otherwise.
public enum DependencyContext: String, Hashable, Sendable, CustomStringConvertible {
    /// Live values (the app).
    case live
    /// Test values; a dependency without one that was not overridden fails the test.
    case test
    /// Preview values, falling back to live values.
    case preview

    /// `live`, `test` or `preview`.
    public var description: String { rawValue }

    /// The context of this process: ``test`` when it is running tests (Swift Testing or XCTest),
    /// ``preview`` when Xcode runs it for previews, ``live`` otherwise. Computed once.
    public static var automatic: DependencyContext { ProcessKind.current.context }
}
