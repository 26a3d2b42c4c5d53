import Seam
import Testing

/// Holder → held pairs for each lifetime combination the captive rule distinguishes.
protocol HolderKey: DependencyKey where Value == Instance {
    associatedtype Held: DependencyKey
}
extension HolderKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        _ = try r.resolve(Held.self)
        return Instance(name)
    }
}

enum HeldCached: CountingKey { static var lifetime: Lifetime { .cached } }
enum HeldScoped: CountingKey { static var lifetime: Lifetime { .scoped(.session) } }
enum HeldWeak: CountingKey { static var lifetime: Lifetime { .weak } }
enum HeldGraph: CountingKey { static var lifetime: Lifetime { .graph } }
enum HeldUnique: CountingKey { static var lifetime: Lifetime { .unique } }
enum HeldSingleton: CountingKey {}

enum SingletonHoldsScoped: HolderKey { typealias Held = HeldScoped }
enum SingletonHoldsWeak: HolderKey { typealias Held = HeldWeak }
enum SingletonHoldsGraph: HolderKey { typealias Held = HeldGraph }
enum SingletonHoldsUnique: HolderKey { typealias Held = HeldUnique }
enum CachedHoldsScoped: HolderKey { typealias Held = HeldScoped; static var lifetime: Lifetime { .cached } }
enum CachedHoldsCached: HolderKey { typealias Held = HeldCached; static var lifetime: Lifetime { .cached } }
enum ScopedHoldsSingleton: HolderKey {
    typealias Held = HeldSingleton; static var lifetime: Lifetime { .scoped(.session) }
}
enum UniqueHoldsCached: HolderKey { typealias Held = HeldCached; static var lifetime: Lifetime { .unique } }
enum UniqueHoldsUnique: HolderKey { typealias Held = HeldUnique; static var lifetime: Lifetime { .unique } }
/// A singleton holding a unique instance that holds a cached one: the singleton holds the cached one.
enum SingletonThroughUnique: HolderKey { typealias Held = UniqueHoldsCached }
/// A singleton holding unique instances all the way down: nothing shared, nothing captive.
enum SingletonOwnsUniques: HolderKey { typealias Held = UniqueHoldsUnique }

@Suite("Captive dependencies")
struct CaptiveTests {
    @Test(
        "a longer-lived holder of an instance that can end without it is captive",
        arguments: [
            (Registration(SingletonHoldsScoped.self), true),
            (Registration(SingletonHoldsWeak.self), true),
            (Registration(SingletonHoldsGraph.self), true),
            (Registration(CachedHoldsScoped.self), true),
            (Registration(SingletonThroughUnique.self), true),
            (Registration(SingletonHoldsUnique.self), false),
            (Registration(SingletonOwnsUniques.self), false),
            (Registration(CachedHoldsCached.self), false),
            (Registration(ScopedHoldsSingleton.self), false),
            (Registration(UniqueHoldsCached.self), false),
        ])
    func rule(registration: Registration, isCaptive: Bool) async {
        let report = await Container(context: .live) { registration }.verify()
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.captives.map(\.holder) == (isCaptive ? [registration.name] : []), "\(report)")
    }

    @Test("one rule: what a unique instance holds, its holder holds; the report names the way through")
    func throughUnique() async {
        let report = await Container(context: .live) { SingletonThroughUnique.self }.verify()
        #expect(
            report.captives == [
                .init(
                    holder: "SingletonThroughUnique", holderLifetime: .singleton, dependency: "HeldCached",
                    dependencyLifetime: .cached, through: ["UniqueHoldsCached"]
                )
            ])
        #expect(
            report.description.contains(
                "captive: SingletonThroughUnique (singleton) holds HeldCached (cached) through UniqueHoldsCached"
            ))
        // The exported graph shows it: both edges of the way through are captive.
        #expect(
            report.graph.edges.filter(\.isCaptive).map { "\($0.from)->\($0.to)" }
                == ["SingletonThroughUnique->UniqueHoldsCached", "UniqueHoldsCached->HeldCached"])
        #expect(
            report.graph.dot().contains(
                "\"UniqueHoldsCached\" -> \"HeldCached\" [color=red, style=dashed, label=\"captive\"]"))
        #expect(report.graph.json().contains("{\"from\":\"UniqueHoldsCached\",\"to\":\"HeldCached\",\"captive\":true}"))
    }

    @Test("keys of the same name declared in two functions stay two nodes of the graph")
    func functionLocalKeysStayApart() async {
        let first = LocalKeys.first()
        let second = LocalKeys.second()
        #expect(first.name == second.name)  // both are named "Key": the functions are anonymous contexts
        let report = await Container(context: .live) {
            first; second
        }.verify()
        #expect(report.graph.nodes.count == 2, "\(report.graph.nodes)")
        #expect(Set(report.graph.nodes.map(\.name)).count == 2)
        #expect(report.graph.nodes.map(\.valueType).sorted() == ["Int", "String"])
    }
}

/// Two keys both named `Key`, each local to its own function.
enum LocalKeys {
    static func first() -> Registration {
        enum Key: DependencyKey { static func live(_ r: borrowing Resolver) -> Int { 1 } }
        return Registration(Key.self)
    }

    static func second() -> Registration {
        enum Key: DependencyKey { static func live(_ r: borrowing Resolver) -> String { "2" } }
        return Registration(Key.self)
    }
}
