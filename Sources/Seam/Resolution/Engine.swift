/// The resolution algorithm shared by ``Container``, ``Resolver`` and ``AsyncResolver``: cycle check,
/// edge recording, overrides, then the key's lifetime. Factories always run with no lock held.
@usableFromInline
enum Engine {
    /// A value provider for one key: builds a value (or applies a factory override) with a resolver
    /// whose path includes the key.
    @usableFromInline typealias Make<Value> = (borrowing Resolver, OverrideEntry?) throws(ResolutionError) -> (
        Value, DependencySource
    )
    @usableFromInline typealias AsyncMake<Value> = (borrowing AsyncResolver, OverrideEntry?)
        async throws(ResolutionError) -> (Value, DependencySource)

    // MARK: Synchronous

    /// Resolves `key`: cycle check, edge recording, overrides, then the lifetime. Inlined into callers
    /// so the hot paths (unique builds, held instances) are specialized for the key.
    @inlinable
    static func resolve<K: _DependencyKeyBase>(
        _ key: K.Type, in state: ResolutionState, make: Make<K.Value>
    ) throws(ResolutionError) -> K.Value {
        let id = ObjectIdentifier(key)
        var entry: OverrideEntry?
        if let recorder = state.frame?.recorder { recorder.record(parent: state.node?.pointee.describing, child: key) }
        if let override = state.override(of: id) {
            if override.kind == .value { return unsafeDowncast(override, to: ValueOverride<K.Value>.self).value }
            entry = override
        }
        try state.checkCycle(id, key)
        switch K.lifetime {
        case .unique:
            return try build(key, in: state, entry: entry, make: make).0
        case .singleton:
            if let value = state.storage.publishedSingleton(for: id, as: K.Value.self) { return value.pointee }
        case .cached, .scoped:
            if let box = state.storage.heldBox(for: id, as: K.Value.self) {
                let live = box.enter()
                defer { box.leave() }
                if live { return box.value.pointee }
            }
        case .graph:
            if let box = state.root.pointee.graphInstance(id) {
                return unsafeDowncast(box, to: GraphBox<K.Value>.self).value
            }
            let value = try build(key, in: state, entry: entry, make: make).0
            storeGraphInstance(value, for: id, in: state)
            return value
        case .weak:
            if let value = state.storage.existingSlot(for: key)?.weakValue() { return value }
        }
        if state.storage.inheritance != nil, let value = state.storage.inheritedInstance(of: key) { return value }
        return try state.storage.slot(for: key).resolve(path: { state.pathNames }, describing: key) {
            () throws(ResolutionError) in try build(key, in: state, entry: entry, make: make)
        }
    }

    /// Runs `make` with a resolver whose path ends in `key`, recorded as this thread's build in
    /// progress (so a resolve the factory makes through a container continues the path).
    @inlinable @inline(__always)
    static func build<K: _DependencyKeyBase>(
        _ key: K.Type, in state: ResolutionState, entry: OverrideEntry?, make: Make<K.Value>
    ) throws(ResolutionError) -> (K.Value, DependencySource) {
        let node = PathNode(key: ObjectIdentifier(key), describing: key, parent: state.node)
        return try withUnsafePointer(to: node) { pointer throws(ResolutionError) in
            try PathNode.building(pointer) { () throws(ResolutionError) in
                try make(Resolver(state: state.child(pointer)), entry)
            }
        }
    }

    @usableFromInline
    static func storeGraphInstance<Value>(_ value: Value, for id: ObjectIdentifier, in state: ResolutionState) {
        if state.root.pointee.graph == nil { state.root.pointee.graph = Unmanaged.passRetained(GraphInstances()) }
        state.root.pointee.graph?._withUnsafeGuaranteedRef { $0.boxes[id] = GraphBox(value) }
    }

    /// The provider of a ``DependencyKey``.
    @inlinable
    static func make<K: DependencyKey>(
        _ key: K.Type, _ resolver: borrowing Resolver, _ entry: OverrideEntry?
    ) throws(ResolutionError) -> (K.Value, DependencySource) {
        do {
            if let entry {
                return (try unsafeDowncast(entry, to: FactoryOverride<K.Value>.self).make(resolver), entry.source)
            }
            switch resolver.state.context {
            case .live:
                return (try K.live(resolver), .live)
            case .test:
                if let value = K.testValue { return (value, .test) }
                guard K.usesLiveFactoryInTests else { throw missingTestValue(key, resolver.state) }
                return (try K.live(resolver), .live)
            case .preview:
                if let value = K.previewValue { return (value, .preview) }
                return (try K.live(resolver), .live)
            }
        } catch {
            throw wrap(error, key, resolver.state)
        }
    }

    /// The provider of a ``ParameterizedDependencyKey`` for `argument`.
    @inlinable
    static func make<K: ParameterizedDependencyKey>(
        _ key: K.Type, _ argument: K.Argument, _ resolver: borrowing Resolver, _ entry: OverrideEntry?
    ) throws(ResolutionError) -> (K.Value, DependencySource) {
        do {
            if let entry {
                let factory = unsafeDowncast(entry, to: ParameterizedFactoryOverride<K.Argument, K.Value>.self)
                return (try factory.make(resolver, argument), entry.source)
            }
            switch resolver.state.context {
            case .live:
                return (try K.live(resolver, argument), .live)
            case .test:
                if let value = K.testValue { return (value, .test) }
                guard K.usesLiveFactoryInTests else { throw missingTestValue(key, resolver.state) }
                return (try K.live(resolver, argument), .live)
            case .preview:
                if let value = K.previewValue { return (value, .preview) }
                return (try K.live(resolver, argument), .live)
            }
        } catch {
            throw wrap(error, key, resolver.state)
        }
    }

