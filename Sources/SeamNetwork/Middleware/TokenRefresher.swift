import SeamLocking

/// Runs one token refresh at a time and shares its outcome with every request that was rejected
/// before it finished (single flight).
///
/// Each finished refresh increments ``generation``. A request notes the generation before it is
/// sent; when it is rejected, a refresh that finished since then already answered for it (its
/// outcome is reused, success or failure), one in flight is joined, otherwise it starts one.
final class TokenRefresher: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<String, any Error>
    }

    private struct State {
        var generation = 0
        var last: Result<String, any Error>?
        var inFlight = false
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
        /// Waiters cancelled before they started waiting (a deadline already passed when the request was
        /// rejected): they stop as soon as they would wait.
        var cancelledEarly: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// The number of refreshes finished so far.
    var generation: Int { state.withLock { $0.generation } }

    /// The token from the refresh that answers for a request sent at `sentGeneration`: a finished
    /// one, the one in flight, or a new run of `refresh`. A cancelled caller stops waiting at once.
    func token(after sentGeneration: Int, refresh: @escaping @Sendable () async throws -> String) async throws -> String
    {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        // A request run inline (see Deadline) stops waiting when its deadline passes.
        let deadline = RequestDeadline.current
        let registration = deadline?.onExpiry { [self] in cancel(id) }
        defer {
            if let registration { deadline?.remove(registration) }
            state.withLock { _ = $0.cancelledEarly.remove(id) }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let start = state.withLock { state -> (start: Bool, finished: Result<String, any Error>?) in
                    if state.cancelledEarly.contains(id) { return (false, .failure(CancellationError())) }
                    if state.generation > sentGeneration, let last = state.last { return (false, last) }
                    state.waiters[id] = Waiter(continuation: continuation)
                    guard !state.inFlight else { return (false, nil) }
                    state.inFlight = true
                    return (true, nil)
                }
                if let finished = start.finished {
                    continuation.resume(with: finished)
                    return
                }
                if start.start {
                    // The refresh serves every waiter: it runs under no request's deadline.
                    Task { await RequestDeadline.$current.withValue(nil) { await self.run(refresh) } }
                }
                if Task.isCancelled { cancel(id) }
            }
        } onCancel: {
            cancel(id)
        }
    }

    private func run(_ refresh: @Sendable () async throws -> String) async {
        let result: Result<String, any Error>
        do {
            result = .success(try await refresh())
        } catch {
            result = .failure(error)
        }
        let waiters = state.withLock { state in
            state.generation += 1
            state.last = result
            state.inFlight = false
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.continuation.resume(with: result) }
    }

    /// Stops the waiter `id`; one not waiting yet stops as soon as it would (see `State.cancelledEarly`).
    private func cancel(_ id: UInt64) {
        let waiter = state.withLock { state in
            let waiter = state.waiters.removeValue(forKey: id)
            if waiter == nil { state.cancelledEarly.insert(id) }
            return waiter
        }
        waiter?.continuation.resume(throwing: CancellationError())
    }
}
