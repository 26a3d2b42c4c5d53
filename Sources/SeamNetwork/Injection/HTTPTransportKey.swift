import Seam

/// The app's HTTP transport as a Seam dependency: one ``URLSessionTransport`` live, a fresh
/// ``RecordingTransport`` per test scope in tests.
///
/// Clients declared with ``NetworkClientDependencyKey`` send through it, so a test stubs the server
/// by overriding it, or by resolving it and adding stubs:
///
/// ```swift
/// @Test(.seamDependencies {
///     $0[HTTPTransportKey.self] = RecordingTransport().stub(.get, "categories.php", json: CategoryList.sample)
/// })
/// func showsCategories() async throws { ... }
/// ```
public enum HTTPTransportKey: DependencyKey {
    /// An empty ``RecordingTransport``: every request a test did not stub is reported as an issue.
    public static var testValue: (any HTTPTransport)? { RecordingTransport() }

    /// A ``URLSessionTransport`` with its default configuration.
    public static func live(_ r: borrowing Resolver) throws -> any HTTPTransport { URLSessionTransport() }
}
