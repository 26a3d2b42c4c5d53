/// How long a resolved instance lives and who shares it.
///
/// ```swift
/// enum SessionKey: LiveDependencyKey {
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
    /// `parent` holds `self`: captive when `self` can end (reset, scope end, tree end, release)
    /// independently of `parent`.
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
