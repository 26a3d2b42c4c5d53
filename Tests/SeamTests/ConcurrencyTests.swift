import Dispatch
import Seam
import Synchronization
import Testing
import SeamLocking

/// A singleton whose factory is slow, so concurrent first resolutions really overlap.
enum SlowSingletonKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        try r.resolve(CounterKey.self).increment()
        for _ in 0..<5 { Thread.yieldBriefly() }
        return Instance("slow")
    }
}

/// A singleton whose factory waits for another thread that resolves a *different* singleton of the
/// same container. With a container-wide lock held during factories this would deadlock.
enum OuterKey: DependencyKey {
    nonisolated(unsafe) static var container: Container?
    static func live(_ r: borrowing Resolver) throws -> Instance {
        let container = try #require(container)
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Instance?>(nil)
        DispatchQueue.global().async {
            result.withLock { $0 = try? container.resolve(InnerKey.self) }
            done.signal()
        }
        done.wait()
        return try #require(result.withLock { $0 })
    }
}
enum InnerKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance { Instance("inner") }
}

enum Thread {
    static func yieldBriefly() {
        let semaphore = DispatchSemaphore(value: 0)
        _ = semaphore.wait(timeout: .now() + .microseconds(200))
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("many tasks resolving the same singleton concurrently get one instance, built once")
    func concurrentSingleton() async throws {
        let container = Container(context: .live)
        let instances = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<64 {
                group.addTask { ObjectIdentifier(try container.resolve(SlowSingletonKey.self)) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(instances.count == 1)
        #expect(try container.resolve(CounterKey.self).value == 1)
    }

    @Test("many threads resolving the same singleton concurrently get one instance, built once")
    func concurrentThreads() throws {
        let container = Container(context: .live)
        let seen = Locked<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            if let instance = try? container.resolve(SlowSingletonKey.self) {
                seen.withLock { _ = $0.insert(ObjectIdentifier(instance)) }
            }
        }
        #expect(seen.withLock { $0.count } == 1)
        #expect(try container.resolve(CounterKey.self).value == 1)
    }

    @Test("no lock is held while a factory runs: a factory may wait on another thread's resolution")
    func noLockDuringFactory() throws {
        let container = Container(context: .live)
        OuterKey.container = container
        defer { OuterKey.container = nil }
        let outer = try container.resolve(OuterKey.self)
        #expect(outer.label == "inner")
    }

    @Test("cached instances are shared safely while another task resets them")
    func resetUnderLoad() async throws {
        let container = Container(context: .live)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    for _ in 0..<50 {
                        _ = try container.resolve(CachedKey.self)
                        if index == 0 { container.resetCached() }
                    }
                }
            }
            try await group.waitForAll()
        }
        let builds = try container.resolve(CounterKey.self).value
        #expect(builds >= 1 && builds <= 51)
    }
}
