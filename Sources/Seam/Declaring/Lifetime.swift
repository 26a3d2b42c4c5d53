/// How long a resolved instance lives and who shares it.
///
/// ``Container/verify(fileID:line:)`` reports a *captive* dependency when a stored instance (singleton, cached,
/// weak, scoped) holds an instance that others share and that can be replaced while the holder lives:
/// a ``cached`` one (reset), a ``scoped(_:)`` one of another scope (scope end), a ``weak`` one
/// (released and rebuilt) or a ``graph`` one (each resolution tree gets its own). Everyone else then
/// gets the new instance while the holder keeps the old one. A ``unique`` instance is never captive by
/// itself: it was made for the holder alone, nobody else can see it go stale, so it is part of the
/// holder; but what it holds, the holder holds, so a singleton holding a unique that holds a cached
/// instance is reported (`through` the unique). A ``singleton`` outlives every holder.
///
/// ```swift
/// enum SessionKey: DependencyKey {
///     static var lifetime: Lifetime { .scoped(.session) }
///     static func live(_ r: borrowing Resolver) throws -> Session { Session() }
/// }
/// ```
public enum Lifetime: Hashable, Sendable, CustomStringConvertible {
    /// A new instance on every resolve.
    case unique
    /// One instance per container (and per isolated override scope, so per test).
    case singleton
    /// One instance until ``Container/resetCached()``.
    case cached
    /// One shared instance while someone holds it; the next resolve after it is released builds a new one.
    /// Only class instances can be held weakly; value types behave as ``unique``.
    case weak
    /// One instance per resolution tree: every resolve made while building one root shares it.
    case graph
    /// One instance until ``Container/endScope(_:)`` drops the scope (for example a user session at logout).
    case scoped(Scope)

    /// The case name (`singleton`); a scoped lifetime names its scope (`scoped(session)`).
    public var description: String {
        switch self {
        case .unique: "unique"
        case .singleton: "singleton"
        case .cached: "cached"
        case .weak: "weak"
        case .graph: "graph"
        case .scoped(let scope): "scoped(\(scope.name))"
        }
    }

    /// Whether instances of this lifetime are kept in a container's storage.
    var isStored: Bool {
        switch self {
        case .singleton, .cached, .weak, .scoped: true
        case .unique, .graph: false
        }
    }

    /// Whether a longer-lived instance holding an instance of this lifetime outlives it ("captive").
    ///
    /// `parent` holds `self`: captive when `self` is shared and can end (reset, scope end, tree end,
    /// release) independently of `parent`. A unique instance is owned, not shared: ``DependencyGraph``
    /// looks through it at what it holds instead.
    func isCaptive(heldBy parent: Lifetime) -> Bool {
        switch parent {
        case .unique, .graph:
            return false
        case .singleton, .cached, .weak, .scoped:
            switch self {
            case .unique, .singleton: return false
            default: return self != parent
            }
        }
    }
}
