import Seam
import Testing

@Suite("Lifetimes")
struct LifetimeTests {
    let container = Container(name: "Lifetimes", context: .live)

    var builds: Int { (try? container.resolve(CounterKey.self).value) ?? -1 }

    @Test("unique builds a new instance on every resolve")
    func unique() throws {
        let first = try container.resolve(UniqueKey.self)
        let second = try container.resolve(UniqueKey.self)
        #expect(first !== second)
        #expect(builds == 2)
    }

    @Test("singleton builds one instance per container")
    func singleton() throws {
        let first = try container.resolve(SingletonKey.self)
        let second = try container.resolve(SingletonKey.self)
        #expect(first === second)
        #expect(builds == 1)
        let other = Container(name: "Other", context: .live)
        #expect(try other.resolve(SingletonKey.self) !== first)
    }

    @Test("cached keeps one instance until resetCached(), which leaves singletons alone")
    func cached() throws {
        let first = try container.resolve(CachedKey.self)
        #expect(try container.resolve(CachedKey.self) === first)
        let singleton = try container.resolve(SingletonKey.self)
        container.resetCached()
        let afterReset = try container.resolve(CachedKey.self)
        #expect(afterReset !== first)
        #expect(try container.resolve(SingletonKey.self) === singleton)
    }

    @Test("weak shares the instance while someone holds it, then builds a new one")
    func weak() throws {
        var held: Instance? = try container.resolve(WeakKey.self)
        #expect(try container.resolve(WeakKey.self) === held)
        held = nil
        let fresh = try container.resolve(WeakKey.self)
        #expect(builds == 2, "releasing the only holder lets the next resolve build a new instance")
        #expect(try container.resolve(WeakKey.self) === fresh)
    }

    @Test("graph shares one instance within a resolution tree, not across trees")
    func graph() throws {
        let pair = try container.resolve(GraphPairKey.self)
        #expect(pair.first === pair.second)
        let nextPair = try container.resolve(GraphPairKey.self)
        #expect(nextPair.first !== pair.first)
        let a = try container.resolve(GraphKey.self)
        let b = try container.resolve(GraphKey.self)
        #expect(a !== b)
    }

    @Test("a custom scope keeps its instance until endScope drops it (logout)")
    func customScope() throws {
        let session = try container.resolve(SessionKey.self)
        #expect(try container.resolve(SessionKey.self) === session)
        container.resetCached()
        #expect(try container.resolve(SessionKey.self) === session, "resetCached must not end other scopes")
        container.endScope(Scope("other"))
        #expect(try container.resolve(SessionKey.self) === session)
        container.endScope(.session)
        #expect(try container.resolve(SessionKey.self) !== session)
    }

    @Test(
        "lifetimes describe themselves for reports",
        arguments: [
            (Lifetime.unique, "unique"), (.singleton, "singleton"), (.cached, "cached"),
            (.weak, "weak"), (.graph, "graph"), (.scoped(.session), "scoped(session)"),
        ])
    func descriptions(lifetime: Lifetime, expected: String) {
        #expect(lifetime.description == expected)
    }
}
