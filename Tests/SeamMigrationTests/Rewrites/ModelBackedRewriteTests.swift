import Foundation
import Testing

@testable import SeamMigration

/// Behaviour that changed when the migration started reading the analysis's model alone: the one
/// test-double list (`Dummy` included), the one allow-list (per singleton, as the audit reads it) and the
/// one shadowing model (a local shadows the injected property only where it is in scope).
@Suite struct ModelBackedRewriteTests {
    static let store = """
        final class DataStore {
            static let shared = DataStore()
            func clear() {}
            func load(_ region: String) {}
        }
        """

    private func migrate(_ files: [String: String], allow: Set<String> = []) async throws -> (Fixture, MigrationPlan) {
        var all = files
        all["Sources/App/DataStore.swift"] = all["Sources/App/DataStore.swift"] ?? Self.store
        let fixture = try Fixture(all)
        return (fixture, try await fixture.plan(allow: allow))
    }

    @Test func dummyTypesAreTestDoublesLikeTheAuditSays() async throws {
        let source = "final class DummyFeed {\n    func run() { DataStore.shared.clear() }\n}\n"
        let (fixture, plan) = try await migrate(["Sources/App/DummyFeed.swift": source])
        defer { fixture.remove() }
        #expect(try fixture.text("Sources/App/DummyFeed.swift", in: plan) == source)
        #expect(
            plan.notes.contains {
                $0.location.file == "Sources/App/DummyFeed.swift" && $0.message.contains("`DummyFeed` is a test double")
            }, "\(plan.notes.map(\.message))")
    }

    /// breadwallet's `Store`: a private `shared` behind static members. `Store.perform(action:)` names no instance a
    /// parameter could hold, so its sites stay, with one note naming the members; and a type reaching one still reaches
    /// a singleton, so its other singletons are not injected either (injected, BRD's types became 42 more bypasses).
    @Test func aStaticFacadeStaysWithOneNote() async throws {
        let (fixture, plan) = try await migrate([
            "Sources/App/Store.swift": """
            final class Store {
                private static let shared = Store()
                static func perform(action: String) { shared.apply(action) }
                static var count: Int { shared.total }
                private var total = 0
                private func apply(_ action: String) {}
            }
            """,
            "Sources/App/Feed.swift": """
            final class Feed {
                func run() {
                    Store.perform(action: "run")
                    _ = Store.count
                    DataStore.shared.clear()
                }
            }
            """,
        ])
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Feed.swift", in: plan)
        #expect(text.contains("Store.perform(action: \"run\")") && text.contains("_ = Store.count"), "\(text)")
        #expect(text.contains("DataStore.shared.clear()"), "\(text)")
        #expect(
            plan.notes.contains {
                $0.message.contains("`Feed` is not injected: `Store.shared` stays reached directly here")
            },
            "\(plan.notes.map(\.message))")
        #expect(
            plan.notes.filter { $0.message.contains("static members") }.map(\.message) == [
                "`Store.shared` is private, reached through the static members `Store.count`, `Store.perform` (2 sites): make them instance members to inject it"
            ], "\(plan.notes.map(\.message))")
    }

    @Test func aLocalInASiblingScopeDoesNotShadowTheProperty() async throws {
        // The member-wide collector saw `dataStore` declared somewhere in `load` and refused the closure
        // site ("a local named `dataStore` shadows the property inside a closure"), keeping the type on the
        // singleton; neither local is in scope at either site.
        let (fixture, plan) = try await migrate([
            "Sources/App/Feed.swift": """
            final class Feed {
                init() {}

                func load(regions: [String]) {
                    for dataStore in regions { print(dataStore) }
                    DataStore.shared.clear()
                    run { DataStore.shared.load("a") }
                    run { let dataStore = 1; print(dataStore) }
                }

                func run(_ body: @escaping () -> Void) {}
            }
            """
        ])
        defer { fixture.remove() }
        #expect(
            try fixture.text("Sources/App/Feed.swift", in: plan) == """
                final class Feed {
                    private let dataStore: any DataStoreProtocol

                    init(dataStore: any DataStoreProtocol = DataStore.shared) {
                        self.dataStore = dataStore
                    }

                    func load(regions: [String]) {
                        for dataStore in regions { print(dataStore) }
                        dataStore.clear()
                        run { [dataStore] in dataStore.load("a") }
                        run { let dataStore = 1; print(dataStore) }
                    }

                    func run(_ body: @escaping () -> Void) {}
                }
                """)
    }

    @Test func aLocalDeclaredLaterInTheBlockStillShadowsTheProperty() async throws {
        let (fixture, plan) = try await migrate([
            "Sources/App/Feed.swift": """
            final class Feed {
                init() {}

                func refresh() {
                    DataStore.shared.clear()
                    let dataStore = "local"
                    print(dataStore)
                }
            }
            """
        ])
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Feed.swift", in: plan)
        #expect(text.contains("        self.dataStore.clear()\n"), "\(text)")
    }

    @Test func theAllowListKeepsOnlyTheSingletonItNames() async throws {
        let session = """
            final class Session {
                static let shared = Session()
                static let instance = Session()
                func start() {}
                func stop() {}
            }
            """
        let (fixture, plan) = try await migrate(
            [
                "Sources/App/Session.swift": session,
                "Sources/App/Player.swift": """
                final class Player {
                    init() {}
                    func play() {
                        Session.shared.start()
                        Session.instance.stop()
                    }
                }
                """,
            ], allow: ["Session.instance"])
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Player.swift", in: plan)
        #expect(text.contains("session.start()"), "\(text)")
        #expect(text.contains("Session.instance.stop()"), "\(text)")
    }

    @Test func aTypeIsFoundByItsQualifiedNameWhenANestedTypeSharesItsSimpleName() async throws {
        // The second index matched simple names and gave up on `Feed` (two declarations named so); the
        // model names the top-level class `Feed` and the nested struct `Other.Feed`.
        let (fixture, plan) = try await migrate([
            "Sources/App/Feed.swift":
                "final class Feed {\n    init() {}\n    func run() { DataStore.shared.clear() }\n}\n",
            "Sources/App/Other.swift": "enum Other {\n    struct Feed {}\n}\n",
        ])
        defer { fixture.remove() }
        let text = try fixture.text("Sources/App/Feed.swift", in: plan)
        #expect(text.contains("func run() { dataStore.clear() }"), "\(text)\n\(plan.notes.map(\.message))")
    }
}
