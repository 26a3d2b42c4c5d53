import Seam
import Synchronization
import SeamLocking

/// Counts calls; shared by factories and tests (resolved through ``CounterKey`` so each test can bring its own).
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    @discardableResult func increment() -> Int { count.add(1, ordering: .relaxed).newValue }
}

/// A per-test counter: tests override it with their own instance.
enum CounterKey: DependencyKey {
    static var testValue: Counter? { Counter() }
    static func live(_ r: borrowing Resolver) throws -> Counter { Counter() }
}

/// An object whose identity tests compare.
final class Instance: Sendable {
    let label: String
    init(_ label: String = "") { self.label = label }
}

/// Declares a key of `lifetime` whose factory counts its builds in ``CounterKey``.
protocol CountingKey: DependencyKey where Value == Instance {}
extension CountingKey {
    static func live(_ r: borrowing Resolver) throws -> Instance {
        try r.resolve(CounterKey.self).increment()
        return Instance(name)
    }
    static var testValue: Instance? { Instance("test:\(name)") }
}

enum UniqueKey: CountingKey { static var lifetime: Lifetime { .unique } }
enum SingletonKey: CountingKey {}
enum CachedKey: CountingKey { static var lifetime: Lifetime { .cached } }
enum WeakKey: CountingKey { static var lifetime: Lifetime { .weak } }
enum GraphKey: CountingKey { static var lifetime: Lifetime { .graph } }

extension Scope {
    static let session = Scope("session")
}

enum SessionKey: CountingKey { static var lifetime: Lifetime { .scoped(.session) } }

/// Resolves ``GraphKey`` twice in one tree.
struct GraphPair: Sendable { let first: Instance; let second: Instance }
enum GraphPairKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static var testValue: GraphPair? { nil }
    static func live(_ r: borrowing Resolver) throws -> GraphPair {
        GraphPair(first: try r.resolve(GraphKey.self), second: try r.resolve(GraphKey.self))
    }
}

// MARK: The TrebleSurf-style domain

protocol APIClient: Sendable {
    func fetchSpots(region: String) async throws -> [String]
}

struct LiveAPIClient: APIClient {
    func fetchSpots(region: String) async throws -> [String] { ["Pipeline", "Sunset"] }
}

struct MockAPIClient: APIClient {
    var spots: [String] = ["Mock Beach"]
    func fetchSpots(region: String) async throws -> [String] { spots }
}

enum APIClientKey: DependencyKey {
    static var testValue: (any APIClient)? { MockAPIClient() }
    static func live(_ r: borrowing Resolver) throws -> any APIClient { LiveAPIClient() }
}

/// A dependency with no test value: reading it in a test without an override must fail the test.
enum AnalyticsKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> Counter {
        LiveCalls.record("AnalyticsKey")
        return Counter()
    }
}

/// Lets fixtures prove a live factory ran where it must not.
enum LiveCalls {
    private static let calls = Locked<[String]>([])
    static func record(_ name: String) { calls.withLock { $0.append(name) } }
    static func contains(_ name: String) -> Bool { calls.withLock { $0.contains(name) } }
}

/// A composition root in another file than the tests calling it: reads a key with no test value.
enum ForgottenMockRoot {
    static let line = #line + 1
    static func make(_ container: Container) -> Instance { container[ForgottenMockWithPreviewKey.self] }
}
