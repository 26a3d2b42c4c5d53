import Seam

/// The app's error reporter as a Seam dependency: ``ErrorReporter`` (printing one line per error)
/// live, a fresh ``RecordingErrorReporter`` per test scope in tests.
///
/// View models take `any ErrorReporting` in `init`; the composition root resolves this key:
///
/// ```swift
/// SpotsViewModel(apiClient: try r.resolve(APIClientKey.self), errors: try r.resolve(ErrorReporterKey.self))
/// ```
///
/// To send the lines to swift-log or OSLog, override the live value in the app's container, or
/// declare the app's own key with a different `live`.
public enum ErrorReporterKey: DependencyKey {
    /// A ``RecordingErrorReporter``: one per test (the key is a singleton, and each test scope has
    /// its own storage), so a test reads it back with `resolve` to assert on what was reported.
    public static var testValue: (any ErrorReporting)? { RecordingErrorReporter() }

    /// An ``ErrorReporter`` writing to standard output.
    public static func live(_ r: borrowing Resolver) throws -> any ErrorReporting { ErrorReporter() }
}
