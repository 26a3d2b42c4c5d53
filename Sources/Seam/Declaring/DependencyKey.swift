/// A dependency with a synchronous live value, resolvable from any isolation domain: what
/// `DependencyKey` is in swift-dependencies, with the live value built by a factory.
///
/// ```swift
/// enum APIClientKey: DependencyKey {
///     static var testValue: (any APIClient)? { MockAPIClient() }
///     static func live(_ r: borrowing Resolver) -> any APIClient { LiveAPIClient() }
/// }
/// let api = container[APIClientKey.self]                  // `live` cannot throw: no `try`
/// let store = try container.resolve(SpotsStoreKey.self)   // a factory that can fail
/// ```
///
/// **`Value` must be `Sendable`**: one instance is shared by every thread and task that resolves it (a
/// protocol existential such as `any APIClient` needs `protocol APIClient: Sendable`; a class, `final` with
/// `let`s of `Sendable` types, or a lock). A value that is not `Sendable`, such as a main-actor view model or
/// store, belongs in a ``MainActorDependencyKey``, which only main-actor code resolves and overrides.
///
/// A `live` that does not throw makes ``Failure`` `Never`, which enables the non-throwing
/// `container[Key.self]` subscript. A factory that resolves other dependencies
/// resolves them through `r` (`try r.resolve(OtherKey.self)`) and is declared `throws`.
public protocol DependencyKey: TestDependencyKey {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// What `live` throws: inferred, `Never` for a `live` that does not throw.
    associatedtype Failure: Error = any Error
    /// Builds the live value. Resolve this value's own dependencies through `r` so cycles are
    /// reported with their path and graph lifetimes are shared.
    static func live(_ r: borrowing Resolver) throws(Failure) -> Value
}
