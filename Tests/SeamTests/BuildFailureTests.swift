import Dispatch
import Foundation
@testable import Seam
import SeamLocking
import Testing

/// The error every build of the failing keys throws, numbered by factory call.
struct BuildFailure: Error, CustomStringConvertible {
    let call: Int
    var description: String { "build #\(call) failed" }
}

/// Shared state of the failing-build fixtures (one test at a time: the suite is serialized).
enum FailingBuild {
    nonisolated(unsafe) static var container: Container?
    static let calls = Locked(0)
    static let waiting = 5

    static func nextCall() -> Int {
        calls.withLock {
            $0 += 1; return $0
        }
    }

    /// How many resolvers wait for the build of `key` in progress.
    static func waiters<K: _DependencyKeyBase>(of key: K.Type) -> Int {
        container?.storage.existingSlot(for: key)?.waiterCount ?? 0
    }
}

enum FailingAsyncKey: AsyncDependencyKey {
    static func live(_ r: borrowing AsyncResolver) async throws -> Instance {
        let call = FailingBuild.nextCall()
        let deadline = ContinuousClock.now + .seconds(600)  // a hang guard, met at once unless starved
        // The first build waits until every other resolver waits for it; a retry does not.
        while call == 1, FailingBuild.waiters(of: FailingAsyncKey.self) < FailingBuild.waiting - 1,
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(1))
        }
        throw BuildFailure(call: call)
    }
}

enum FailingSyncKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        let call = FailingBuild.nextCall()
        let deadline = Date().addingTimeInterval(60)
        // The first build waits until every other resolver waits for it; a retry does not.
        while call == 1, FailingBuild.waiters(of: FailingSyncKey.self) < FailingBuild.waiting - 1, Date() < deadline {
            usleep(1_000)
        }
        throw BuildFailure(call: call)
    }
}

/// A session-scoped key whose build waits until the test lets it finish.
enum SlowSessionKey: DependencyKey {
    static var lifetime: Lifetime { .scoped(.session) }
    static let started = DispatchSemaphore(value: 0)
    static let proceed = DispatchSemaphore(value: 0)
    static func live(_ r: borrowing Resolver) -> Instance {
        let call = FailingBuild.nextCall()
        started.signal()
        proceed.wait()
        return Instance("session #\(call)")
    }
}

/// An async singleton whose build waits for a gate the test opens.
enum GatedAsyncKey: AsyncDependencyKey {
    static let gate = Locked<CheckedContinuation<Void, Never>?>(nil)
    static func live(_ r: borrowing AsyncResolver) async throws -> Instance {
        await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } }
        return Instance("gated")
    }
}

@Suite("Failing and interrupted builds", .serialized, .timeLimit(.minutes(10)))
struct BuildFailureTests {
    init() {
        FailingBuild.calls.withLock { $0 = 0 }
    }

    @Test("concurrent waiters of a failing async singleton all get that build's error; the next resolve retries")
    func asyncFailure() async throws {
        let container = Container(context: .live)
        FailingBuild.container = container
        defer { FailingBuild.container = nil }
        let errors = await withTaskGroup(of: ResolutionError?.self) { group in
            for _ in 0..<FailingBuild.waiting {
                group.addTask {
                    do throws(ResolutionError) { _ = try await container.resolve(FailingAsyncKey.self) } catch {
                        return error
                    }
                    return nil
                }
            }
            return await group.reduce(into: [ResolutionError?]()) { $0.append($1) }
        }
        #expect(FailingBuild.calls.withLock { $0 } == 1, "one factory call for all the waiters")
        #expect(errors.count == FailingBuild.waiting)
        #expect(errors.allSatisfy { $0?.isFactoryFailure == true && $0?.underlying == "build #1 failed" }, "\(errors)")
        let retry = await #expect(throws: ResolutionError.self) { try await container.resolve(FailingAsyncKey.self) }
        #expect(retry?.underlying == "build #2 failed")
    }

    @Test("threads waiting for a failing synchronous singleton all get that build's error; the next resolve retries")
    func syncFailure() throws {
        let container = Container(context: .live)
        FailingBuild.container = container
        defer { FailingBuild.container = nil }
        let errors = Locked<[ResolutionError]>([])
        let done = DispatchGroup()
        for _ in 0..<FailingBuild.waiting {
            done.enter()
            Foundation.Thread.detachNewThread {
                do throws(ResolutionError) { _ = try container.resolve(FailingSyncKey.self) } catch {
                    errors.withLock { $0.append(error) }
                }
                done.leave()
            }
        }
        done.wait()
        let seen = errors.withLock { $0 }
        #expect(FailingBuild.calls.withLock { $0 } == 1, "one factory call for all the waiters")
        #expect(seen.count == FailingBuild.waiting)
        #expect(seen.allSatisfy { $0.underlying == "build #1 failed" }, "\(seen)")
        let retry = #expect(throws: ResolutionError.self) { try container.resolve(FailingSyncKey.self) }
        #expect(retry?.underlying == "build #2 failed")
    }

    @Test("endScope while a scoped instance is being built: the resolver gets it, the ended scope does not keep it")
    func endScopeDuringBuild() throws {
        let container = Container(context: .live)
        let built = Locked<Instance?>(nil)
        let done = DispatchSemaphore(value: 0)
        Foundation.Thread.detachNewThread {
            built.withLock { $0 = container[SlowSessionKey.self] }
            done.signal()
        }
        SlowSessionKey.started.wait()
        container.endScope(.session)  // logout while the session's instance is being built
        SlowSessionKey.proceed.signal()
        done.wait()
        #expect(built.withLock { $0 }?.label == "session #1")
        #expect(!container.origin(of: SlowSessionKey.self).hasInstance, "not kept in the ended scope")
        Foundation.Thread.detachNewThread { SlowSessionKey.proceed.signal() }
        let next = container[SlowSessionKey.self]
        SlowSessionKey.started.wait()
        #expect(next.label == "session #2", "the next resolve builds the new session's instance")
        #expect(container[SlowSessionKey.self] === next, "and that one is kept")
    }

    @Test("waiters of a slow async build suspend: unrelated tasks keep running on the cooperative pool")
    func asyncWaitersDoNotBlockThePool() async throws {
        let container = Container(context: .live)
        FailingBuild.container = container
        defer { FailingBuild.container = nil }
        let resolvers = 8  // more than the pool has threads on this machine
        async let instances = withThrowingTaskGroup(of: Instance.self) { group in
            for _ in 0..<resolvers { group.addTask { try await container.resolve(GatedAsyncKey.self) } }
            return try await group.reduce(into: [Instance]()) { $0.append($1) }
        }
        while FailingBuild.waiters(of: GatedAsyncKey.self) < resolvers - 1 {
            try await Task.sleep(for: .milliseconds(1))
        }
        // Every resolver is parked on the build; an unrelated task still gets a thread.
        let unrelated = await Task.detached { 6 * 7 }.value
        #expect(unrelated == 42)
        GatedAsyncKey.gate.withLock {
            $0?.resume(); $0 = nil
        }
        let all = try await instances
        #expect(all.count == resolvers)
        #expect(all.allSatisfy { $0 === all[0] })
    }
}
