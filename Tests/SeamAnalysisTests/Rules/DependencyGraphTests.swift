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
        #expect(report.graph.components.map(\.types) == [["APIClient", "AuthManager", "DataStore"]])
        #expect(
            report.findings(.dependencyCycle).map(\.message) == [
                "Dependency cycle among 3 types (APIClient, AuthManager, DataStore), e.g. APIClient → DataStore → AuthManager → APIClient"
            ])
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

    @Test("weak, unowned and delegate back-references stay in the graph as weak edges and close no cycle")
    func backReferencesAreNotCycles() async throws {
        let report = try await audit([
            "Screens.swift": """
            final class Coordinator { let child: ChildViewModel; init(child: ChildViewModel) { self.child = child } }
            final class ChildViewModel { weak var parent: Coordinator?; init(parent: Coordinator) { self.parent = parent } }
            final class Owner { let screen: Screen; init(screen: Screen) { self.screen = screen } }
            final class Screen { unowned let owner: Owner; init(owner: Owner) { self.owner = owner } }
            protocol ListDelegate: AnyObject {}
            final class List { var delegate: ListDelegate?; init() {} }
            final class ListController: ListDelegate { let list: List; init(list: List) { self.list = list } }
            """
        ])
        #expect(report.graph.cycles.isEmpty)
        #expect(report.graph.components.isEmpty)
        #expect(report.metrics.cycles == 0)
        #expect(report.findings(.dependencyCycle).isEmpty)
        #expect(report.graph.edges.contains(.init(from: "ChildViewModel", to: "Coordinator", kind: .weakReference)))
        #expect(report.graph.edges.contains(.init(from: "Screen", to: "Owner", kind: .weakReference)))
        #expect(report.graph.edges.contains(.init(from: "List", to: "ListController", kind: .weakReference)))
        #expect(report.graph.edges.contains(.init(from: "Coordinator", to: "ChildViewModel", kind: .injection)))
        let json = try GraphExporter.render(report.graph, as: .json)
        #expect(!json.contains("\"inCycle\" : true"))
        #expect(
            try GraphExporter.render(report.graph, as: .dot).contains(
                "\"ChildViewModel\" -> \"Coordinator\" [style=dotted]"))
        let mermaid = try GraphExporter.render(report.graph, as: .mermaid)
        #expect(mermaid.components(separatedBy: "-.->|weak|").count == 4)
        #expect(!mermaid.contains("linkStyle"))
    }

    /// Hold-out round 6 (zotero): `Controllers` builds `UserControllers(userId:controllers: self)`, whose `init` reads
    /// the controllers and captures them `weak`, but keeps no property of them: no cycle. One kept strongly, by its
    /// name or under another name of its type, still closes one.
    @Test("an init parameter no stored property keeps is used while the instance is made and closes no cycle")
    func unkeptInitParametersAreNotCycles() async throws {
        let report = try await audit([
            "Controllers.swift": """
            final class Controllers {
                var userControllers: UserControllers?
                func start() { userControllers = UserControllers(controllers: self) }
            }
            final class UserControllers {
                let name: String
                init(controllers: Controllers) { name = String(describing: controllers); _ = { [weak controllers] in controllers } }
            }
            final class Parent { var child: Child?; init() {} }
            final class Child { var owner: Parent?; init(parent: Parent) { owner = parent } }
            """
        ])
        #expect(report.graph.edges.contains(.init(from: "UserControllers", to: "Controllers", kind: .weakReference)))
        #expect(report.graph.cycles == [["Child", "Parent", "Child"]])
        #expect(report.findings(.dependencyCycle).map(\.message) == ["Dependency cycle: Child → Parent → Child"])
    }

    /// Hold-out 8 (siskin): `Call` reads `VideoCallController.peerConnectionFactory`, a static holding an SDK
    /// factory, and the controller keeps its `Call`: the controller is only the factory's namespace, no cycle.
    @Test("reading a static that holds another type's instance does not depend on the holder")
    func heldStaticsAreNamespaces() async throws {
        let report = try await audit([
            "Calls.swift": """
            final class RTCPeerConnectionFactory {}
            final class VideoCallController {
                static let peerConnectionFactory = RTCPeerConnectionFactory()
                private let call: Call
                init(call: Call) { self.call = call }
            }
            final class Call {
                func start() { _ = VideoCallController.peerConnectionFactory }
            }
            """
        ])
        #expect(report.graph.edges.contains(.init(from: "Call", to: "VideoCallController", kind: .weakReference)))
        #expect(
            report.graph.edges.contains(.init(from: "Call", to: "RTCPeerConnectionFactory", kind: .singletonAccess)))
        #expect(report.graph.cycles.isEmpty)
        #expect(report.findings(.dependencyCycle).isEmpty)
    }

    /// Hold-out 8 (Delta Chat): `DcAccounts` reads `UserDefaults.shared`, which the app adds to the SDK type, and a
    /// static helper in that extension reads `DcAccounts.shared`: extension code keeps no instance, no cycle.
    @Test("an extension of an SDK type keeps nothing: its reads close no cycle")
    func extensionsOfSDKTypesOwnNothing() async throws {
        let report = try await audit([
            "Accounts.swift": """
            extension UserDefaults {
                static let shared = UserDefaults(suiteName: "group.chat")!
                static func selectedAccount() -> Int { DcAccounts.shared.selected }
            }
            final class DcAccounts {
                static let shared = DcAccounts()
                var selected = 0
                func save() { UserDefaults.shared.set(selected, forKey: "selected") }
            }
            """
        ])
        #expect(report.graph.edges.contains(.init(from: "UserDefaults", to: "DcAccounts", kind: .weakReference)))
        #expect(report.graph.cycles.isEmpty)
    }

    @Test("a strong back-reference is a two-type cycle, reported once")
    func strongBackReference() async throws {
        let report = try await audit([
            "Pair.swift": """
            final class Parent { let child: Child; init(child: Child) { self.child = child } }
            final class Child { var parent: Parent?; init(parent: Parent) { self.parent = parent } }
            """
        ])
        #expect(report.graph.cycles == [["Child", "Parent", "Child"]])
        #expect(report.metrics.cycles == 1)
        #expect(report.findings(.dependencyCycle).map(\.message) == ["Dependency cycle: Child → Parent → Child"])
        #expect(try GraphExporter.render(report.graph, as: .json).contains("\"inCycle\" : true"))
    }

    /// `count` singletons, each reaching every other one.
    static func completeSingletons(_ count: Int) -> [String: String] {
        let names = (0..<count).map { "S\($0)" }
        let body = names.map { name in
            let uses = names.filter { $0 != name }.map { "_ = \($0).shared" }.joined(separator: "; ")
            return "final class \(name) { static let shared = \(name)(); func f() { \(uses) } }"
        }
        return ["Singletons.swift": body.joined(separator: "\n")]
    }

    @Test("a dense component: one finding naming its types, one per two-type cycle, the metric counts the component")
    func denseComponentFindings() async throws {
        let report = try await audit(Self.completeSingletons(4))
        let findings = report.findings(.dependencyCycle)
        #expect(report.metrics.cycles == 1)
        #expect(findings.count == 6 + 1)
        #expect(findings.filter { $0.message.hasPrefix("Dependency cycle: ") }.count == 6)
        #expect(
            findings.contains { $0.message == "Dependency cycle among 4 types (S0, S1, S2, S3), e.g. S0 → S1 → S0" })
        #expect(report.graph.cycles.count == 6 + 8 + 6)
    }

    @Test("a component with more than 1,000 longer cycles says how many are left out")
    func capMessage() async throws {
        let report = try await audit(Self.completeSingletons(7))
        let component = try #require(
            report.findings(.dependencyCycle).first { $0.message.hasPrefix("Dependency cycle among") })
        // K7: 21 two-type cycles and 2,344 longer ones; 21 + 1,000 are listed.
        #expect(
            component.message
                == "Dependency cycle among 7 types (S0, S1, S2, S3, S4, S5, S6), e.g. S0 → S1 → S0; "
                + "2365 elementary cycles, 1021 listed in the graph, 1344 left out")
        #expect(report.graph.components.first?.omittedCycles == 1344)
        #expect(report.graph.cycles.count == 1021)
    }
}
