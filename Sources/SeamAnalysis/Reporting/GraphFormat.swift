/// An output format of `seam graph`.
public enum GraphFormat: String, CaseIterable, Sendable {
    /// Graphviz DOT (`dot -Tsvg`).
    case dot
    /// A Mermaid flowchart, rendered by GitHub in Markdown.
    case mermaid
    /// JSON: nodes, edges (with `inCycle`), the listed cycles and the components.
    case json
}

/// Writes a `DependencyGraph` as DOT, Mermaid or JSON. Edges on a cycle are highlighted (red and bold in
/// DOT and Mermaid, `"inCycle": true` in JSON); singleton access is a solid arrow, injection a dashed one,
/// a weak back-reference a dotted (DOT) or `weak`-labelled (Mermaid) one, never on a cycle.
///
/// ```swift
/// print(try GraphExporter.render(report.graph, as: .mermaid))
/// ```
public enum GraphExporter {
    /// The graph in `format`, ending with a newline.
    public static func render(_ graph: DependencyGraph, as format: GraphFormat) throws -> String {
        switch format {
        case .dot: dot(graph)
        case .mermaid: mermaid(graph)
        case .json: try JSONReporter.encode(Document(graph: GraphDocument(graph)))
        }
    }

    private struct Document: Encodable {
        let schemaVersion = AuditReport.schemaVersion
        let graph: GraphDocument
    }

    private static func sortedEdges(_ graph: DependencyGraph) -> [DependencyGraph.Edge] {
        graph.edges.sorted { ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue) }
    }

    /// Every node name, including edge ends missing from `nodes`, sorted.
    static func allNodes(_ graph: DependencyGraph) -> [DependencyGraph.Node] {
        var byName = Dictionary(graph.nodes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for edge in graph.edges {
            for name in [edge.from, edge.to] where byName[name] == nil {
                byName[name] = DependencyGraph.Node(name: name, role: .other, isSingleton: false)
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    static func dot(_ graph: DependencyGraph) -> String {
        let cycleEdges = graph.cycleEdges
        var lines = ["digraph seam {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for node in allNodes(graph) {
            var attributes = ["label=\(dotString("\(node.name)\n\(node.role.rawValue)"))"]
            if node.isSingleton { attributes.append("style=filled, fillcolor=\"#fde2c8\"") }
            lines.append("  \(dotString(node.name)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in sortedEdges(graph) {
            let style =
                switch edge.kind {
                case .singletonAccess: "style=solid"
                case .injection: "style=dashed"
                case .weakReference: "style=dotted"
                }
            var attributes = [style]
            if DependencyGraph.isOnCycle(edge, cycleEdges) {
                attributes.append("color=red, penwidth=2")
            }
            lines.append(
                "  \(dotString(edge.from)) -> \(dotString(edge.to)) [\(attributes.joined(separator: ", "))];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dotString(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }

    static func mermaid(_ graph: DependencyGraph) -> String {
        let cycleEdges = graph.cycleEdges
        let nodes = allNodes(graph)
        var identifiers: [String: String] = [:]
        for (index, node) in nodes.enumerated() { identifiers[node.name] = "n\(index)" }
        var lines = ["flowchart LR"]
        for node in nodes {
            let label = mermaidLabel("\(node.name) (\(node.role.rawValue)\(node.isSingleton ? ", singleton" : ""))")
            lines.append("  \(identifiers[node.name] ?? node.name)[\"\(label)\"]")
        }
        var cycleLinks: [Int] = []
        for (index, edge) in sortedEdges(graph).enumerated() {
            let arrow =
                switch edge.kind {
                case .singletonAccess: "-->|shared|"
                case .injection: "-.->|injects|"
                case .weakReference: "-.->|weak|"
                }
            lines.append("  \(identifiers[edge.from] ?? edge.from) \(arrow) \(identifiers[edge.to] ?? edge.to)")
            if DependencyGraph.isOnCycle(edge, cycleEdges) { cycleLinks.append(index) }
        }
        let singletons = nodes.filter(\.isSingleton).compactMap { identifiers[$0.name] }
        if !singletons.isEmpty {
            lines.append("  classDef singleton fill:#fde2c8,stroke:#c77b30")
            lines.append("  class \(singletons.joined(separator: ",")) singleton")
        }
        if !cycleLinks.isEmpty {
            lines.append(
                "  linkStyle \(cycleLinks.map(String.init).joined(separator: ",")) stroke:#d00,stroke-width:3px"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid labels are quoted; quotes and angle brackets become HTML entities.
    private static func mermaidLabel(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
            .replacingOccurrences(of: "<", with: "#lt;")
            .replacingOccurrences(of: ">", with: "#gt;")
    }
}
