import Dispatch
import Seam
import Synchronization
import Testing
import SeamLocking

// A → B → C → A, all singletons.
enum CycleA: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance { _ = try r.resolve(CycleB.self); return Instance() }
}
enum CycleB: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance { _ = try r.resolve(CycleC.self); return Instance() }
}
enum CycleC: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance { _ = try r.resolve(CycleA.self); return Instance() }
}

// Unique ↔ unique: without detection this would recurse until the stack overflows.
enum PingKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing Resolver) throws -> Instance { _ = try r.resolve(PongKey.self); return Instance() }
}
enum PongKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing Resolver) throws -> Instance { _ = try r.resolve(PingKey.self); return Instance() }
}

// An entry point leading into a cycle.
enum EntryKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing Resolver) throws -> Instance { _ = try r.resolve(PingKey.self); return Instance() }
}

// Async ↔ sync through the async resolver.
enum AsyncLoopKey: AsyncDependencyKey {
    static func live(_ r: borrowing AsyncResolver) async throws -> Instance {
        _ = try await r.resolve(AsyncLoopKey.self)
        return Instance()
    }
}

/// Escapes the resolver: resolves itself through a captured container (not through `r`).
enum ReentrantKey: DependencyKey {
    nonisolated(unsafe) static var container: Container?
    static func live(_ r: borrowing Resolver) throws -> Instance {
        _ = try container?.resolve(ReentrantKey.self)
        return Instance()
    }
}

/// SA → SB → SA, both singletons, each resolving the other through a captured container (not `r`).
enum ContainerCycle {
    nonisolated(unsafe) static var container: Container?
}
enum ThroughContainerA: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        _ = try ContainerCycle.container?.resolve(ThroughContainerB.self)
        return Instance()
    }
}
enum ThroughContainerB: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        _ = try ContainerCycle.container?.resolve(ThroughContainerA.self)
        return Instance()
    }
}
/// Unique ↔ unique through the container: without the thread's path, a stack overflow.
enum UniqueThroughContainerA: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing Resolver) throws -> Instance {
        _ = try ContainerCycle.container?.resolve(UniqueThroughContainerB.self)
        return Instance()
    }
}
enum UniqueThroughContainerB: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing Resolver) throws -> Instance {
        _ = try ContainerCycle.container?.resolve(UniqueThroughContainerA.self)
        return Instance()
    }
}
/// Async unique ↔ async unique through the container: without the task's path, endless recursion.
enum AsyncThroughContainerA: AsyncDependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing AsyncResolver) async throws -> Instance {
        _ = try await ContainerCycle.container?.resolve(AsyncThroughContainerB.self)
        return Instance()
    }
}
enum AsyncThroughContainerB: AsyncDependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing AsyncResolver) async throws -> Instance {
        _ = try await ContainerCycle.container?.resolve(AsyncThroughContainerA.self)
        return Instance()
    }
}
/// A factory resolving a *different* key through the container: no cycle, just a longer path.
enum OuterThroughContainer: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing Resolver) throws -> Instance {
        try ContainerCycle.container?.resolve(InnerKey.self) ?? Instance()
    }
}

/// An `async` factory whose child tasks resolve the key being built, through a captured container.
enum FanOutKey: AsyncDependencyKey {
    nonisolated(unsafe) static var container: Container?
    static func live(_ r: borrowing AsyncResolver) async throws -> Instance {
        let container = try #require(container)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 { group.addTask { _ = try await container.resolve(FanOutKey.self) } }
            try await group.waitForAll()
        }
        return Instance()
    }
}

@Suite("Cycles")
struct CycleTests {
    @Test("a cycle names every key on its path: A → B → C → A")
    func fullPath() throws {
        let container = Container(context: .live)
        let error = #expect(throws: ResolutionError.self) { try container.resolve(CycleA.self) }
        #expect(error?.isCycle == true)
        #expect(error?.path == ["CycleA", "CycleB", "CycleC", "CycleA"])
        #expect(error?.description == "Dependency cycle: CycleA → CycleB → CycleC → CycleA")
    }

    @Test("the cycle is reported from whichever key is resolved first")
    func fromAnotherEntry() throws {
        let error = #expect(throws: ResolutionError.self) { try Container(context: .live).resolve(CycleB.self) }
        #expect(error?.path == ["CycleB", "CycleC", "CycleA", "CycleB"])
    }

    @Test("unique cycles are caught instead of overflowing the stack, path from the repeated key")
    func uniqueCycle() throws {
        let error = #expect(throws: ResolutionError.self) { try Container(context: .live).resolve(EntryKey.self) }
        #expect(error?.path == ["PingKey", "PongKey", "PingKey"])
    }

    @Test("a failed cycle leaves the slots usable: the next resolve reports the same cycle, no deadlock")
    func repeatable() throws {
        let container = Container(context: .live)
        for _ in 0..<3 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(CycleA.self) }
            #expect(error?.isCycle == true)
        }
    }

    @Test("async factories detect cycles too")
    func asyncCycle() async throws {
        let container = Container(context: .live)
        await #expect(throws: ResolutionError.cycle(["AsyncLoopKey", "AsyncLoopKey"])) {
            try await container.resolve(AsyncLoopKey.self)
        }
    }

    @Test("re-entering a singleton through the container on the same thread is a cycle, not a deadlock")
    func reentrancy() throws {
        let container = Container(context: .live)
        ReentrantKey.container = container
        defer { ReentrantKey.container = nil }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(ReentrantKey.self) }
        #expect(error?.path == ["ReentrantKey", "ReentrantKey"])
    }
}

