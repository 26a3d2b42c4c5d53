/// Runs `operation` with `configure`'s overrides in effect for the current task and its child tasks.
///
/// The scope keeps its own instances of stored lifetimes (singleton, cached, weak, scoped): nothing
/// built inside leaks to the container or to another scope, so parallel tests are isolated. A scope
/// nested in another inherits its overrides, and shares the instances the enclosing scope already
/// holds (the test's own singletons) for every key it does not override itself. `context` (default:
/// inherited, else the container's) picks live, test or preview values; ``Overrides/issueReporter``
/// (default: inherited, else the container's, else ``IssueReporting``'s default) receives issues such
/// as a missing test value.
///
/// Child tasks (`async let`, task groups, `Task {}`) inherit the scope. `Task.detached`, dispatch
/// queues, timers and other callbacks do not: code there resolves outside any scope (in a test
/// process, that is the test context with nothing kept). Carry the scope into such a closure with
/// ``withEscapedOverrides(_:)``.
///
/// `configure` is the only closure parameter before `operation`, so the two trailing closures always
/// bind to `configure` and `operation`; a single trailing closure is the `operation`.
///
/// ```swift
/// let names = try withOverrides { $0[APIClientKey.self] = MockAPIClient() } operation: {
///     try container.resolve(SpotsStoreKey.self).names()
/// }
/// ```
@discardableResult
public func withOverrides<R, E: Error>(
    context: DependencyContext? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ configure: (inout Overrides) -> Void = { _ in },
    operation: () throws(E) -> R
) throws(E) -> R {
    let frame = makeFrame(context: context, recorder: nil, isolated: false, fileID: fileID, line: line, configure)
    return try OverrideFrame.bind(frame, operation)
}

/// The `async` form of ``withOverrides(context:fileID:line:_:operation:)``.
@discardableResult
public func withOverrides<R, E: Error>(
    context: DependencyContext? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    _ configure: (inout Overrides) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(E) -> R
) async throws(E) -> R {
    let frame = makeFrame(context: context, recorder: nil, isolated: false, fileID: fileID, line: line, configure)
    return try await OverrideFrame.bind(frame, isolation: isolation, operation)
}

/// A test's own scope (SeamTesting): like ``withOverrides(context:fileID:line:_:isolation:operation:)``,
/// but its storage is always fresh, even inside another scope (a suite's), so no two tests share an
/// instance.
package func withIsolatedOverrides<R, E: Error>(
    context: DependencyContext?,
    fileID: String,
    line: Int,
    _ configure: (inout Overrides) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(E) -> R
) async throws(E) -> R {
    let frame = makeFrame(context: context, recorder: nil, isolated: true, fileID: fileID, line: line, configure)
    return try await OverrideFrame.bind(frame, isolation: isolation, operation)
}

/// Builds a frame inheriting the enclosing one's overrides, context, reporter and recorder.
func makeFrame(
    context: DependencyContext?,
    recorder: GraphRecorder?,
    isolated: Bool,
    fileID: String,
    line: Int,
    _ configure: (inout Overrides) -> Void
) -> OverrideFrame {
    let parent = OverrideFrame.currentIfAny
    let inherited = parent?.overrideEntries ?? [:]
    var overrides = Overrides(inheriting: inherited, fileID: fileID, line: line)
    configure(&overrides)
    let resolvedContext = context ?? parent?.context
    let policy: OverrideFrame.StoragePolicy
    if isolated || recorder != nil || parent == nil || resolvedContext != parent?.context {
        policy = .isolated
    } else {
        // Keys this scope overrides itself (set, replaced or removed) never read the enclosing instances.
        let changed = Set(overrides.entries.keys.filter { overrides.entries[$0] !== inherited[$0] })
            .union(inherited.keys.filter { overrides.entries[$0] == nil })
        policy = changed.isEmpty ? .enclosing : .inheriting(changed)
    }
    return OverrideFrame(
        overrides: overrides.entries,
        context: resolvedContext,
        reporter: overrides.issueReporter ?? parent?.reporter,
        recorder: recorder ?? parent?.recorder,
        label: "withOverrides at \(fileID):\(line)",
        parent: parent,
        policy: policy
    )
}
