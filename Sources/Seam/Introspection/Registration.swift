/// A key a ``Container`` declares it provides: what ``Container/verify(fileID:line:)`` builds and the graph shows.
///
/// Usually written as bare key types in the container's registration builder:
/// ```swift
/// Container(name: "App") {
///     APIClientKey.self
///     Registration(SpotDetailKey.self, sampleArgument: "pipeline")   // parameterized keys need a sample
/// }
/// ```
public struct Registration: Sendable {
    /// The key's name.
    public let name: String
    /// The value type's name (`APIClient` for `any APIClient`).
    public let valueType: String
    /// The key's lifetime.
    public let lifetime: Lifetime
    /// How the key's factory is isolated.
    public let isolation: DependencyIsolation
    /// Resolves the key once in the current task's scope, returning the failure if any; `nil` when the
    /// key cannot be built without an argument.
    let build: (@Sendable (Container) async -> ResolutionError?)?
    /// The key itself: two keys with the same name (declared in different functions) stay two nodes.
    let key: any _DependencyKeyBase.Type

    private init<K: _DependencyKeyBase>(_ key: K.Type, build: (@Sendable (Container) async -> ResolutionError?)?) {
        name = K.name
        valueType = K.valueTypeName
        lifetime = K.lifetime
        isolation = K.isolation
        self.build = build
        self.key = K.self
    }

    /// Registers a synchronous key.
    public init<K: DependencyKey>(_ key: K.Type) {
        self.init(key) { container in Self.failure { () throws(ResolutionError) in _ = try container.resolve(K.self) } }
    }

    /// Registers an `async` key.
    public init<K: AsyncDependencyKey>(_ key: K.Type) {
        self.init(key) { container in
            do throws(ResolutionError) { _ = try await container.resolve(K.self) } catch { return error }
            return nil
        }
    }

    /// Registers a main-actor key (verified on the main actor).
    public init<K: MainActorDependencyKey>(_ key: K.Type) {
        self.init(key) { container in
            await MainActor.run { Self.failure { () throws(ResolutionError) in _ = try container.resolve(K.self) } }
        }
    }

    /// Registers a parameterized key; `verify()` builds it with `sampleArgument`.
    public init<K: ParameterizedDependencyKey>(_ key: K.Type, sampleArgument: K.Argument) {
        self.init(key) { container in
            Self.failure { () throws(ResolutionError) in _ = try container.resolve(K.self, argument: sampleArgument) }
        }
    }

    /// Registers a parameterized key without a sample argument: it appears in the graph, and
    /// `verify()` lists it as not built.
    public init<K: ParameterizedDependencyKey>(_ key: K.Type) {
        self.init(key, build: nil)
    }

    private static func failure(_ body: () throws(ResolutionError) -> Void) -> ResolutionError? {
        do { try body() } catch { return error }
        return nil
    }
}
