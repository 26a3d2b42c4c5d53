import Foundation
@testable import SeamNetwork
import SeamLocking
import Testing

@Suite("DeadlineScheduler")
struct DeadlineSchedulerTests {
    private final class Fired: Sendable {
        let order = Locked<[String]>([])
        func append(_ name: String) { order.withLock { $0.append(name) } }
        var names: [String] { order.withLock { $0 } }
    }

    private func waitFor(_ fired: Fired, count: Int) async throws {
        for _ in 0..<2_000 where fired.names.count < count { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("actions run at their deadlines, in deadline order; an earlier deadline added later wakes the thread")
    func order() async throws {
        let scheduler = DeadlineScheduler()
        let fired = Fired()
        let start = ContinuousClock.now
        // `late` is far enough away (8 s) that `early` running alone first shows the thread was woken for it
        // rather than left sleeping until `late`, even on a loaded machine; then `late` runs at its deadline.
        _ = scheduler.schedule(at: start + .seconds(8)) { fired.append("late") }
        _ = scheduler.schedule(at: start + .milliseconds(50)) { fired.append("early") }
        try await waitFor(fired, count: 1)
        #expect(fired.names == ["early"])   // woken for `early`: it did not wait for `late`
        try await waitFor(fired, count: 2)
        #expect(fired.names == ["early", "late"])
        #expect(ContinuousClock.now - start >= .seconds(8))
    }

    @Test("cancelled actions never run, also after the heap is compacted")
    func cancellation() async throws {
        let scheduler = DeadlineScheduler()
        let fired = Fired()
        let now = ContinuousClock.now
        for index in 0..<1_000 {
            let id = scheduler.schedule(at: now + .milliseconds(100 + index % 50)) { fired.append("cancelled \(index)") }
            scheduler.cancel(id)
        }
        _ = scheduler.schedule(at: now + .milliseconds(200)) { fired.append("kept") }
        try await waitFor(fired, count: 1)
        try await Task.sleep(for: .milliseconds(100))
        #expect(fired.names == ["kept"])
    }
}
