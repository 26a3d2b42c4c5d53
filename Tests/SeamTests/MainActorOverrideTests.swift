import Seam
import Testing

/// A main-actor store, deliberately not `Sendable` (the README's Tally store shape).
@MainActor
final class TallyStore {
    var count = 0
}

enum TallyStoreKey: MainActorDependencyKey {
    @MainActor static func live(_ r: borrowing Resolver) -> TallyStore { TallyStore() }
}

@Suite("Overriding a main-actor key with a value that is not Sendable")
@MainActor
struct MainActorOverrideTests {
    @Test("$0[Key.self] = store compiles and is what main-actor resolves return, in a scope and in a container")
    func valueOverride() throws {
        let store = TallyStore()
        let container = Container(name: "Tally", context: .test)
        let resolved = try withOverrides {
            $0[TallyStoreKey.self] = store
        } operation: {
            try container.resolve(TallyStoreKey.self)
        }
        #expect(resolved === store)
        let own = Container(name: "Tally", context: .test, overrides: { $0[TallyStoreKey.self] = store })
        #expect(own[TallyStoreKey.self] === store)
        var overrides = Overrides()
        overrides[TallyStoreKey.self] = store
        #expect(overrides[TallyStoreKey.self] === store)
        overrides[TallyStoreKey.self] = nil
        #expect(!overrides.contains(TallyStoreKey.self))
    }
}
