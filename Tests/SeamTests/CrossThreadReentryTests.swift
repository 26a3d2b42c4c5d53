import Dispatch
import Foundation
import Seam
import SeamLocking
import Testing

/// Where the work a singleton factory waits for resolves the key being built.
enum ReentryVia: String, CaseIterable, Sendable {
    case thread, taskDetached, dispatchQueue
}

/// What the spawned work's resolve ended with.
final class ReentryLog: Sendable {
    let errors = Locked<[ResolutionError]>([])
    let otherOutcome = Locked<String?>(nil)
}

/// A singleton whose factory starts work that resolves this same key, then blocks until that work ends.
enum ReentrantSingletonKey: DependencyKey {
    static var maximumBuildWait: Duration { .milliseconds(300) }
    /// The container being resolved from (a fresh one per run).
    static let current = Locked(Container(name: "Reentry", context: .live))
    static let via = Locked(ReentryVia.thread)
    static let log = ReentryLog()

    static func live(_ r: borrowing Resolver) -> Instance {
        let done = DispatchSemaphore(value: 0)
        let container = current.withLock { $0 }
        let work: @Sendable () -> Void = {
            do throws(ResolutionError) {
                _ = try container.resolve(ReentrantSingletonKey.self)
                log.otherOutcome.withLock { $0 = "resolved" }
            } catch {
                log.errors.withLock { $0.append(error) }
            }
            done.signal()
        }
        switch via.withLock({ $0 }) {
        case .thread: Foundation.Thread { work() }.start()
        case .taskDetached: Task.detached { work() }
        case .dispatchQueue: DispatchQueue(label: "reentry").async { work() }
        }
        done.wait()  // a wait Seam cannot see
        return Instance("built")
    }
}

/// The same through `async` resolves: the factory awaits a detached task that resolves the key.
enum ReentrantAsyncKey: AsyncDependencyKey {
    static var maximumBuildWait: Duration { .milliseconds(300) }
    static let container = Container(name: "ReentryAsync", context: .live)
    static let log = ReentryLog()

    static func live(_ r: borrowing AsyncResolver) async -> Instance {
        await Task.detached {
            do throws(ResolutionError) {
                _ = try await container.resolve(ReentrantAsyncKey.self)
                log.otherOutcome.withLock { $0 = "resolved" }
            } catch {
                log.errors.withLock { $0.append(error) }
            }
        }.value
        return Instance("built")
    }
}

/// A factory that waits on work resolving the key it is building ends with a clear error in that work
/// (after the key's `maximumBuildWait`), not a deadlock; the factory itself completes.
@Suite("Re-entrant resolution through other threads", .serialized)
struct CrossThreadReentryTests {
    @Test(
        "a singleton factory waiting on a Thread, Task.detached or dispatch queue that resolves the same key",
        arguments: ReentryVia.allCases)
    func syncReentry(via: ReentryVia) async throws {
        ReentrantSingletonKey.via.withLock { $0 = via }
        ReentrantSingletonKey.log.errors.withLock { $0 = [] }
        let container = Container(name: "Reentry-\(via)", context: .live)
        ReentrantSingletonKey.current.withLock { $0 = container }
        // The outer resolve runs on its own thread, so the pool keeps its threads for the spawned work.
        let outcome: String = await withCheckedContinuation { continuation in
            Foundation.Thread {
                do throws(ResolutionError) {
                    let value = try container.resolve(ReentrantSingletonKey.self)
                    continuation.resume(returning: value.label)
                } catch {
                    continuation.resume(returning: "error: \(error)")
                }
            }.start()
        }
        let errors = ReentrantSingletonKey.log.errors.withLock { $0 }
        #expect(outcome == "built")
        if outcome == "built" {
            // The spawned resolve gave up with an error naming the key; the factory finished.
            #expect(errors.count == 1)
            #expect(errors.first?.isStalledBuild == true)
            #expect(errors.first?.dependency == "ReentrantSingletonKey")
            #expect(errors.first?.description.contains("waits for work") == true, "\(errors)")
        }
    }

    @Test("an async singleton factory awaiting a Task.detached that resolves the same key")
    func asyncReentry() async throws {
        let value = try await ReentrantAsyncKey.container.resolve(ReentrantAsyncKey.self)
        #expect(value.label == "built")
        let errors = ReentrantAsyncKey.log.errors.withLock { $0 }
        #expect(errors.count == 1)
        #expect(errors.first?.isStalledBuild == true)
        #expect(errors.first?.description.contains("ReentrantAsyncKey") == true)
    }

    @Test("a waiter for a slow build on another thread within the limit still gets the instance")
    func slowBuildWithinTheLimit() async throws {
        let container = Container(name: "Slow", context: .live)
        async let first = Task.detached { try container.resolve(SlowBuildKey.self) }.value
        try await Task.sleep(for: .milliseconds(20))
        let second = try await Task.detached { try container.resolve(SlowBuildKey.self) }.value
        #expect(try await first === second)
    }
}

/// A singleton that takes 100 ms to build (well within its 2 s limit).
enum SlowBuildKey: DependencyKey {
    static var maximumBuildWait: Duration { .seconds(2) }
    static func live(_ r: borrowing Resolver) -> Instance {
        usleep(100_000)
        return Instance("slow")
    }
}

/// A singleton whose factory starts a thread that reads it through `container[Key.self]` and waits up to
/// 1 s for that thread (then gives up and returns).
enum SubscriptReentryKey: DependencyKey {
    static var maximumBuildWait: Duration { .milliseconds(200) }
    static let issues = Locked<[String]>([])
    static let container = Container(
        name: "SubscriptReentry", context: .live,
        overrides: {
            $0.issueReporter = { issue in issues.withLock { $0.append(issue.message) } }
        })
    static let readByThread = Locked<Instance?>(nil)

    static func live(_ r: borrowing Resolver) -> Instance {
        let done = DispatchSemaphore(value: 0)
        Foundation.Thread {
            let value = container[SubscriptReentryKey.self]
            readByThread.withLock { $0 = value }
            done.signal()
        }.start()
        _ = done.wait(timeout: .now() + 1)
        return Instance("built")
    }
}

@Suite("The subscript and a stalled build")
struct SubscriptStalledTests {
    @Test("container[Key.self] reports the stalled wait, keeps waiting, and returns the instance once built")
    func reportsAndKeepsWaiting() async throws {
        let built: Instance = await withCheckedContinuation { continuation in
            Foundation.Thread {
                continuation.resume(returning: SubscriptReentryKey.container[SubscriptReentryKey.self])
            }.start()
        }
        #expect(built.label == "built")
        // The thread's subscript read waited past the limit, reported it, and got the same instance.
        for _ in 0..<100 where SubscriptReentryKey.readByThread.withLock({ $0 }) == nil {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(SubscriptReentryKey.readByThread.withLock { $0 } === built)
        let issues = SubscriptReentryKey.issues.withLock { $0 }
        #expect(issues.count == 1, "\(issues)")
        #expect(
            issues.first?.contains("SubscriptReentryKey") == true && issues.first?.contains("keeps waiting") == true,
            "\(issues)")
    }
}
