/// A dependency isolated to the main actor (view models, routers, UI state). Its value need not be
/// `Sendable`; it can only be resolved from main-actor code, which the compiler checks.
///
/// ```swift
/// enum SpotsViewModelKey: MainActorDependencyKey {
///     static var lifetime: Lifetime { .unique }
///     @MainActor static func live(_ r: borrowing Resolver) throws -> SpotsViewModel {
///         SpotsViewModel(apiClient: try r.resolve(APIClientKey.self))
///     }
/// }
/// ```
public protocol MainActorDependencyKey: _DependencyKeyBase {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// The test value (see ``TestDependencyKey/testValue``); `nil` means none.
    @MainActor static var testValue: Value? { get }
    /// The preview value; `nil` uses the live value.
    @MainActor static var previewValue: Value? { get }
    /// Whether the test context builds this dependency with its live factory when it has no test value
    /// (see ``TestDependencyKey/usesLiveFactoryInTests``).
    static var usesLiveFactoryInTests: Bool { get }
    /// What `live` throws: inferred, `Never` for a `live` that does not throw (which enables the
    /// non-throwing main-actor `container[Key.self]` subscript).
    associatedtype Failure: Error = any Error
    /// Builds the live value on the main actor.
    @MainActor static func live(_ r: borrowing Resolver) throws(Failure) -> Value
}

extension MainActorDependencyKey {
    /// No test value by default: reading the key in a test without an override fails the test.
    @MainActor public static var testValue: Value? { nil }
    /// No preview value by default: previews use the live value.
    @MainActor public static var previewValue: Value? { nil }
    /// `false` by default: the test context never calls the live factory.
    public static var usesLiveFactoryInTests: Bool { false }
    /// Always ``DependencyIsolation/mainActor``.
    public static var isolation: DependencyIsolation { .mainActor }
}
