import Synchronization

/// Where the dependency graph is built: holds stored instances (singleton, cached, weak, scoped), the
/// context (live, test, preview) and the registrations that ``verify()`` and graph export walk.
///
/// View models and services take their dependencies in `init`; the container (or an app-level type
/// wrapping it, like `AppDependencies`) is the one place that resolves them.
///
/// ```swift
/// let container = Container(name: "App") {
///     APIClientKey.self
///     SpotsViewModelKey.self
/// }
/// let api = try container.resolve(APIClientKey.self)
/// ```
public final class Container: Sendable {
    /// The container's name, used in reports and ``Origin``.
    public let name: String
    /// The context used outside override scopes that set one.
    public let context: DependencyContext
    /// The declared registrations (what ``verify()`` builds and the graph shows).
    public let registrations: [Registration]
    @usableFromInline let storage: Storage
    /// The count of live override scopes (``FrameCount/shared``), held so hot paths read it directly.
    @usableFromInline let frames = FrameCount.shared

    /// Creates a container.
    /// - Parameters:
    ///   - name: shown in reports.
    ///   - context: `.live` for the app, `.test` or `.preview` for a standalone test or preview container.
    ///   - registrations: the keys this container is expected to provide (for ``verify()`` and export).
    public init(
        name: String = "Container",
        context: DependencyContext = .live,
        @RegistrationBuilder registrations: () -> [Registration] = { [] }
    ) {
        self.name = name
        self.context = context
        self.registrations = registrations()
        self.storage = Storage(label: .container(name))
    }

    // MARK: Resolving

