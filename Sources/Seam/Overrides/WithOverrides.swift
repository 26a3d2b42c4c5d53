/// Runs `operation` with `configure`'s overrides in effect for the current task and its child tasks.
///
/// The scope also gets its own storage for stored lifetimes (singleton, cached, weak, scoped): nothing
/// built inside leaks to the container or to another scope, so parallel tests are isolated. Overrides
/// of enclosing scopes are inherited; `context` (default: inherited, else the container's) picks live,
/// test or preview values; ``Overrides/issueReporter`` (default: inherited, else ``IssueReporting``'s
/// default) receives issues such as a missing test value.
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
    let frame = makeFrame(context: context, recorder: nil, fileID: fileID, line: line, configure)
    let result = OverrideFrame.$current.withValue(frame) { () -> Result<R, E> in
        do throws(E) { return .success(try operation()) } catch { return .failure(error) }
    }
    return try result.get()
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
    let frame = makeFrame(context: context, recorder: nil, fileID: fileID, line: line, configure)
    let result = await OverrideFrame.$current.withValue(frame, operation: { () async -> Result<R, E> in
        do throws(E) { return .success(try await operation()) } catch { return .failure(error) }
    }, isolation: isolation)
    return try result.get()
}

/// Builds a frame inheriting the enclosing one's overrides, context and reporter.
func makeFrame(
    context: DependencyContext?,
    recorder: GraphRecorder?,
    fileID: String,
    line: Int,
    _ configure: (inout Overrides) -> Void
) -> OverrideFrame {
    let parent = OverrideFrame.currentIfAny
    var overrides = Overrides(inheriting: parent?.overrideEntries ?? [:], fileID: fileID, line: line)
    configure(&overrides)
    return OverrideFrame(
        overrides: overrides.entries,
        context: context ?? parent?.context,
        reporter: overrides.issueReporter ?? parent?.reporter,
        recorder: recorder ?? parent?.recorder,
        label: "withOverrides at \(fileID):\(line)"
    )
}
