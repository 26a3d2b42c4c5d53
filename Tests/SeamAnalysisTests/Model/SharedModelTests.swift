import SeamAnalysis
import SwiftSyntax
import Testing

/// What the model offers the rewrites so that they read it instead of keeping their own copies: each
/// fragment's offsets in its file, singleton identities, and the one shadowing model, allow-list and
/// test-double list.
@Suite("model shared with the migration")
struct SharedModelTests {
    @Test("a fragment's offsets span its declaration node, attributes included, trivia excluded")
    func fragmentOffsets() async throws {
        let store = """
            import Foundation

            /// The store.
            @MainActor public final class DataStore {
                struct Entry {}
            }

            extension DataStore: Sendable {}
            """
        let codebase = try await load(["Store.swift": store], retainingSyntax: true)
        let bytes = Array(store.utf8)
        func text(_ fragment: TypeFragment) -> String {
            String(decoding: bytes[fragment.offset..<fragment.endOffset], as: UTF8.self)
        }
        let type = try #require(codebase.types["DataStore"])
        #expect(
            type.fragments.map(text) == [
                "@MainActor public final class DataStore {\n    struct Entry {}\n}", "extension DataStore: Sendable {}",
            ])
        let entry = try #require(codebase.types["DataStore.Entry"]?.fragments.first)
        #expect(text(entry) == "struct Entry {}")
    }

    @Test("a declaration and its accesses share one singleton identity")
    func singletonIdentity() async throws {
        let codebase = try await load([
            "Store.swift": "final class DataStore { static let shared = DataStore(); func clear() {} }",
            "Feed.swift": "final class Feed { func run() { DataStore.shared.clear() } }",
        ])
        let declaration = try #require(codebase.singletonDeclarations.first)
        let access = try #require(codebase.singletonAccesses.first)
        #expect(access.singletonID == declaration.id)
        #expect(declaration.id.accessExpression == "DataStore.shared")
    }

    @Test("shadowing at a node: in scope only, later declarations of a block when asked")
    func shadowingAtANode() throws {
        let tree = SourceParser.parse(
            """
            final class Feed {
                func load(regions: [String]) {
                    for store in regions { print(store) }
                    Store.shared.clear()
                    let store = 1
                }
                func save(store: Int) { Store.shared.save() }
            }
            """)
        let sites = tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "shared" }.compactMap {
            $0.parent?.parent?.as(MemberAccessExprSyntax.self)
        }
        try #require(sites.count == 2)
        #expect(
            !LocalShadowing.isShadowed("store", at: sites[0]), "the loop variable is out of scope, the `let` after it")
        #expect(LocalShadowing.isShadowed("store", at: sites[0], countingLaterDeclarations: true))
        #expect(LocalShadowing.isShadowed("store", at: sites[1]), "a parameter")
        #expect(!LocalShadowing.isShadowed("other", at: sites[1], countingLaterDeclarations: true))
    }

    @Test("one allow-list and one test-double list")
    func allowListAndTestDoubles() {
        let allow = AllowList(["Session.instance", "Logger"])
        #expect(allow.contains(type: "Session", property: "instance", isGlobal: false))
        #expect(!allow.contains(type: "Session", property: "shared", isGlobal: false))
        #expect(allow.contains(type: "App.Logger", property: "shared", isGlobal: false))
        #expect(["MockStore", "StoreFake", "StubAPI", "SpyLogger", "DummyClient"].allSatisfy(TestDoubles.isTestDouble))
        #expect(!TestDoubles.isTestDouble("Store"))
    }
}
