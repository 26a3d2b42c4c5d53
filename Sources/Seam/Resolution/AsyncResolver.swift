/// What an `async` factory uses to resolve its own dependencies, synchronous and `async` alike.
///
/// ```swift
/// static func live(_ r: borrowing AsyncResolver) async throws -> Database {
///     try await Database.open(config: try r.resolve(ConfigKey.self))
/// }
/// ```
public struct AsyncResolver: ~Copyable {
    @usableFromInline let state: ResolutionState

    @inlinable
    init(state: ResolutionState) { self.state = state }

    /// The context this resolution uses (live, test or preview).
    public var context: DependencyContext { state.context }

    /// Resolves a dependency with a synchronous live value.
    @inlinable
    public func resolve<K: DependencyKey>(_ key: K.Type) throws(ResolutionError) -> K.Value {
        try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
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

    /// Resolves a dependency with an `async` live value.
    @inlinable
    public func resolve<K: AsyncDependencyKey>(_ key: K.Type) async throws(ResolutionError) -> K.Value {
        try await Engine.resolve(key, in: state) { (r: borrowing AsyncResolver, entry) async throws(ResolutionError) in
            try await Engine.make(key, r, entry)
        }
    }
}
