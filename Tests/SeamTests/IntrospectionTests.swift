import Seam
import SeamTesting
import Testing

struct ConfigurationMissing: Error, CustomStringConvertible {
    var description: String { "API base URL is not configured" }
}

/// A short-lived auth token (cached: refreshed by resetCached()).
enum TokenKey: DependencyKey {
    static var lifetime: Lifetime { .cached }
    static func live(_ r: borrowing Resolver) throws -> String { "token" }
}

/// A singleton that captures the cached token: a captive dependency.
final class SpotsStore: Sendable {
    let token: String
    let api: any APIClient
    init(token: String, api: any APIClient) { self.token = token; self.api = api }
}
enum SpotsStoreKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> SpotsStore {
        SpotsStore(token: try r.resolve(TokenKey.self), api: try r.resolve(APIClientKey.self))
    }
}

/// A session-scoped user that reads the singleton API client (fine: longer-lived dependency).
enum CurrentUserKey: DependencyKey {
    static var lifetime: Lifetime { .scoped(.session) }
    static func live(_ r: borrowing Resolver) throws -> String {
        _ = try r.resolve(APIClientKey.self)
        return "ada"
    }
}

/// A factory that fails.
enum BrokenKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static func live(_ r: borrowing Resolver) throws -> String { throw ConfigurationMissing() }
}

@Suite("Introspection")
struct IntrospectionTests {
    static func appContainer() -> Container {
        Container(name: "App", context: .live) {
            APIClientKey.self
            TokenKey.self
            SpotsStoreKey.self
            CurrentUserKey.self
            RouterKey.self
            DatabaseKey.self
            Registration(SpotDetailKey.self, sampleArgument: "pipeline")
        }
    }

