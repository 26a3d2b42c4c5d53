/// The members every kind of dependency key shares: the value type, a lifetime and a display name.
///
/// An implementation detail, public only because the key protocols refine it. Conform to
/// ``DependencyKey`` (or ``TestDependencyKey``, ``AsyncDependencyKey``, ``ParameterizedDependencyKey``,
/// ``MainActorDependencyKey``), never to this protocol directly.
public protocol _DependencyKeyBase: SendableMetatype {
    /// The type callers receive, usually a protocol existential such as `any APIClient`.
    associatedtype Value
    /// How long a resolved instance lives. Defaults to ``Lifetime/singleton``.
    static var lifetime: Lifetime { get }
    /// The name used in errors, graphs and reports. Defaults to the key's qualified type name.
    static var name: String { get }
    /// How resolution of this key is isolated (for graph export). Provided by each key protocol.
    static var isolation: DependencyIsolation { get }
}

extension _DependencyKeyBase {
    /// Defaults to ``Lifetime/singleton``: one instance per container.
    public static var lifetime: Lifetime { .singleton }
    /// Defaults to the key's type name qualified by the types it is nested in, without the module:
    /// `APIClientKey`, or `Feed.Key` and `Auth.Key` for two keys both named `Key`.
    public static var name: String { TypeName.qualified(Self.self) }
    /// The value type's name, as shown in reports (`APIClient` for `any APIClient`).
    static var valueTypeName: String { String(describing: Value.self) }
    /// `Name (ValueType)`, used in messages.
    static var nameWithValueType: String { "\(name) (\(valueTypeName))" }
}

/// How a dependency's factory is isolated.
public enum DependencyIsolation: String, Hashable, Sendable, CustomStringConvertible {
    /// Synchronous, callable from any isolation domain.
    case nonisolated
    /// `async` factory; resolved with `await`.
    case async
    /// Isolated to the main actor; resolvable only where the compiler allows main-actor code.
    case mainActor

    /// The case name: `nonisolated`, `async` or `mainActor`.
    public var description: String { rawValue }
}