/// CrossA ↔ CrossB, each factory first waiting until both builds have started on their own threads, so
/// each thread ends up waiting for the slot the other one is building.
enum CrossCycle {
    static let aStarted = DispatchSemaphore(value: 0)
    static let bStarted = DispatchSemaphore(value: 0)
}
enum CrossA: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        CrossCycle.aStarted.signal()
        CrossCycle.bStarted.wait()
        CrossCycle.bStarted.signal()  // a latch: later builds pass straight through
        _ = try r.resolve(CrossB.self)
        return Instance()
    }
}
enum CrossB: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        CrossCycle.bStarted.signal()
        CrossCycle.aStarted.wait()
        CrossCycle.aStarted.signal()
        _ = try r.resolve(CrossA.self)
        return Instance()
    }
}

@Suite("Cycles across threads")
struct CrossThreadCycleTests {
    @Test("a cycle split across two threads is reported on both, instead of deadlocking", .timeLimit(.minutes(10)))
    func crossThread() {
        let container = Container(context: .live)
        let errors = Locked<[ResolutionError]>([])
        let group = DispatchGroup()
        for resolveA in [true, false] {
            DispatchQueue.global().async(group: group) {
                do throws(ResolutionError) {
                    if resolveA {
                        _ = try container.resolve(CrossA.self)
                    } else {
                        _ = try container.resolve(CrossB.self)
                    }
                } catch {
                    errors.withLock { $0.append(error) }
                }
            }
        }
        group.wait()
        let reported = errors.withLock { $0 }
        #expect(reported.count == 2)
        #expect(reported.allSatisfy { $0.isCycle })
        let paths = Set(reported.map { $0.path.joined(separator: " → ") })
        #expect(paths.isSubset(of: ["CrossA → CrossB → CrossA", "CrossB → CrossA → CrossB"]), "\(paths)")
    }

    @Test("child tasks of an async factory resolving the key it builds get a cycle error, not a deadlock")
    func asyncFactoryChildTasks() async throws {
        let container = Container(context: .live)
        FanOutKey.container = container
        defer { FanOutKey.container = nil }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolve(FanOutKey.self) }
        #expect(error?.isCycle == true)
        #expect(error?.description.contains("FanOutKey → FanOutKey") == true)
    }
}

/// Factories that resolve through a captured container instead of their resolver. One shared
/// container reference, so the suite runs serially.
@Suite("Cycles through a container", .serialized)
struct ContainerCycleTests {
    @Test("a cycle through the container keeps its whole path: SA → SB → SA, not SA → SA", arguments: [false, true])
    func throughContainer(reversed: Bool) throws {
        let container = Container(context: .live)
        ContainerCycle.container = container
        defer { ContainerCycle.container = nil }
        let error = #expect(throws: ResolutionError.self) {
            if reversed {
                _ = try container.resolve(ThroughContainerB.self)
            } else {
                _ = try container.resolve(ThroughContainerA.self)
            }
        }
        #expect(error?.isCycle == true)
        #expect(
            error?.path
                == (reversed
                    ? ["ThroughContainerB", "ThroughContainerA", "ThroughContainerB"]
                    : ["ThroughContainerA", "ThroughContainerB", "ThroughContainerA"]))
    }

    @Test("unique keys cycling through the container get a cycle error, not a stack overflow")
    func uniqueThroughContainer() throws {
        let container = Container(context: .live)
        ContainerCycle.container = container
        defer { ContainerCycle.container = nil }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(UniqueThroughContainerA.self) }
        #expect(error?.path == ["UniqueThroughContainerA", "UniqueThroughContainerB", "UniqueThroughContainerA"])
        // The same from inside a test scope (the engine's path rather than the live shortcut).
        let scoped = withOverrides {
            #expect(throws: ResolutionError.self) { try container.resolve(UniqueThroughContainerB.self) }
        }
        #expect(scoped?.path == ["UniqueThroughContainerB", "UniqueThroughContainerA", "UniqueThroughContainerB"])
    }

    @Test("async keys cycling through the container get a cycle error with the whole path")
    func asyncThroughContainer() async throws {
        let container = Container(context: .live)
        ContainerCycle.container = container
        defer { ContainerCycle.container = nil }
        let error = await #expect(throws: ResolutionError.self) {
            try await container.resolve(AsyncThroughContainerA.self)
        }
        #expect(error?.path == ["AsyncThroughContainerA", "AsyncThroughContainerB", "AsyncThroughContainerA"])
    }

    @Test("resolving another key through the container inside a factory is no cycle")
    func throughContainerNoCycle() throws {
        let container = Container(context: .live)
        ContainerCycle.container = container
        defer { ContainerCycle.container = nil }
        #expect(try container.resolve(OuterThroughContainer.self).label == "inner")
    }
}
