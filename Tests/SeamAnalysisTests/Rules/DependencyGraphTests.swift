import SeamAnalysis
import Testing

@Suite("dependency graph and dependency-cycle")
struct DependencyGraphTests {
    @Test("singleton accesses and injections become edges, and a service cycle is reported as its path")
    func cycleThroughSingletons() async throws {
        let report = try await audit([
            "Services.swift": """
            final class AuthManager { static let shared = AuthManager(); func token() { _ = APIClient.shared } }
            final class APIClient { static let shared = APIClient(); func send() { _ = DataStore.shared } }
            final class DataStore { static let shared = DataStore(); func sync() { _ = AuthManager.shared } }
            """,
            "SpotsViewModel.swift": """
            final class SpotsViewModel { let api: APIClient; init(api: APIClient) { self.api = api } }
            """,
        ])
        #expect(report.graph.cycles == [["APIClient", "DataStore", "AuthManager", "APIClient"]])
        #expect(report.metrics.cycles == 1)
        #expect(report.findings(.dependencyCycle).first?.message == "Dependency cycle: APIClient → DataStore → AuthManager → APIClient")
        #expect(report.findings(.dependencyCycle).first?.location.line == 2)
        #expect(report.graph.edges.contains(.init(from: "SpotsViewModel", to: "APIClient", kind: .injection)))
        #expect(report.graph.edges.contains(.init(from: "AuthManager", to: "APIClient", kind: .singletonAccess)))
        #expect(report.graph.nodes.map(\.name) == ["APIClient", "AuthManager", "DataStore", "SpotsViewModel"])
        #expect(report.graph.nodes.first?.isSingleton == true)
        #expect(report.graph.nodes.last?.role == .viewModel)
    }

    @Test("injection of a protocol points at its conformers, and every elementary cycle is listed in order")
    func protocolEdgesAndSeveralCycles() async throws {
        let report = try await audit([
            "A.swift": """
            protocol Syncing {}
            final class Syncer: Syncing { let a: Alpha; init(a: Alpha) { self.a = a } }
            final class Alpha { let s: any Syncing; let b: Beta
                init(s: any Syncing, b: Beta) { self.s = s; self.b = b } }
            final class Beta { let a: Alpha?; init(a: Alpha?) { self.a = a } }
            """,
            "Tests/MockSyncer.swift": "final class MockSyncer: Syncing { let a: Alpha; init(a: Alpha) { self.a = a } }",
        ])
        #expect(report.graph.cycles == [["Alpha", "Beta", "Alpha"], ["Alpha", "Syncer", "Alpha"]])
        #expect(!report.graph.nodes.map(\.name).contains("MockSyncer"))
    }

    @Test("a protocol with several implementations is an abstraction: the edge stops at the protocol")
    func protocolWithSeveralConformers() async throws {
        let report = try await audit([
            "Nodes.swift": """
            protocol Node {}
            final class Leaf: Node { let parent: any Node; init(parent: any Node) { self.parent = parent } }
            final class Branch: Node { let child: any Node; init(child: any Node) { self.child = child } }
            """
        ])
        #expect(report.graph.cycles.isEmpty)
        #expect(report.graph.edges.map(\.to) == ["Node", "Node"])
        #expect(!report.graph.edges.contains { $0.from == "Leaf" && $0.to == "Branch" })
    }

    @Test("an acyclic graph has no cycles")
    func acyclic() async throws {
        let report = try await audit([
            "A.swift": """
            final class A { static let shared = A(); func f() { _ = B.shared } }
            final class B { static let shared = B() }
            """
        ])
        #expect(report.graph.cycles.isEmpty)
        #expect(report.graph.edges == [.init(from: "A", to: "B", kind: .singletonAccess)])
    }
}
