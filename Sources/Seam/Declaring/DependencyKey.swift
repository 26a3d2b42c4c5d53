/// What every kind of dependency key shares: the value type, a lifetime and a display name.
///
/// You don't conform to this directly; conform to ``DependencyKey`` (and ``LiveDependencyKey``,
/// ``AsyncDependencyKey`` or ``ParameterizedDependencyKey``) or to ``MainActorDependencyKey``.
public protocol DependencyDescribing: SendableMetatype {
    /// The type callers receive, usually a protocol existential such as `any APIClient`.
    associatedtype Value
    /// How long a resolved instance lives. Defaults to ``Lifetime/singleton``.
    static var lifetime: Lifetime { get }
    /// The name used in errors, graphs and reports. Defaults to the key's type name.
    static var name: String { get }
    /// How resolution of this key is isolated (for graph export). Provided by each key protocol.
    static var isolation: DependencyIsolation { get }
}

extension DependencyDescribing {
    public static var lifetime: Lifetime { .singleton }
    public static var name: String { String(describing: Self.self) }
    /// The value type's name, as shown in reports (`APIClient` for `any APIClient`).
    static var valueTypeName: String { String(describing: Value.self) }
    /// `Name (ValueType)`, used in messages.
    static var qualifiedName: String { "\(name) (\(valueTypeName))" }
}

/// How a dependency's factory is isolated.
public enum DependencyIsolation: String, Hashable, Sendable, CustomStringConvertible {
    /// Synchronous, callable from any isolation domain.
    case nonisolated
    /// `async` factory; resolved with `await`.
    case async
    /// Isolated to the main actor; resolvable only where the compiler allows main-actor code.
    case mainActor

    public var description: String { rawValue }
}

/// The declaration of a `Sendable` dependency: its value type, lifetime and test/preview values.
///
/// A key that conforms only to `DependencyKey` has no live value yet, so it cannot be resolved: this is
/// how an interface module declares a dependency whose live value lives in another module. Add the live
/// value with ``LiveDependencyKey`` (or ``AsyncDependencyKey``/``ParameterizedDependencyKey``).
///
/// ```swift
/// // Interface module
/// public enum APIClientKey: DependencyKey {
///     public typealias Value = any APIClient
/// }
/// // Live module
/// extension APIClientKey: @retroactive LiveDependencyKey {
///     public static func live(_ r: borrowing Resolver) throws -> any APIClient { LiveAPIClient() }
/// }
/// ```
public protocol DependencyKey: DependencyDescribing where Value: Sendable {
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

extension DependencyKey {
    public static var testValue: Value? { nil }
    public static var previewValue: Value? { nil }
    public static var usesLiveFactoryInTests: Bool { false }
    public static var isolation: DependencyIsolation { .nonisolated }
}

/// A dependency with a synchronous live value, resolvable from any isolation domain.
///
/// ```swift
/// enum APIClientKey: LiveDependencyKey {
///     static var testValue: (any APIClient)? { MockAPIClient() }
///     static func live(_ r: borrowing Resolver) throws -> any APIClient { LiveAPIClient() }
/// }
/// let api = try container.resolve(APIClientKey.self)
/// ```
public protocol LiveDependencyKey: DependencyKey {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// Builds the live value. Resolve this value's own dependencies through `r` so cycles are
    /// reported with their path and graph lifetimes are shared.
    static func live(_ r: borrowing Resolver) throws -> Value
}

/// A dependency whose live value is built by an `async` factory; resolved with `await`.
///
/// ```swift
/// enum DatabaseKey: AsyncDependencyKey {
///     static func live(_ r: borrowing AsyncResolver) async throws -> Database { try await Database.open() }
/// }
/// let db = try await container.resolve(DatabaseKey.self)
/// ```
public protocol AsyncDependencyKey: DependencyKey {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// Builds the live value asynchronously.
    static func live(_ r: borrowing AsyncResolver) async throws -> Value
}

extension AsyncDependencyKey {
    public static var isolation: DependencyIsolation { .async }
}

/// A dependency built from a caller-supplied argument (always ``Lifetime/unique``).
///
/// ```swift
/// enum SpotDetailKey: ParameterizedDependencyKey {
///     static func live(_ r: borrowing Resolver, _ spotID: String) throws -> SpotDetail {
///         SpotDetail(id: spotID, api: try r.resolve(APIClientKey.self))
///     }
/// }
/// let detail = try container.resolve(SpotDetailKey.self, argument: "pipeline")
/// ```
public protocol ParameterizedDependencyKey: DependencyKey {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// The argument the factory takes.
    associatedtype Argument: Sendable
    /// Builds the live value for `argument`.
    static func live(_ r: borrowing Resolver, _ argument: Argument) throws -> Value
}

extension ParameterizedDependencyKey {
    /// Parameterized dependencies are built for each argument: always ``Lifetime/unique``.
    public static var lifetime: Lifetime { .unique }
}

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
public protocol MainActorDependencyKey: DependencyDescribing {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// The test value (see ``DependencyKey/testValue``); `nil` means none.
    @MainActor static var testValue: Value? { get }
    /// The preview value; `nil` uses the live value.
    @MainActor static var previewValue: Value? { get }
    /// Whether the test context builds this dependency with its live factory when it has no test value
    /// (see ``DependencyKey/usesLiveFactoryInTests``).
    static var usesLiveFactoryInTests: Bool { get }
    /// Builds the live value on the main actor.
    @MainActor static func live(_ r: borrowing Resolver) throws -> Value
}

extension MainActorDependencyKey {
    @MainActor public static var testValue: Value? { nil }
    @MainActor public static var previewValue: Value? { nil }
    public static var usesLiveFactoryInTests: Bool { false }
    public static var isolation: DependencyIsolation { .mainActor }
}
