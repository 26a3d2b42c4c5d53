import Foundation
import SeamLocking
import SeamPersistence

/// Iterates an observation in the background and keeps every value, so a check can wait for one with
/// a deadline instead of hanging on `next()`.
final class ObservationRecorder<Element: Sendable>: Sendable {
    private let values = Locked<[Element]>([])
    private let failure = Locked<(any Error)?>(nil)
    private let task = Locked<Task<Void, Never>?>(nil)

    init(_ observation: RecordObservation<Element>) {
        // Holds `self` until the observation ends: `cancel()` ends it.
        let started = Task { [self] in
            do {
                for try await value in observation { values.withLock { $0.append(value) } }
            } catch {
                failure.withLock { $0 = error }
            }
        }
        task.withLock { $0 = started }
    }

    /// The values seen so far.
    var seen: [Element] { values.withLock { $0 } }

    /// The error the observation ended with, if any.
    var error: (any Error)? { failure.withLock { $0 } }

    /// Waits until the latest value satisfies `predicate`; `false` after `timeout` or if the observation failed.
    /// The timeout is generous: a parallel test run can keep every thread of the concurrency pool busy
    /// for many seconds, and a slow delivery is not a broken promise; a missing one is.
    func waitForLatest(timeout: Duration = .seconds(120), where predicate: (Element) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let latest = seen.last, predicate(latest) { return true }
            if error != nil { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    /// Stops the observation.
    func cancel() {
        task.withLock { $0?.cancel() }
    }
}