    /// The provider of a ``MainActorDependencyKey``.
    @MainActor @inlinable
    static func make<K: MainActorDependencyKey>(
        _ key: K.Type, _ resolver: borrowing Resolver, _ entry: OverrideEntry?
    ) throws(ResolutionError) -> (K.Value, DependencySource) {
        do {
            if let entry {
                return (
                    try unsafeDowncast(entry, to: MainActorFactoryOverride<K.Value>.self).make(resolver), entry.source
                )
            }
            switch resolver.state.context {
            case .live:
                return (try K.live(resolver), .live)
            case .test:
                if let value = K.testValue { return (value, .test) }
                guard K.usesLiveFactoryInTests else { throw missingTestValue(key, resolver.state) }
                return (try K.live(resolver), .live)
            case .preview:
                if let value = K.previewValue { return (value, .preview) }
                return (try K.live(resolver), .live)
            }
        } catch {
            throw wrap(error, key, resolver.state)
        }
    }

    // MARK: Asynchronous

    /// The `async` counterpart of ``resolve(_:in:make:)-(_,_,Make<K.Value>)``.
    @usableFromInline
    static func resolve<K: _DependencyKeyBase>(
        _ key: K.Type, in state: ResolutionState, make: AsyncMake<K.Value>
    ) async throws(ResolutionError) -> K.Value {
        let id = ObjectIdentifier(key)
        var entry: OverrideEntry?
        if let recorder = state.frame?.recorder { recorder.record(parent: state.node?.pointee.describing, child: key) }
        if let override = state.override(of: id) {
            if override.kind == .value { return unsafeDowncast(override, to: ValueOverride<K.Value>.self).value }
            entry = override
        }
        try state.checkCycle(id, key)
        func build() async throws(ResolutionError) -> (K.Value, DependencySource) {
            // Async frames can't point into a stack that suspends, so the node gets its own allocation.
            let node = UnsafeMutablePointer<PathNode>.allocate(capacity: 1)
            node.initialize(to: PathNode(key: id, describing: key, parent: state.node))
            defer { node.deinitialize(count: 1); node.deallocate() }
            return try await BuildChain.building(as: .currentTask, key: id, describing: key) {
                () async throws(ResolutionError) in
                try await make(AsyncResolver(state: state.child(node)), entry)
            }
        }
        switch K.lifetime {
        case .unique:
            return try await build().0
        case .graph:
            if let box = state.root.pointee.graphInstance(id) {
                return unsafeDowncast(box, to: GraphBox<K.Value>.self).value
            }
            let value = try await build().0
            storeGraphInstance(value, for: id, in: state)
            return value
        case .cached, .scoped:
            if let box = state.storage.heldBox(for: id, as: K.Value.self) {
                let live = box.enter()
                defer { box.leave() }
                if live { return box.value.pointee }
            }
        case .singleton, .weak:
            break
        }
        if state.storage.inheritance != nil, let value = state.storage.inheritedInstance(of: key) { return value }
        return try await state.storage.slot(for: key).resolve(path: { state.pathNames }, describing: key, build: build)
    }

    /// The provider of an ``AsyncDependencyKey``.
    @usableFromInline
    static func make<K: AsyncDependencyKey>(
        _ key: K.Type, _ resolver: borrowing AsyncResolver, _ entry: OverrideEntry?
    ) async throws(ResolutionError) -> (K.Value, DependencySource) {
        do {
            if let entry {
                return (
                    try await unsafeDowncast(entry, to: AsyncFactoryOverride<K.Value>.self).make(resolver), entry.source
                )
            }
            switch resolver.state.context {
            case .live:
                return (try await K.live(resolver), .live)
            case .test:
                if let value = K.testValue { return (value, .test) }
                guard K.usesLiveFactoryInTests else { throw missingTestValue(key, resolver.state) }
                return (try await K.live(resolver), .live)
            case .preview:
                if let value = K.previewValue { return (value, .preview) }
                return (try await K.live(resolver), .live)
            }
        } catch {
            throw wrap(error, key, resolver.state)
        }
    }

    // MARK: Errors

    /// Reports and returns the error for a test-context read of a key without a test value.
    @usableFromInline
    static func missingTestValue(_ key: any _DependencyKeyBase.Type, _ state: ResolutionState) -> ResolutionError {
        let error = ResolutionError.missingTestValue(key.nameWithValueType, path: state.pathNames)
        state.report(message: error.description, dependency: key.name)
        return error
    }

    /// Passes resolution errors through; wraps anything a factory threw with the key and path.
    @usableFromInline
    static func wrap(_ error: any Error, _ key: any _DependencyKeyBase.Type, _ state: ResolutionState)
        -> ResolutionError
    {
        if let error = error as? ResolutionError { return error }
        return .factoryFailed(key.name, path: state.pathNames, error: error)
    }
}
