import SeamLocking

/// The marker a request's deadline timer throws.
struct DeadlineExceeded: Error {}

/// A component that stops its own work when the deadline of the request it serves passes (it
/// registers with ``RequestDeadline/current``), so ``NetworkClient`` can run requests through it in
/// the caller's task instead of a task of their own. ``URLSessionTransport`` and
/// ``AuthenticationMiddleware`` are; any other transport or middleware makes the client use a task
/// per request, which the deadline cancels.
package protocol DeadlineAware {}

/// The deadline of the request running in this task, for the components that stop themselves when
/// it passes (``DeadlineAware``).
final class RequestDeadline: Sendable {
    /// The deadline of the request this task runs, if the client runs it inline.
    @TaskLocal static var current: RequestDeadline?

    private struct State {
        var expired = false
        var cancellers: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Whether the deadline has passed.
    var isExpired: Bool { state.withLock { $0.expired } }

    /// Marks the deadline as passed and runs the registered cancellers.
    func expire() {
        let cancellers = state.withLock { state in
            state.expired = true
            defer { state.cancellers.removeAll() }
            return Array(state.cancellers.values)
        }
        for cancel in cancellers { cancel() }
    }

    /// Runs `cancel` when the deadline passes (at once when it has); pass the result to ``remove(_:)``
    /// when the work is done.
    func onExpiry(_ cancel: @escaping @Sendable () -> Void) -> UInt64 {
        let id = state.withLock { state -> UInt64? in
            guard !state.expired else { return nil }
            state.nextID += 1
            state.cancellers[state.nextID] = cancel
            return state.nextID
        }
        guard let id else {
            cancel()
            return 0
        }
        return id
    }

    /// Forgets the canceller registered as `id`.
    func remove(_ id: UInt64) {
        _ = state.withLock { $0.cancellers.removeValue(forKey: id) }
    }
}

/// Runs an operation against a deadline: when `timeout` passes first, the operation is cancelled (so
/// its request in flight is cancelled and its connection closed) and ``DeadlineExceeded`` is thrown.
///
/// With `inline`, the operation runs in the caller's task with a ``RequestDeadline`` its components
/// honour; otherwise in a task of its own (inheriting priority and task-local values, such as Seam's
/// dependency overrides), which the deadline cancels. Either way the timer is an entry in the
/// ``DeadlineScheduler``, not a timer of its own.
///
/// Extreme timeouts are handled, not trapped on: a timeout of zero or less means the deadline has
/// already passed (``DeadlineExceeded`` at once, the operation never runs), and one longer than
/// ``longest`` (100 years, `.seconds(Int64.max)` included) waits ``longest``, which is to say forever.
enum Deadline {
    /// The longest timeout honoured as given; longer ones are shortened to it.
    static let longest = Duration.seconds(100 * 365 * 24 * 3600)

    /// The instant `timeout` after `now`, clamped to ``longest`` so that the sum cannot overflow.
    static func instant(after timeout: Duration, from now: ContinuousClock.Instant = .now) -> ContinuousClock.Instant {
        now + min(max(timeout, .zero), longest)
    }

    static func run<Value: Sendable>(
        _ timeout: Duration, inline: Bool, operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard timeout > .zero else { throw DeadlineExceeded() }
        let expiry = instant(after: timeout)
        let deadline = RequestDeadline()
        let result: Result<Value, any Error>
        if inline {
            let timer = DeadlineScheduler.shared.schedule(at: expiry) { deadline.expire() }
            do {
                result = .success(try await RequestDeadline.$current.withValue(deadline) { try await operation() })
            } catch {
                result = .failure(error)
            }
            DeadlineScheduler.shared.cancel(timer)
        } else {
            let work = Task { try await RequestDeadline.$current.withValue(nil) { try await operation() } }
            let timer = DeadlineScheduler.shared.schedule(at: expiry) {
                deadline.expire()
                work.cancel()
            }
            result = await withTaskCancellationHandler {
                await work.result
            } onCancel: {
                work.cancel()
            }
            DeadlineScheduler.shared.cancel(timer)
        }
        if case .failure = result, deadline.isExpired { throw DeadlineExceeded() }
        return try result.get()
    }
}
