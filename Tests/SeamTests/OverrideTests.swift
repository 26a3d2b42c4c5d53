import Seam
import SeamTesting
import Synchronization
import Testing
import SeamLocking

@Suite("Overrides")
struct OverrideTests {
    @Test("a value override replaces the dependency inside the scope only")
    func valueOverride() throws {
        let container = Container(context: .live)
        let inside = try withOverrides {
            $0[APIClientKey.self] = MockAPIClient(spots: ["Inside"])
        } operation: {
            try container.resolve(APIClientKey.self)
        }
        #expect((inside as? MockAPIClient)?.spots == ["Inside"])
        #expect(try container.resolve(APIClientKey.self) is LiveAPIClient)
    }

    @Test("a factory override keeps the key's lifetime inside the scope")
    func factoryOverride() throws {
        let container = Container(context: .live)
        let counter = Counter()
        let (first, second) = try withOverrides {
            $0.factory(SingletonKey.self) { _ in
                counter.increment()
                return Instance("override")
            }
        } operation: {
            (try container.resolve(SingletonKey.self), try container.resolve(SingletonKey.self))
        }
        #expect(first === second)
        #expect(first.label == "override")
        #expect(counter.value == 1)
    }

    @Test("singletons built inside a scope stay in the scope")
    func singletonIsolation() throws {
        let container = Container(context: .live)
        let outside = try container.resolve(SingletonKey.self)
        let inside = try withOverrides { try container.resolve(SingletonKey.self) }
        let insideAgain = try withOverrides { try container.resolve(SingletonKey.self) }
        #expect(inside !== outside)
        #expect(insideAgain !== inside, "each scope has its own storage")
        #expect(try container.resolve(SingletonKey.self) === outside)
    }

    @Test("a singleton depending on an overridden dependency is not leaked to the live container")
    func noPoisoning() throws {
        let container = Container(context: .live)
        let overridden = try withOverrides {
            $0[CounterKey.self] = Counter()
        } operation: {
            try container.resolve(SingletonKey.self)
        }
        #expect(try container.resolve(SingletonKey.self) !== overridden)
    }

    @Test("nested scopes inherit outer overrides and can replace them")
    func nesting() throws {
        let container = Container(context: .live)
        try withOverrides {
            $0[APIClientKey.self] = MockAPIClient(spots: ["Outer"])
            $0[DatabasePathKey.self] = "outer.sqlite"
        } operation: { () throws in
            try withOverrides {
                $0[APIClientKey.self] = MockAPIClient(spots: ["Inner"])
            } operation: { () throws in
                #expect((try container.resolve(APIClientKey.self) as? MockAPIClient)?.spots == ["Inner"])
                #expect(try container.resolve(DatabasePathKey.self) == "outer.sqlite")
            }
            #expect((try container.resolve(APIClientKey.self) as? MockAPIClient)?.spots == ["Outer"])
        }
    }

    @Test("child tasks inherit the overrides of the task that started them")
    func childTasksInherit() async throws {
        let container = Container(context: .live)
        let labels = try await withOverrides {
            $0[DatabasePathKey.self] = "child.sqlite"
        } operation: {
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try container.resolve(DatabasePathKey.self) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(labels == Array(repeating: "child.sqlite", count: 8))
    }

    @Test("many concurrent scopes each see only their own override and their own singleton")
    func concurrentScopes() async throws {
        let container = Container(context: .live)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let counter = Counter()
                    try await withOverrides {
                        $0[CounterKey.self] = counter
                    } operation: {
                        await Task.yield()
                        let first = try container.resolve(SingletonKey.self)
                        await Task.yield()
                        #expect(try container.resolve(SingletonKey.self) === first)
                        #expect(try container.resolve(CounterKey.self) === counter, "scope \(index)")
                    }
                    #expect(counter.value == 1, "scope \(index) built its own singleton once")
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("the Overrides set reports what it holds and can drop an override")
    func overridesSet() {
        var overrides = Overrides()
        overrides[DatabasePathKey.self] = "a"
        #expect(overrides.contains(DatabasePathKey.self))
        #expect(overrides[DatabasePathKey.self] == "a")
        overrides.remove(DatabasePathKey.self)
        #expect(!overrides.contains(DatabasePathKey.self))
        var other = Overrides()
        other[APIClientKey.self] = MockAPIClient()
        overrides.merge(other)
        #expect(overrides.contains(APIClientKey.self))
    }
}

/// Two tests that run in parallel and override the same dependency differently: each must only ever
/// see its own value and its own singleton, however their steps interleave.
@Suite("Parallel tests overriding the same dependency")
struct ParallelOverrideTests {
    static let shared = Container(name: "Shared")
    /// Each test's singleton, kept alive so identities can be compared across the two tests.
    static let singletons = Locked<[String: Instance]>([:])

    static func exercise(expecting spots: [String]) async throws {
        var seen: Set<ObjectIdentifier> = []
        for _ in 0..<200 {
            let api = try Self.shared.resolve(APIClientKey.self)
            #expect((api as? MockAPIClient)?.spots == spots)
            let singleton = try Self.shared.resolve(SingletonKey.self)
            #expect(singleton.label == "test:SingletonKey", "the test context uses the test value")
            seen.insert(ObjectIdentifier(singleton))
            await Task.yield()
        }
        #expect(seen.count == 1, "one singleton per test")
        let mine = try Self.shared.resolve(SingletonKey.self)
        let others = Self.singletons.withLock { singletons in
            singletons[spots[0]] = mine
            return singletons.filter { $0.key != spots[0] }.map(\.value)
        }
        #expect(others.allSatisfy { $0 !== mine }, "the other test's singleton is never this test's")
    }

    @Test(.seamDependencies { $0[APIClientKey.self] = MockAPIClient(spots: ["North Shore"]) })
    func northShore() async throws {
        try await Self.exercise(expecting: ["North Shore"])
    }

    @Test(.seamDependencies { $0[APIClientKey.self] = MockAPIClient(spots: ["Gold Coast"]) })
    func goldCoast() async throws {
        try await Self.exercise(expecting: ["Gold Coast"])
    }
}

/// A suite-level trait: its overrides reach every test, and each test still gets its own storage.
@Suite(.seamDependencies { $0[DatabasePathKey.self] = "suite.sqlite" })
struct SuiteTraitTests {
    static let container = Container(name: "Suite")
    static let singletons = Locked<[Instance]>([])

    func check() throws {
        #expect(try Self.container.resolve(DatabasePathKey.self) == "suite.sqlite")
        let singleton = try Self.container.resolve(SingletonKey.self)
        let earlier = Self.singletons.withLock { list in
            defer { list.append(singleton) }
            return list
        }
        #expect(earlier.allSatisfy { $0 !== singleton }, "each test of the suite has its own singleton")
    }

    @Test func first() throws { try check() }
    @Test func second() throws { try check() }
}
