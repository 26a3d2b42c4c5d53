/// The declaration of a `Sendable` dependency without its live value: its value type, lifetime and
/// test/preview values.
///
/// As in swift-dependencies, a key that conforms only to `TestDependencyKey` cannot be resolved: this
/// is how an interface module declares a dependency whose live value lives in another module. The live
/// module adds the live value with ``DependencyKey`` (or ``AsyncDependencyKey``/``ParameterizedDependencyKey``).
///
/// ```swift
/// // Interface module
/// public enum APIClientKey: TestDependencyKey {
///     public typealias Value = any APIClient
/// }
/// // Live module
/// extension APIClientKey: @retroactive DependencyKey {
///     public static func live(_ r: borrowing Resolver) -> any APIClient { LiveAPIClient() }
/// }
/// ```
public protocol TestDependencyKey: _DependencyKeyBase where Value: Sendable {
    /// The type callers receive (restated so it is inferred from the key's members).
    associatedtype Value
    /// The value used in the ``DependencyContext/test`` context; `nil` (the default) means "no test
    /// value": reading the dependency in a test without overriding it fails the test.
    static var testValue: Value? { get }
    /// The value used in the ``DependencyContext/preview`` context; `nil` (the default) uses the live value.
    static var previewValue: Value? { get }
    /// Whether the test context builds this dependency with its live factory when it has no test value
    /// (default `false`). Set it for keys that only compose other dependencies (view models, services
    /// built from clients): their own dependencies still resolve to test values or overrides.
    static var usesLiveFactoryInTests: Bool { get }
}

extension TestDependencyKey {
    /// No test value by default: reading the key in a test without an override fails the test.
    public static var testValue: Value? { nil }
    /// No preview value by default: previews use the live value.
    public static var previewValue: Value? { nil }
    /// `false` by default: the test context never calls the live factory.
    public static var usesLiveFactoryInTests: Bool { false }
    /// ``DependencyIsolation/nonisolated`` unless a refining protocol says otherwise (``AsyncDependencyKey`` does).
    public static var isolation: DependencyIsolation { .nonisolated }
}
