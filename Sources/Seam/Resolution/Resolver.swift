/// What a factory uses to resolve its own dependencies. Resolving through it keeps the path (for cycle
/// errors and verification) and shares ``Lifetime/graph`` instances across the tree.
///
/// A resolver is borrowed for the duration of the factory call and cannot escape it.
///
/// ```swift
/// static func live(_ r: borrowing Resolver) throws -> SpotsStore {
///     SpotsStore(api: try r.resolve(APIClientKey.self), cache: try r.resolve(CacheKey.self))
/// }
/// ```
public struct Resolver: ~Copyable {
    @usableFromInline let state: ResolutionState

    @inlinable
    init(state: ResolutionState) { self.state = state }

    /// The context this resolution uses (live, test or preview).
    public var context: DependencyContext { state.context }

    /// Resolves a dependency with a synchronous live value.
    @inlinable
    public func resolve<K: DependencyKey>(_ key: K.Type) throws(ResolutionError) -> K.Value {
        if state.frame == nil, case .singleton = K.lifetime,
            let value = state.storage.publishedSingleton(for: ObjectIdentifier(key), as: K.Value.self)
        {
            return value.pointee
        }
        return try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
            try Engine.make(key, r, entry)
        }
    }

    /// Resolves a parameterized dependency for `argument`.
    @inlinable
    public func resolve<K: ParameterizedDependencyKey>(_ key: K.Type, argument: K.Argument) throws(ResolutionError)
        -> K.Value
    {
        try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
            try Engine.make(key, argument, r, entry)
        }
    }

    /// Resolves a main-actor dependency; compiles only in main-actor code (such as a main-actor factory).
    @MainActor @inlinable
    public func resolve<K: MainActorDependencyKey>(_ key: K.Type) throws(ResolutionError) -> K.Value {
        if state.frame == nil, case .singleton = K.lifetime,
            let value = state.storage.publishedSingleton(for: ObjectIdentifier(key), as: K.Value.self)
        {
            return value.pointee
        }
        return try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
            try Engine.make(key, r, entry)
        }
    }
}
