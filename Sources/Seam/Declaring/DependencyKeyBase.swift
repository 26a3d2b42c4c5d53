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
    /// How long a resolver waits for another thread's or task's build of this key before it gives up
    /// with a ``ResolutionError/isStalledBuild`` error naming the key. Defaults to 60 seconds in a
    /// process running tests, and to no limit elsewhere (an app keeps waiting for a slow factory).
    ///
    /// Seam sees its own waits, so a cycle of builds waiting for each other across threads throws at
    /// once. It cannot see a factory waiting for work of its own (a `Thread`, a `Task.detached`, a
    /// `DispatchQueue.sync`, a semaphore): if that work resolves the key being built, each waits for
    /// the other. That wait is bounded by this limit: the work's resolve throws, and the factory goes on.
    /// A build that is only slow (a starved thread pool under load can stall one for seconds) also
    /// ends the wait at the limit, which is why the default is long and absent in apps; set it on a key
    /// whose factory could be re-entered this way, to turn that deadlock into an error in production too.
    static var maximumBuildWait: Duration { get }
}

extension _DependencyKeyBase {
    /// Defaults to `Lifetime.singleton`: one instance per container.
    public static var lifetime: Lifetime { .singleton }
    /// 60 seconds in a process running tests; no limit elsewhere.
    public static var maximumBuildWait: Duration { ProcessKind.current == .tests ? .seconds(60) : .seconds(Int64.max) }
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
