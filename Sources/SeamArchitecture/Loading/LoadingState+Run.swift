extension LoadingState {
    /// Runs `operation`, starting from this state and publishing each state through `update`:
    /// first ``loading(previous:)`` (the current value kept), then ``loaded(_:)`` or
    /// ``failed(_:previous:)`` with the error mapped to an ``AppError``.
    ///
    /// A cancelled run (a `CancellationError`, a cancelled `URLError`, an ``AppError`` with code
    /// ``AppError/Code/cancelled``, or any error thrown once the task is cancelled) is not a
    /// failure: the state it started from is published again.
    ///
    /// Runs on the caller's actor, so `update` can assign a view model's property directly:
    ///
    /// ```swift
    /// await forecast.run(update: { self.forecast = $0 }) { try await api.forecast(spotID: id) }
    /// ```
    ///
    /// - Returns: the final state (also passed to `update`).
    @discardableResult
    public func run(
        isolation: isolated (any Actor)? = #isolation,
        update: (LoadingState) -> Void,
        operation: () async throws -> Value
    ) async -> LoadingState {
        update(reloading)
        let final: LoadingState
        do {
            final = .loaded(try await operation())
        } catch {
            let appError = AppError(error)
            final = appError.isCancellation || Task.isCancelled ? self : failing(with: appError)
        }
        update(final)
        return final
    }
}
