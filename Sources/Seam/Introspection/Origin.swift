/// Where the instance a resolve returns in the current task comes from: context, provider, lifetime
/// and storage. Ask with `Container.origin(of:)`.
///
/// ```swift
/// print(container.origin(of: APIClientKey.self))
/// // APIClientKey: override at AppTests/SpotsTests.swift:12, singleton,
/// // test context, isolated storage (withOverrides at AppTests/SpotsTests.swift:11), instance held
/// ```
public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// Which storage holds (or would hold) the instance.
    public enum StorageKind: Hashable, Sendable, CustomStringConvertible {
        /// The container's own storage.
        case container(String)
        /// The private storage of an override scope (one per `withOverrides` call / per test).
        case isolated(String)
        /// None: in a process running tests, a resolve outside any scope keeps nothing, so nothing it
        /// builds can reach another test.
        case unscoped

        /// `container <name>`, `isolated storage (<label>)` or `no storage (outside any test scope)`.
        public var description: String {
            switch self {
            case .container(let name): "container \(name)"
            case .isolated(let label): "isolated storage (\(label))"
            case .unscoped: "no storage (outside any test scope)"
            }
        }
    }

    /// The key's name.
    public let dependency: String
    /// The context in effect.
    public let context: DependencyContext
    /// The provider that made (or will make) the instance; `nil` in a test context when the key has no
    /// test value and no override (resolving it fails the test).
    public let source: DependencySource?
    /// The key's lifetime.
    public let lifetime: Lifetime
    /// The storage the instance lives in (meaningful for stored lifetimes).
    public let storage: StorageKind
    /// Whether that storage currently holds an instance.
    public let hasInstance: Bool

    /// One line: the key, its source (or `no test value`), lifetime, context and storage, then `instance held` if any.
    public var description: String {
        "\(dependency): \(source.map(String.init(describing:)) ?? "no test value"), \(lifetime), \(context) context, \(storage)"
            + (hasInstance ? ", instance held" : "")
    }
}
