/// The override scope of the code that created it, carried into a closure that runs outside that
/// scope's task tree: a `Task.detached`, a dispatch queue or timer callback, a Combine sink, a
/// delegate callback. The role `withEscapedDependencies` plays in swift-dependencies.
///
/// ```swift
/// withEscapedOverrides { escaped in
///     DispatchQueue.global().async {
///         escaped.yield {
///             let api = try? container.resolve(APIClientKey.self)   // the test's override, not live
///         }
///     }
/// }
/// ```
///
/// Inside `yield`, resolves see the scope's overrides, context and instances exactly as the code that
/// captured it did (the test's singletons, not fresh ones). Captured outside any scope, `yield` runs
/// its body unchanged. Holding an `EscapedOverrides` keeps the scope's instances alive.
public struct EscapedOverrides: Sendable {
    let frame: OverrideFrame?

    /// Runs `operation` in the captured scope.
    @discardableResult
    public func yield<R, E: Error>(_ operation: () throws(E) -> R) throws(E) -> R {
        guard let frame else { return try operation() }
        return try OverrideFrame.bind(frame, operation)
    }

    /// Runs `operation` in the captured scope.
    @discardableResult
    public func yield<R, E: Error>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws(E) -> R
    ) async throws(E) -> R {
        guard let frame else { return try await operation() }
        return try await OverrideFrame.bind(frame, isolation: isolation, operation)
    }
}

/// Captures the current override scope for a closure that escapes it (see ``EscapedOverrides``).
@discardableResult
public func withEscapedOverrides<R, E: Error>(_ body: (EscapedOverrides) throws(E) -> R) throws(E) -> R {
    try body(EscapedOverrides(frame: OverrideFrame.currentIfAny))
}

/// Captures the current override scope for a closure that escapes it (see ``EscapedOverrides``).
@discardableResult
public func withEscapedOverrides<R, E: Error>(
    isolation: isolated (any Actor)? = #isolation, _ body: (EscapedOverrides) async throws(E) -> R
) async throws(E) -> R {
    try await body(EscapedOverrides(frame: OverrideFrame.currentIfAny))
}
