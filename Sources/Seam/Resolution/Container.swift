import Synchronization

/// Where the dependency graph is built: holds stored instances (singleton, cached, weak, scoped), the
/// context (live, test, preview), the container's own overrides, and the registrations that
/// ``verify(fileID:line:)`` and graph export walk.
///
/// View models and services take their dependencies in `init`; the container (or an app-level type
/// wrapping it, like `AppDependencies`) is the one place that resolves them.
///
/// ```swift
/// let container = Container(name: "App") {
///     APIClientKey.self
///     SpotsStoreKey.self
/// }
/// let api = container[APIClientKey.self]                   // a factory that cannot fail
/// let store = try container.resolve(SpotsStoreKey.self)    // one that can
/// let mock = Container(name: "App", overrides: { $0[APIClientKey.self] = MockAPIClient() })
/// ```
///
/// In a process running tests, a container created without a context resolves in the test context,
/// and a resolve outside any test scope keeps nothing (see <doc:Testing>).
public final class Container: Sendable {
    /// The container's name, used in reports and ``Origin``.
    public let name: String
    /// The context used outside override scopes that set one.
    public let context: DependencyContext
    /// The declared registrations (what ``verify(fileID:line:)`` builds and the graph shows).
    public let registrations: [Registration]
    @usableFromInline let storage: Storage
    /// The cell of `storage` holding its current table, read directly by the hot paths (one load less).
    @usableFromInline nonisolated(unsafe) let ownTable: UnsafeMutablePointer<Atomic<UInt>>
    /// The overrides the container was created with (`nil` when none).
    @usableFromInline let own: ContainerOverrides?
    /// The count of live override scopes (``FrameCount/shared``), held so hot paths read it directly.
    @usableFromInline let frames = FrameCount.shared
    /// Whether a unique resolve outside any scope calls the key's live factory directly: live context,
    /// no container overrides.
    @usableFromInline let buildsUniqueLiveDirectly: Bool
    /// Whether a resolve outside any scope keeps nothing: the automatic context of a process running
    /// tests, so a resolve that escaped its test (or a test without a scope) can never leave an
    /// instance another test could pick up.
    @usableFromInline let keepsNothingOutsideScopes: Bool

    /// Creates a container.
    ///
    /// ```swift
    /// static func production() -> AppDependencies { AppDependencies(container: Container(name: "Tally")) }
    /// static func mock(api: any ApiClientProtocol) -> AppDependencies {
    ///     AppDependencies(container: Container(name: "Tally", overrides: { $0[ApiClientKey.self] = api }))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: shown in reports.
    ///   - context: `nil` (the default) for ``DependencyContext/automatic`` (`test` when the process
    ///     runs tests, `preview` in previews, else `live`); an explicit context is always used, in a
    ///     test process too, with no issue recorded: `Container(context: .preview)` in a test runs the
    ///     live factory of every key without a preview value, and `.live` runs them all. In tests, leave
    ///     it `nil` (or use `.test`) and set values with overrides.
    ///   - fileID: where `overrides` are declared, for ``Origin`` (defaults to the caller's file).
    ///   - line: the line of that declaration.
    ///   - registrations: the keys this container is expected to provide (for ``verify(fileID:line:)`` and export).
    ///   - overrides: values or factories replacing keys for every resolve from this container (under
    ///     those of an enclosing `withOverrides` scope), and an issue reporter for its issues.
    public init(
        name: String = "Container",
        context: DependencyContext? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        @RegistrationBuilder registrations: () -> [Registration] = { [] },
        overrides: (inout Overrides) -> Void = { _ in }
    ) {
        self.name = name
        self.context = context ?? .automatic
        self.registrations = registrations()
        self.storage = Storage(label: .container(name))
        self.ownTable = storage.cell
        var configured = Overrides(fileID: fileID, line: line)
        overrides(&configured)
        self.own = ContainerOverrides.make(configured)
        self.buildsUniqueLiveDirectly = self.context == .live && own == nil
        self.keepsNothingOutsideScopes = context == nil && ProcessKind.current == .tests
    }

    // MARK: Resolving

