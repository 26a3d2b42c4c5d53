import Foundation
@testable import SeamNetwork
import SeamLocking
import Testing

@Suite("DeadlineScheduler")
struct DeadlineSchedulerTests {
    private final class Fired: Sendable {
        let order = Locked<[(name: String, at: ContinuousClock.Instant)]>([])
        func append(_ name: String) { order.withLock { $0.append((name, .now)) } }
        var names: [String] { order.withLock { $0.map(\.name) } }
        func time(of name: String) -> ContinuousClock.Instant? { order.withLock { $0.first { $0.name == name }?.at } }
    }

    private func waitFor(_ fired: Fired, count: Int) async throws {
        for _ in 0..<2_000 where fired.names.count < count { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("actions run at their deadlines, in deadline order; an earlier deadline added later wakes the thread")
    func order() async throws {
        let scheduler = DeadlineScheduler()
        let fired = Fired()
        let start = ContinuousClock.now
        // `late` is far enough away (8 s) that `early` running well before it shows the thread was woken for
        // it rather than left sleeping until `late`. Each action notes when it ran, on the scheduler's own
        // thread, so a test process starved by its neighbours still sees the scheduler's real timing.
        _ = scheduler.schedule(at: start + .seconds(8)) { fired.append("late") }
        _ = scheduler.schedule(at: start + .milliseconds(50)) { fired.append("early") }
        try await waitFor(fired, count: 2)
        #expect(fired.names == ["early", "late"])
        let early = try #require(fired.time(of: "early")), late = try #require(fired.time(of: "late"))
        #expect(early - start >= .milliseconds(50) && early - start < .seconds(6), "woken for `early`, not at `late`")
        #expect(late - start >= .seconds(8))
    }

    @Test("cancelled actions never run, also after the heap is compacted")
    func cancellation() async throws {
        let scheduler = DeadlineScheduler()
        let fired = Fired()
        let now = ContinuousClock.now
        for index in 0..<1_000 {
            let id = scheduler.schedule(at: now + .milliseconds(100 + index % 50)) {
                fired.append("cancelled \(index)")
            }
            scheduler.cancel(id)
        }
        _ = scheduler.schedule(at: now + .milliseconds(200)) { fired.append("kept") }
        try await waitFor(fired, count: 1)
        try await Task.sleep(for: .milliseconds(100))
        #expect(fired.names == ["kept"])
    }
}
