import Foundation
import Testing
@testable import SeamAnalysis

@Suite("Graph export")
struct GraphExporterTests {
    private let graph = ReportFixtures.graph

    @Test func dotHighlightsCyclesAndDashesInjection() throws {
        let dot = try GraphExporter.render(graph, as: .dot)
        #expect(dot.hasPrefix("digraph seam {\n  rankdir=LR;\n"))
        #expect(dot.contains("  \"AuthManager\" -> \"DataStore\" [style=solid, color=red, penwidth=2];"))
        #expect(dot.contains("  \"DataStore\" -> \"AuthManager\" [style=solid, color=red, penwidth=2];"))
        #expect(dot.contains("  \"SpotDetailViewModel\" -> \"DataStore\" [style=dashed];"))
        #expect(dot.contains("  \"SpotDetailViewModel\" -> \"DataStore\" [style=solid];"))
        #expect(dot.contains("\"AuthManager\" [label=\"AuthManager\\nservice\", style=filled"))
        #expect(dot.hasSuffix("}\n"))
    }

    @Test func dotEscapesQuotes() throws {
        let odd = DependencyGraph(nodes: [.init(name: "A\"B", role: .other, isSingleton: false)])
        #expect(try GraphExporter.render(odd, as: .dot).contains("\"A\\\"B\" [label=\"A\\\"B\\nother\"];"))
    }

    @Test func mermaidStylesTheLinksOnACycle() throws {
        let mermaid = try GraphExporter.render(graph, as: .mermaid)
        let expected = """
            flowchart LR
              n0["AuthManager (service, singleton)"]
              n1["DataStore (service, singleton)"]
              n2["SpotDetailViewModel (view-model)"]
              n0 -->|shared| n1
              n1 -->|shared| n0
              n2 -.->|injects| n1
              n2 -->|shared| n1
              classDef singleton fill:#fde2c8,stroke:#c77b30
              class n0,n1 singleton
              linkStyle 0,1 stroke:#d00,stroke-width:3px

            """
        #expect(mermaid == expected)
    }

    @Test func edgeEndsMissingFromNodesStillGetANode() throws {
        let partial = DependencyGraph(edges: [.init(from: "Screen", to: "Cache<Image>", kind: .singletonAccess)])
        let mermaid = try GraphExporter.render(partial, as: .mermaid)
        #expect(mermaid.contains("n0[\"Cache#lt;Image#gt; (other)\"]"))
        #expect(mermaid.contains("n1 -->|shared| n0"))
    }

    @Test func jsonFlagsCycleEdges() throws {
        let text = try GraphExporter.render(graph, as: .json)
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        let body = try #require(object["graph"] as? [String: Any])
        #expect(body["cycles"] as? [[String]] == [["AuthManager", "DataStore", "AuthManager"]])
        let edges = try #require(body["edges"] as? [[String: Any]])
        #expect(edges.map { $0["inCycle"] as? Bool } == [true, true, false, false])
        #expect(
            edges.map { $0["kind"] as? String } == [
                "singleton-access", "singleton-access", "injection", "singleton-access",
            ])
    }
}
