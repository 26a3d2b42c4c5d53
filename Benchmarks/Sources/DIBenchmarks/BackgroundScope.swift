import Dispatch
import Synchronization

/// Another task inside an override scope while a batch runs: ``hold()`` (a benchmark's untimed
/// `setUp`) starts a detached task that enters the library's scope and waits there; ``release()``
/// (its `tearDown`) lets it leave. The measuring thread itself is outside any task and any scope.
final class BackgroundScope: Sendable {
    /// Enters the library's override scope and runs the body inside it.
    typealias Enter = @Sendable (_ inside: @Sendable () async -> Void) async -> Void

    private let enter: Enter
    private let entered = DispatchSemaphore(value: 0)
    private let left = DispatchSemaphore(value: 0)
    private let waiting = Mutex<CheckedContinuation<Void, Never>?>(nil)

    init(_ enter: @escaping Enter) {
        self.enter = enter
    }

    /// Returns once the other task is inside the scope.
    func hold() {
        Task.detached { [self] in
            await enter {
                await withCheckedContinuation { continuation in
                    waiting.withLock { $0 = continuation }
                    entered.signal()
                }
            }
            left.signal()
        }
        entered.wait()
    }

    /// Returns once the other task has left the scope.
    func release() {
        let continuation = waiting.withLock { value -> CheckedContinuation<Void, Never>? in
            defer { value = nil }
            return value
        }
        continuation?.resume()
        left.wait()
    }
}