    /// Resolves a dependency with a synchronous live value.
    ///
    /// A singleton, cached or scoped instance already built is returned without locking, allocating or
    /// casting; inside an override scope a value override costs one task-local read and a table probe.
    @inlinable
    public func resolve<K: LiveDependencyKey>(_ key: K.Type) throws(ResolutionError) -> K.Value {
        if !frames.noneExist, let frame = OverrideFrame.current {
            return try resolve(key, in: frame)
        }
        switch K.lifetime {
        case .singleton:
            if let value = storage.publishedSingleton(for: ObjectIdentifier(key), as: K.Value.self) { return value.pointee }
        case .cached, .scoped:
            if let box = storage.heldBox(for: ObjectIdentifier(key), as: K.Value.self) {
                let live = box.enter()
                defer { box.leave() }
                if live { return box.value.pointee }
            }
        case .weak:
            if let value = storage.existingSlot(for: key)?.weakValue() { return value }
        case .unique where context == .live:
            return try buildUniqueLive(key)
        default:
            break
        }
        return try withRootState(frame: nil) { state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, r, entry)
            }
        }
    }

    /// ``resolve(_:)-(K.Type)`` inside the override scope `frame`: a value override is returned at once,
    /// an instance already held by the scope's storage is read lock-free, the rest goes through the engine.
    @inlinable
    func resolve<K: LiveDependencyKey>(_ key: K.Type, in frame: OverrideFrame) throws(ResolutionError) -> K.Value {
        if frame.recorder == nil {
            let id = ObjectIdentifier(key)
            if let entry = frame.overrides.find(UInt(bitPattern: id)) {
                // An entry is only ever stored under its own key, with the key's `Value`.
                if let value = entry._withUnsafeGuaranteedRef({ entry -> UnsafePointer<K.Value>? in
                    entry.kind == .value ? unsafeDowncast(entry, to: ValueOverride<K.Value>.self).readOnlyAddress : nil
                }) {
                    return value.pointee
                }
            } else {
                let storage = frame.unretainedStorage(for: self)
                switch K.lifetime {
                case .singleton:
                    if let value = storage._withUnsafeGuaranteedRef({ $0.publishedSingleton(for: id, as: K.Value.self) }) {
                        return value.pointee
                    }
                case .cached, .scoped:
                    if let box = storage._withUnsafeGuaranteedRef({ $0.heldBox(for: id, as: K.Value.self) }) {
                        let live = box.enter()
                        defer { box.leave() }
                        if live { return box.value.pointee }
                    }
                default:
                    break
                }
            }
        }
        return try withRootState(frame: frame) { state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, r, entry)
            }
        }
    }

    /// Resolves a parameterized dependency for `argument`.
    @inlinable
    public func resolve<K: ParameterizedDependencyKey>(_ key: K.Type, argument: K.Argument) throws(ResolutionError) -> K.Value {
        try withRootState { state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, argument, r, entry)
            }
        }
    }

    /// Resolves a main-actor dependency; compiles only in main-actor code.
    @MainActor @inlinable
    public func resolve<K: MainActorDependencyKey>(_ key: K.Type) throws(ResolutionError) -> K.Value {
        if frames.noneExist, case .singleton = K.lifetime,
           let value = storage.publishedSingleton(for: ObjectIdentifier(key), as: K.Value.self) {
            return value.pointee
        }
        return try withRootState { state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, r, entry)
            }
        }
    }

    /// Resolves a dependency with an `async` live value.
    @inlinable
    public func resolve<K: AsyncDependencyKey>(_ key: K.Type) async throws(ResolutionError) -> K.Value {
        if frames.noneExist {
            switch K.lifetime {
            case .singleton:
                if let value = storage.publishedSingleton(for: ObjectIdentifier(key), as: K.Value.self) { return value.pointee }
            case .cached, .scoped:
                if let box = storage.heldBox(for: ObjectIdentifier(key), as: K.Value.self) {
                    let live = box.enter()
                    defer { box.leave() }
                    if live { return box.value.pointee }
                }
            default:
                break
            }
        }
        let state = rootState()
        defer { state.root.deinitialize(count: 1); state.root.deallocate() }
        return try await Engine.resolve(key, in: state) { (r: borrowing AsyncResolver, entry) async throws(ResolutionError) in
            try await Engine.make(key, r, entry)
        }
    }

    // MARK: Lifetimes

    /// Drops every ``Lifetime/cached`` instance (in the current override scope's storage when called
    /// inside one, else in the container's).
    public func resetCached() {
        currentStorage?.reset { $0 == .cached }
    }

    /// Drops every instance of `scope` (for example the user session at logout).
    public func endScope(_ scope: Scope) {
        currentStorage?.reset { $0 == .scoped(scope) }
    }

    // MARK: Internals

    /// The unique, live, no-override path: builds straight from the key's factory.
    @inlinable
    func buildUniqueLive<K: LiveDependencyKey>(_ key: K.Type) throws(ResolutionError) -> K.Value {
        var root = RootState()
        return try withUnsafeMutablePointer(to: &root) { rootPointer throws(ResolutionError) in
            let node = PathNode(key: ObjectIdentifier(key), describing: key, parent: nil)
            return try withUnsafePointer(to: node) { nodePointer throws(ResolutionError) in
                let resolver = Resolver(state: ResolutionState(
                    storage: storage, frame: nil, context: .live, node: nodePointer, root: rootPointer
                ))
                do { return try K.live(resolver) } catch { throw Engine.wrap(error, key, resolver.state) }
            }
        }
    }

    /// Runs `body` with a root state for the current task (its override scope, storage and context).
    @usableFromInline
    func withRootState<R>(_ body: (ResolutionState) throws(ResolutionError) -> R) throws(ResolutionError) -> R {
        try withRootState(frame: OverrideFrame.currentIfAny, body)
    }

    /// Runs `body` with a root state for the override scope `frame` (already read by the caller).
    @usableFromInline
    func withRootState<R>(
        frame: OverrideFrame?, _ body: (ResolutionState) throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        var root = RootState()
        return try withUnsafeMutablePointer(to: &root) { pointer throws(ResolutionError) in
            try body(ResolutionState(
                storage: frame?.storage(for: self) ?? storage, frame: frame,
                context: frame?.context ?? context, node: nil, root: pointer
            ))
        }
    }

    /// A root state with an allocated tree state, for `async` resolution; the caller deallocates it.
    @usableFromInline
    func rootState() -> ResolutionState {
        let frame = OverrideFrame.currentIfAny
        let root = UnsafeMutablePointer<RootState>.allocate(capacity: 1)
        root.initialize(to: RootState())
        return ResolutionState(
            storage: frame?.storage(for: self) ?? storage, frame: frame,
            context: frame?.context ?? context, node: nil, root: root
        )
    }

    /// The storage the current task uses, if it exists yet.
    var currentStorage: Storage? {
        guard let frame = OverrideFrame.currentIfAny else { return storage }
        return frame.existingStorage(for: self)
    }
}
