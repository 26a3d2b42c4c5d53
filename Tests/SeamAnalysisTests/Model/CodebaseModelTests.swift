import Foundation
import SeamAnalysis
import Synchronization
import SwiftSyntax
import Testing
import SeamLocking

@Suite("codebase model")
struct CodebaseModelTests {
    @Test("types merge their extensions: conformances, properties, initialisers and fragments")
    func mergedTypes() async throws {
        let codebase = try await load([
            "Store.swift": """
            protocol DataStoreProtocol {}
            final class DataStore {
                static let shared = DataStore()
                @Published private(set) var spots: [Spot] = []
                let api: APIClient, cache: ImageCache
                var count: Int { spots.count }
                init(api: APIClient = .init(), cache: ImageCache) { self.api = api; self.cache = cache }
            }
            """,
            "Store+Protocol.swift": "extension DataStore: DataStoreProtocol { var extra: Int { 1 } }",
        ])
        let store = try #require(codebase.types["DataStore"])
        #expect(store.kind == .class)
        #expect(store.role == .service)
        #expect(store.conformances == ["DataStoreProtocol"])
        #expect(store.fragments.map(\.file) == ["Store.swift", "Store+Protocol.swift"])
        #expect(store.fragments.map(\.isExtension) == [false, true])
        #expect(store.properties.map(\.name) == ["shared", "spots", "api", "cache"])
        #expect(store.properties.map(\.typeName) == ["DataStore", nil, "APIClient", "ImageCache"])
        #expect(store.properties[1].attributes == ["Published"])
        #expect(store.initializers.first?.parameters.map(\.name) == ["api", "cache"])
        #expect(store.initializers.first?.parameters.first?.defaultValue == ".init()")
        #expect(store.properties.map(\.initialValue) == ["DataStore()", "[]", nil, nil])
        #expect(store.singletonDeclarations.map(\.propertyName) == ["shared"])
        #expect(store.lineCount == 8)
        #expect(codebase.ownProtocols(of: store) == ["DataStoreProtocol"])
        #expect(codebase.protocols.map(\.name) == ["DataStoreProtocol"])
    }

    @Test("nested types have qualified names and resolve from inside their outer type")
    func nestedTypes() async throws {
        let codebase = try await load([
            "Outer.swift": """
            enum Feature {
                final class Service { static let shared = Service() }
                struct Screen { func f() { _ = Service.shared } }
            }
            """
        ])
        #expect(codebase.types["Feature.Service"]?.isSingleton == true)
        #expect(codebase.singletonAccesses.map(\.singletonType) == ["Feature.Service"])
        #expect(codebase.singletonAccesses.map(\.enclosingType) == ["Feature.Screen"])
    }

    @Test("a nested type shadows a top-level type of the same name inside its outer type only")
    func shadowingNestedTypes() async throws {
        let codebase = try await load([
            "Service.swift": "final class Service { static let shared = Service() }",
            "Feature.swift": """
            enum Feature {
                final class Service { static let shared = Service() }
                struct Screen { func f() { _ = Service.shared } }
            }
            extension Feature.Screen { func g() { _ = Service.shared } }
            struct Other { func h() { _ = Service.shared; _ = Feature.Service.shared } }
            """,
        ])
        let accesses = codebase.singletonAccesses.map { "\($0.enclosingType ?? "-") → \($0.singletonType)" }
        #expect(
            accesses == [
                "Feature.Screen → Feature.Service", "Feature.Screen → Feature.Service", "Other → Service",
                "Other → Feature.Service",
            ])
    }

    @Test("files keep their line counts and locations, and their trees only when asked to")
    func files() async throws {
        let sources = ["A.swift": "let a = 1\nlet b = 2\n", "B/C.swift": "struct C {}"]
        let codebase = try await load(sources)
        #expect(codebase.files.map(\.path) == ["A.swift", "B/C.swift"])
        #expect(codebase.files.map(\.lineCount) == [2, 1])
        #expect(codebase.lineCount == 3)
        #expect(codebase.files.allSatisfy { $0.tree == nil })

        let retained = try await load(sources, retainingSyntax: true)
        let file = try #require(retained.file(at: "A.swift"))
        let second = try #require(file.tree?.statements.last)
        #expect(file.location(of: second).description == "A.swift:2:1")
        #expect(file.tree?.description == sources["A.swift"])
    }

    @Test("one thread and many threads build the same model")
    func threadCounts() async throws {
        var files: [String: String] = [:]
        for index in 0..<40 {
            files["F\(index).swift"] =
                "final class S\(index) { static let shared = S\(index)(); func f() { _ = S\((index + 1) % 40).shared } }"
        }
        let fixture = try Fixture(files)
        defer { fixture.remove() }
        let one = try await Codebase.load(root: fixture.root, threads: 1)
        let many = try await Codebase.load(root: fixture.root, threads: 8)
        #expect(one.singletonAccesses.map(\.location) == many.singletonAccesses.map(\.location))
        #expect(one.singletonAccesses.count == 40)
        let report = Auditor().audit(many)
        #expect(report.graph.cycles.count == 1)
        #expect(report.graph.cycles.first?.count == 41)
    }

    @Test("progress reports every file of both passes")
    func progress() async throws {
        let fixture = try Fixture(["A.swift": "", "B.swift": "", "C.swift": ""])
        defer { fixture.remove() }
        let recorder = ProgressRecorder()
        _ = try await Codebase.load(root: fixture.root, progress: { recorder.record($0) })
        let seen = recorder.values
        #expect(seen.filter { $0.phase == .parsing }.map(\.completed) == [1, 2, 3])
        #expect(seen.filter { $0.phase == .analyzing }.map(\.completed) == [1, 2, 3])
        #expect(seen.last?.fraction == 1)
    }
}

final class ProgressRecorder: Sendable {
    private let recorded = Locked<[LoadProgress]>([])
    func record(_ value: LoadProgress) { recorded.withLock { $0.append(value) } }
    var values: [LoadProgress] { recorded.withLock { $0 } }
}
