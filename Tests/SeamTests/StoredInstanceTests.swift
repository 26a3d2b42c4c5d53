import Seam
import Synchronization
import Testing

/// A protocol-typed dependency whose live value is a class, for weak lifetimes over existentials.
protocol Greeter: AnyObject, Sendable { var greeting: String { get } }
final class LiveGreeter: Greeter {
    let greeting: String
    init(_ greeting: String) { self.greeting = greeting }
}
enum WeakGreeterKey: DependencyKey {
    static var lifetime: Lifetime { .weak }
    static func live(_ r: borrowing Resolver) throws -> any Greeter {
        LiveGreeter("hello #\(try r.resolve(CounterKey.self).increment())")
    }
}
/// A weak key whose value is a struct: nothing can be held weakly, so it behaves as unique.
struct Badge: Sendable { let number: Int }
enum WeakBadgeKey: DependencyKey {
    static var lifetime: Lifetime { .weak }
    static func live(_ r: borrowing Resolver) throws -> Badge {
        Badge(number: try r.resolve(CounterKey.self).increment())
    }
}

/// A cached key with an `async` factory.
enum AsyncCachedKey: AsyncDependencyKey {
    static var lifetime: Lifetime { .cached }
    static func live(_ r: borrowing AsyncResolver) async throws -> Instance {
        Instance("async #\(try r.resolve(CounterKey.self).increment())")
    }
}

@Suite("Stored instances")
struct StoredInstanceTests {
    let container = Container(name: "Stored", context: .live)

    @Test("resetCached() releases the cached instance once nobody else holds it")
    func resetReleasesCached() throws {
        weak var observed: Instance?
        do {
            let first = try container.resolve(CachedKey.self)
            observed = first
            #expect(try container.resolve(CachedKey.self) === first)
        }
        #expect(observed != nil, "the container keeps its cached instance")
        container.resetCached()
        #expect(observed == nil, "after a reset with no reader left, the old instance is gone")
        #expect(try container.resolve(CachedKey.self).label == "CachedKey")
    }

    @Test("endScope releases the scoped instance; a new one is held after")
    func endScopeReleasesScoped() throws {
        weak var observed: Instance?
        do { observed = try container.resolve(SessionKey.self) }
        #expect(observed != nil)
        container.endScope(.session)
        #expect(observed == nil)
        let next = try container.resolve(SessionKey.self)
        #expect(try container.resolve(SessionKey.self) === next)
    }

    @Test("a cached key reset many times still holds exactly one live instance")
    func repeatedResets() throws {
        var released = 0
        for _ in 0..<100 {
            weak var observed: Instance?
            do { observed = try container.resolve(CachedKey.self) }
            container.resetCached()
            if observed == nil { released += 1 }
        }
        #expect(released == 100)
        #expect(try container.resolve(CounterKey.self).value == 100)
    }

    @Test("weak over a protocol-typed class value: shared while held, rebuilt after release")
    func weakExistential() throws {
        var held: (any Greeter)? = try container.resolve(WeakGreeterKey.self)
        let again = try container.resolve(WeakGreeterKey.self)
        #expect(again === held)
        #expect(again.greeting == "hello #1")
        held = nil
        _ = consume again
        #expect(try container.resolve(WeakGreeterKey.self).greeting == "hello #2")
    }

    @Test("weak over a struct value builds on every resolve (nothing to hold weakly)")
    func weakStruct() throws {
        let first = try container.resolve(WeakBadgeKey.self)
        let second = try container.resolve(WeakBadgeKey.self)
        #expect(first.number == 1)
        #expect(second.number == 2)
    }

    @Test("cached reads racing resets always get a live instance, and the last one is released")
    func readsRacingResets() async throws {
        let labels = try await withThrowingTaskGroup(of: Set<String>.self) { group in
            for index in 0..<8 {
                group.addTask {
                    var seen: Set<String> = []
                    for _ in 0..<2_000 {
                        seen.insert(try container.resolve(CachedKey.self).label)
                        if index == 0 { container.resetCached() }
                    }
                    return seen
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
        #expect(labels == ["CachedKey"], "every read returned a fully built, still-alive instance")
        weak var last: Instance?
        do { last = try container.resolve(CachedKey.self) }
        container.resetCached()
        #expect(last == nil, "retired instances are not leaked by racing readers")
    }

    @Test("inside an override scope: value overrides win, cached instances are the scope's own")
    func scopeReads() throws {
        let outside = try container.resolve(CachedKey.self)
        let mock = Instance("mock")
        try withOverrides {
            $0[SingletonKey.self] = mock
        } operation: {
            #expect(try container.resolve(SingletonKey.self) === mock)
            let inside = try container.resolve(CachedKey.self)
            #expect(inside !== outside)
            #expect(try container.resolve(CachedKey.self) === inside)
            container.resetCached()
            #expect(try container.resolve(CachedKey.self) !== inside)
        }
        #expect(
            try container.resolve(CachedKey.self) === outside, "a reset inside the scope leaves the container alone")
    }

    @Test("an async cached key is held until resetCached(), then rebuilt")
    func asyncCached() async throws {
        let first = try await container.resolve(AsyncCachedKey.self)
        #expect(try await container.resolve(AsyncCachedKey.self) === first)
        container.resetCached()
        let second = try await container.resolve(AsyncCachedKey.self)
        #expect(second !== first)
        #expect(second.label == "async #2")
    }
}