    @Test("verify() builds every registration and reports a captive dependency")
    func captive() async {
        let report = await Self.appContainer().verify()
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.captives.count == 1)
        let captive = report.captives.first
        #expect(captive?.holder == "SpotsStoreKey")
        #expect(captive?.holderLifetime == .singleton)
        #expect(captive?.dependency == "TokenKey")
        #expect(captive?.dependencyLifetime == .cached)
        #expect(report.description.contains("captive: SpotsStoreKey (singleton) holds TokenKey (cached)"))
        #expect(!report.isClean)
    }

    @Test("verify() reports each failure with its cause, cycles with their path")
    func failures() async {
        let container = Container(name: "Broken", context: .live) {
            BrokenKey.self
            CycleA.self
            APIClientKey.self
        }
        let report = await container.verify()
        #expect(report.failures.map(\.dependency) == ["BrokenKey", "CycleA"])
        #expect(report.failures[0].error.isFactoryFailure)
        #expect(
            report.failures[0].description == "BrokenKey: Factory of BrokenKey threw: API base URL is not configured")
        #expect(report.failures[1].error.description == "Dependency cycle: CycleA → CycleB → CycleC → CycleA")
    }

    @Test("verify() runs in a sandbox: the container's own storage stays empty")
    func sandbox() async throws {
        let container = Self.appContainer()
        _ = await container.verify()
        #expect(container.origin(of: SpotsStoreKey.self).hasInstance == false)
        let store = try container.resolve(SpotsStoreKey.self)
        #expect(container.origin(of: SpotsStoreKey.self).hasInstance)
        _ = await container.verify()
        #expect(try container.resolve(SpotsStoreKey.self) === store)
    }

    @Test("verify() lists parameterized keys registered without a sample as not built")
    func unbuilt() async {
        let report = await Container(context: .live) { SpotDetailKey.self }.verify()
        #expect(report.unbuilt == ["SpotDetailKey"])
        #expect(report.isClean)
    }

    @Test("the graph carries lifetimes, scopes and isolation, and exports as DOT")
    func dot() async {
        let graph = await Self.appContainer().verify().graph
        let node = graph.nodes.first { $0.name == "CurrentUserKey" }
        #expect(node?.lifetime == .scoped(.session))
        #expect(graph.nodes.first { $0.name == "RouterKey" }?.isolation == .mainActor)
        #expect(graph.nodes.first { $0.name == "DatabaseKey" }?.isolation == .async)
        #expect(graph.edges.contains(.init(from: "SpotsStoreKey", to: "TokenKey", isCaptive: true)))
        #expect(graph.edges.contains(.init(from: "CurrentUserKey", to: "APIClientKey", isCaptive: false)))
        let dot = graph.dot()
        #expect(dot.hasPrefix("digraph \"App\" {"))
        #expect(dot.contains("\"SpotsStoreKey\" -> \"TokenKey\" [color=red, style=dashed, label=\"captive\"];"))
        #expect(dot.contains("\"CurrentUserKey\" [label=\"CurrentUserKey\\nString\\nscoped(session) · nonisolated\""))
        #expect(dot.contains("\"RouterKey\" [label=\"RouterKey\\nRouter\\nsingleton · mainActor\", color=blue"))
    }

    @Test("the graph exports as Mermaid")
    func mermaid() async {
        let graph = await Self.appContainer().verify().graph
        let mermaid = graph.mermaid()
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        let ids = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.name, "n\($0)") })
        #expect(mermaid.contains("  \(ids["SpotsStoreKey"]!) -. captive .-> \(ids["TokenKey"]!)"))
        #expect(mermaid.contains("  \(ids["SpotsStoreKey"]!) --> \(ids["APIClientKey"]!)"))
        #expect(mermaid.contains("[\"DatabaseKey<br/>Database<br/>singleton · async\"]"))
    }

    @Test("the graph exports as JSON with scope and isolation fields")
    func json() async {
        let json = await Self.appContainer().verify().graph.json()
        #expect(json.hasPrefix("{\"container\":\"App\",\"nodes\":["))
        #expect(
            json.contains(
                "{\"name\":\"CurrentUserKey\",\"valueType\":\"String\",\"lifetime\":\"scoped\",\"scope\":\"session\","
                    + "\"isolation\":\"nonisolated\",\"registered\":true}"
            ))
        #expect(json.contains("{\"from\":\"SpotsStoreKey\",\"to\":\"TokenKey\",\"captive\":true}"))
        #expect(json.contains("{\"name\":\"APIClientKey\",\"valueType\":\"APIClient\",\"lifetime\":\"singleton\""))
    }

    @Test("origin(of:) tells live container instances from overrides in an isolated scope")
    func origin() throws {
        let container = Self.appContainer()
        let before = container.origin(of: SpotsStoreKey.self)
        #expect(before.source == .live)
        #expect(before.storage == .container("App"))
        #expect(!before.hasInstance)
        _ = try container.resolve(SpotsStoreKey.self)
        #expect(container.origin(of: SpotsStoreKey.self).hasInstance)

        let line = #line + 1
        try withOverrides {
            $0.factory(SpotsStoreKey.self) { _ in SpotsStore(token: "t", api: MockAPIClient()) }
        } operation: {
            _ = try container.resolve(SpotsStoreKey.self)
            let inside = container.origin(of: SpotsStoreKey.self)
            #expect(inside.source == .override(fileID: #fileID, line: line))
            #expect(inside.hasInstance)
            guard case .isolated(let label) = inside.storage else {
                Issue.record("expected isolated storage, got \(inside.storage)")
                return
            }
            #expect(label == "withOverrides at \(#fileID):\(line)")
            #expect(inside.description.contains("override at \(#fileID):\(line), singleton, live context"))
        }
    }

    @Test("origin(of:) in a test context names the test value, or its absence", .seamDependencies)
    func originInTest() {
        let container = Container(context: .live)
        #expect(container.origin(of: APIClientKey.self).source == .test)
        #expect(container.origin(of: APIClientKey.self).context == .test)
        #expect(container.origin(of: AnalyticsKey.self).source == nil)
        #expect(container.origin(of: AnalyticsKey.self).description.hasPrefix("AnalyticsKey: no test value"))
    }
}