    /// Resolves a dependency with a synchronous live value.
    ///
    /// A singleton, cached or scoped instance already built is returned without locking, allocating or
    /// casting; inside an override scope a value override costs one task-local read and a table probe.
    /// The location parameters place a missing-test-value issue at the caller.
    @inlinable
    public func resolve<K: DependencyKey>(
        _ key: K.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ResolutionError) -> K.Value {
        if let frame = frames.current {
            return try resolve(
                key, in: frame, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        switch K.lifetime {
        case .singleton:
            if let value = Storage.publishedSingleton(in: ownTable, for: ObjectIdentifier(key), as: K.Value.self) {
                return value.pointee
            }
        case .cached, .scoped:
            if let box = storage.heldBox(for: ObjectIdentifier(key), as: K.Value.self) {
                let live = box.enter()
                defer { box.leave() }
                if live { return box.value.pointee }
            }
        case .weak:
            if let value = storage.existingSlot(for: key)?.weakValue() { return value }
        case .unique where buildsUniqueLiveDirectly:
            return try buildUniqueLive(
                key, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        default:
            break
        }
        return try withRootState(
            frame: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, r, entry)
            }
        }
    }

    /// Resolves a dependency whose live factory cannot fail, without `try`: for composition roots.
    ///
    /// What `resolve` would throw is then a programming error:
    /// - **In a test, a dependency with neither a test value nor an override** (a forgotten mock) is
    ///   recorded as a failure of the running test (Swift Testing or XCTest) at the line that called the
    ///   subscript, or the composition-root line the test called, and only that test fails: so that it
    ///   can finish, the subscript then returns the key's preview value, else what its live factory makes
    ///   (resolved in the preview context, so nested keys use their preview values; as swift-dependencies
    ///   does for a missing test value). The process keeps running.
    /// - **A wait for another thread's build that passed the key's `maximumBuildWait`** is reported the
    ///   same way, and the subscript keeps waiting: it has no value to return.
    /// - **A cycle** (also reported by ``verify(fileID:line:)``) or an error an override factory threw
    ///   leaves no value to return: the issue is reported, then the process stops with `fatalError`, whose
    ///   message (naming the dependency and the path) is printed in debug and release builds alike.
    ///
    /// ```swift
    /// func makeWatchlistViewModel() -> WatchlistViewModel { WatchlistViewModel(api: container[ApiClientKey.self]) }
    /// ```
    @inlinable
    public subscript<K: DependencyKey>(
        _ key: K.Type,
        fileID fileID: StaticString = #fileID, filePath filePath: StaticString = #filePath,
        line line: UInt = #line, column column: UInt = #column
    ) -> K.Value where K.Failure == Never {
        do {
            return try resolve(key, fileID: fileID, filePath: filePath, line: line, column: column)
        } catch {
            // Out of line and not inlinable: what happens next (and its message) is Seam's code, not the caller's.
            return unresolved(
                key, error, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// The subscript's failure path (see ``subscript(_:fileID:filePath:line:column:)-(K.Type,_,_,_,_)``).
    @usableFromInline @inline(never)
    func unresolved<K: DependencyKey>(_ key: K.Type, _ error: ResolutionError, site: CallSite) -> K.Value
    where K.Failure == Never {
        if error.isStalledBuild {
            // No value to return: the wait is reported (it fails a test) and goes on.
            reportStalled(error, site: site)
            while true {
                do throws(ResolutionError) {
                    return try resolve(
                        key, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
                } catch  where error.isStalledBuild {
                    continue
                } catch {
                    return unresolved(key, error, site: site)
                }
            }
        }
        if error.isMissingTestValue {
            // The issue is recorded at `site` already; a stand-in lets the test finish.
            do {
                return try withStandInState(site: site) { state throws(ResolutionError) in
                    try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                        try Engine.make(key, r, entry)
                    }
                }
            } catch {
                stop(error, site: site)
            }
        }
        stop(error, site: site)
    }

    /// The main-actor subscript's failure path.
    @MainActor @usableFromInline @inline(never)
    func unresolved<K: MainActorDependencyKey>(_ key: K.Type, _ error: ResolutionError, site: CallSite) -> K.Value
    where K.Failure == Never {
        if error.isStalledBuild {
            reportStalled(error, site: site)
            while true {
                do throws(ResolutionError) {
                    return try resolve(
                        key, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
                } catch  where error.isStalledBuild {
                    continue
                } catch {
                    return unresolved(key, error, site: site)
                }
            }
        }
        if error.isMissingTestValue {
            do {
                return try withStandInState(site: site) { state throws(ResolutionError) in
                    try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                        try Engine.make(key, r, entry)
                    }
                }
            } catch {
                stop(error, site: site)
            }
        }
        stop(error, site: site)
    }

    /// Runs `body` with a root state in the preview context (the current scope's overrides still apply).
    private func withStandInState<R>(
        site: CallSite, _ body: (ResolutionState) throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        let frame = frames.current
        var root = RootState(site: site)
        defer { root.finish() }
        return try withUnsafeMutablePointer(to: &root) { pointer throws(ResolutionError) in
            try body(
                ResolutionState(
                    storage: storage(in: frame), frame: frame, own: own, context: .preview,
                    node: PathNode.buildingOnThisThread, root: pointer
                ))
        }
    }

    /// Reports a stalled wait the subscript goes on waiting through.
    private func reportStalled(_ error: ResolutionError, site: CallSite) {
        let issue = SeamIssue(
            message: "\(error.description) (container[\(error.dependency).self] keeps waiting)",
            dependency: error.dependency, site: site)
        if let reporter = frames.current?.reporter ?? own?.reporter {
            reporter(issue)
        } else {
            IssueReporting.reportByDefault(issue)
        }
    }

    /// Reports `error` (unless the engine did) and stops the process with its message.
    private func stop(_ error: ResolutionError, site: CallSite) -> Never {
        let message = "\(error.description) (container[\(error.dependency).self] cannot return a value)"
        if !error.isMissingTestValue {
            let issue = SeamIssue(message: message, dependency: error.dependency, site: site)
            if let reporter = frames.current?.reporter ?? own?.reporter {
                reporter(issue)
            } else {
                IssueReporting.reportByDefault(issue)
            }
        }
        fatalError(message, file: site.filePath, line: site.line)
    }

    /// ``resolve(_:fileID:filePath:line:column:)-(K.Type,_,_,_,_)`` inside the override scope `frame`: a
    /// value override is returned at once, an instance already held by the scope's storage is read
    /// lock-free, the rest goes through the engine.
    @inlinable
    func resolve<K: DependencyKey>(_ key: K.Type, in frame: OverrideFrame, site: CallSite) throws(ResolutionError)
        -> K.Value
    {
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
                    if let value = storage._withUnsafeGuaranteedRef({ $0.publishedSingleton(for: id, as: K.Value.self) }
                    ) {
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
        return try withRootState(frame: frame, site: site) { state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, r, entry)
            }
        }
    }

    /// Resolves a parameterized dependency for `argument`.
    @inlinable
    public func resolve<K: ParameterizedDependencyKey>(
        _ key: K.Type, argument: K.Argument,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ResolutionError) -> K.Value {
        try withRootState(
            frame: frames.current, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, argument, r, entry)
            }
        }
    }

    /// Resolves a main-actor dependency; compiles only in main-actor code.
    @MainActor @inlinable
    public func resolve<K: MainActorDependencyKey>(
        _ key: K.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(ResolutionError) -> K.Value {
        let frame = frames.current
        if frame == nil, case .singleton = K.lifetime,
            let value = storage.publishedSingleton(for: ObjectIdentifier(key), as: K.Value.self)
        {
            return value.pointee
        }
        return try withRootState(
            frame: frame, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            state throws(ResolutionError) in
            try Engine.resolve(key, in: state) { (r: borrowing Resolver, entry) throws(ResolutionError) in
                try Engine.make(key, r, entry)
            }
        }
    }

    /// Resolves a main-actor dependency whose live factory cannot fail, without `try` (see
    /// non-main-actor `container[Key.self]` subscript).
    @MainActor @inlinable
    public subscript<K: MainActorDependencyKey>(
        _ key: K.Type,
        fileID fileID: StaticString = #fileID, filePath filePath: StaticString = #filePath,
        line line: UInt = #line, column column: UInt = #column
    ) -> K.Value where K.Failure == Never {
        do {
            return try resolve(key, fileID: fileID, filePath: filePath, line: line, column: column)
        } catch {
            return unresolved(
                key, error, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Resolves a dependency with an `async` live value.
    @inlinable
    public func resolve<K: AsyncDependencyKey>(
        _ key: K.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws(ResolutionError) -> K.Value {
        let frame = frames.current
        if frame == nil {
            switch K.lifetime {
            case .singleton:
                if let value = storage.publishedSingleton(for: ObjectIdentifier(key), as: K.Value.self) {
                    return value.pointee
                }
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
        let root = asyncRoot(
            frame: frame, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        defer { root.release() }
        return try await Engine.resolve(key, in: root.state) {
            (r: borrowing AsyncResolver, entry) async throws(ResolutionError) in
            try await Engine.make(key, r, entry)
        }
    }

    // MARK: Lifetimes

    /// Drops every ``Lifetime/cached`` instance (in the current override scope's storage when called
    /// inside one, else in the container's).
    public func resetCached() {
        currentStorage?.reset { $0 == .cached }
    }

    /// Drops every instance of `scope` (for example the user session at logout). An instance still
    /// being built when the scope ends is handed to its resolver but not kept.
    public func endScope(_ scope: Scope) {
        currentStorage?.reset { $0 == .scoped(scope) }
    }

    // MARK: Internals

    /// The unique, live, no-override path: builds straight from the key's factory.
    @inlinable
    func buildUniqueLive<K: DependencyKey>(_ key: K.Type, site: CallSite) throws(ResolutionError) -> K.Value {
        var root = RootState(site: site)
        defer { root.finish() }
        return try withUnsafeMutablePointer(to: &root) { rootPointer throws(ResolutionError) in
            let state = ResolutionState(
                storage: storage, frame: nil, own: nil, context: .live, node: PathNode.buildingOnThisThread,
                root: rootPointer
            )
            // Resolved through the container by a factory being built on this thread: a cycle check.
            if state.node != nil { try state.checkCycle(ObjectIdentifier(key), key) }
            let node = PathNode(key: ObjectIdentifier(key), describing: key, parent: state.node)
            return try withUnsafePointer(to: node) { nodePointer throws(ResolutionError) in
                try PathNode.building(nodePointer) { () throws(ResolutionError) in
                    let resolver = Resolver(state: state.child(nodePointer))
                    do { return try K.live(resolver) } catch { throw Engine.wrap(error, key, resolver.state) }
                }
            }
        }
    }

    /// The storage a resolve in `frame` (or outside any scope) uses.
    @usableFromInline
    func storage(in frame: OverrideFrame?) -> Storage {
        if let frame { return frame.storage(for: self) }
        return keepsNothingOutsideScopes ? Storage(label: .unscoped) : storage
    }

    /// Runs `body` with a root state for the override scope `frame` (already read by the caller). The
    /// root continues the path of a synchronous build in progress on this thread, if any.
    @usableFromInline
    func withRootState<R>(
        frame: OverrideFrame?, site: CallSite, _ body: (ResolutionState) throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        var root = RootState(site: site)
        defer { root.finish() }
        return try withUnsafeMutablePointer(to: &root) { pointer throws(ResolutionError) in
            try body(
                ResolutionState(
                    storage: storage(in: frame), frame: frame, own: own,
                    context: frame?.context ?? context, node: PathNode.buildingOnThisThread, root: pointer
                ))
        }
    }

    /// The root of an `async` resolve, in its own allocation (the caller suspends). It continues the
    /// path of the `async` builds the current task runs in, if any.
    @usableFromInline
    struct AsyncRoot {
        @usableFromInline let state: ResolutionState
        let inherited: (nodes: UnsafeMutablePointer<PathNode>, count: Int)?

        @usableFromInline
        func release() {
            state.root.pointee.finish()
            state.root.deinitialize(count: 1)
            state.root.deallocate()
            if let inherited {
                inherited.nodes.deinitialize(count: inherited.count)
                inherited.nodes.deallocate()
            }
        }
    }

    @usableFromInline
    func asyncRoot(frame: OverrideFrame?, site: CallSite) -> AsyncRoot {
        let root = UnsafeMutablePointer<RootState>.allocate(capacity: 1)
        root.initialize(to: RootState(site: site))
        let inherited = BuildChain.pathNodes()
        let state = ResolutionState(
            storage: storage(in: frame), frame: frame, own: own, context: frame?.context ?? context,
            node: inherited.map { UnsafePointer($0.nodes.advanced(by: $0.count - 1)) }, root: root
        )
        return AsyncRoot(state: state, inherited: inherited)
    }

    /// The storage the current task uses, if it exists yet.
    var currentStorage: Storage? {
        guard let frame = OverrideFrame.currentIfAny else { return storage }
        return frame.existingStorage(for: self)
    }
}
