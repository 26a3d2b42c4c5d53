/// A container's dependency graph as discovered by ``Container/verify(fileID:line:)``: every key with its lifetime,
/// scope and isolation, and who resolves whom. Exports as DOT, Mermaid and JSON.
///
/// ```swift
/// let graph = await container.verify().graph
/// try graph.dot().write(to: url)          // render with `dot -Tsvg`
/// ```
public struct DependencyGraph: Hashable, Sendable {
    /// One dependency.
    public struct Node: Hashable, Sendable {
        /// The key's name.
        public let name: String
        /// The value type's name.
        public let valueType: String
        /// The key's lifetime (its scope, for ``Lifetime/scoped(_:)``).
        public let lifetime: Lifetime
        /// How the key's factory is isolated.
        public let isolation: DependencyIsolation
        /// Whether the container declares it (as opposed to being discovered as someone's dependency).
        public let isRegistered: Bool

        /// Creates a node.
        public init(
            name: String, valueType: String, lifetime: Lifetime, isolation: DependencyIsolation, isRegistered: Bool
        ) {
            self.name = name
            self.valueType = valueType
            self.lifetime = lifetime
            self.isolation = isolation
            self.isRegistered = isRegistered
        }
    }

    /// `from`'s factory resolves `to`.
    public struct Edge: Hashable, Sendable {
        /// The dependent key's name.
        public let from: String
        /// The dependency's name.
        public let to: String
        /// Whether `from` outlives `to` while holding it (a captive dependency).
        public let isCaptive: Bool

        /// Creates an edge.
        public init(from: String, to: String, isCaptive: Bool) {
            self.from = from
            self.to = to
            self.isCaptive = isCaptive
        }
    }

    /// The container's name.
    public let container: String
    /// The nodes, registrations first.
    public let nodes: [Node]
    /// The edges, in discovery order.
    public let edges: [Edge]

    /// The graph in Graphviz DOT. Captive edges are red and dashed; main-actor nodes are blue,
    /// `async` ones green.
    public func dot() -> String {
        var lines = [
            "digraph \(dotQuoted(container)) {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];",
        ]
        for node in nodes {
            let color =
                switch node.isolation {
                case .nonisolated: "black"
                case .mainActor: "blue"
                case .async: "darkgreen"
                }
            let label = "\(node.name)\\n\(node.valueType)\\n\(node.lifetime) · \(node.isolation)"
            let style = node.isRegistered ? "solid" : "dashed"
            lines.append(
                "  \(dotQuoted(node.name)) [label=\(dotQuoted(label, escapingNewlines: false)), color=\(color), style=\(style)];"
            )
        }
        for edge in edges {
            let attributes = edge.isCaptive ? " [color=red, style=dashed, label=\"captive\"]" : ""
            lines.append("  \(dotQuoted(edge.from)) -> \(dotQuoted(edge.to))\(attributes);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart. Captive edges are dotted and labelled.
    public func mermaid() -> String {
        var ids: [String: String] = [:]
        for (index, node) in nodes.enumerated() { ids[node.name] = "n\(index)" }
        var lines = ["flowchart LR"]
        for node in nodes {
            let label = "\(node.name)<br/>\(node.valueType)<br/>\(node.lifetime) · \(node.isolation)"
            lines.append("  \(ids[node.name]!)[\"\(mermaidEscaped(label))\"]")
        }
        for edge in edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            lines.append(edge.isCaptive ? "  \(from) -. captive .-> \(to)" : "  \(from) --> \(to)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as JSON: `{"container", "nodes": [{name, valueType, lifetime, scope, isolation,
    /// registered}], "edges": [{from, to, captive}]}`.
    public func json() -> String {
        let nodeObjects = nodes.map { node in
            var scope = "null"
            var lifetime = node.lifetime.description
            if case .scoped(let s) = node.lifetime {
                scope = jsonQuoted(s.name)
                lifetime = "scoped"
            }
            return "{\"name\":\(jsonQuoted(node.name)),\"valueType\":\(jsonQuoted(node.valueType)),"
                + "\"lifetime\":\(jsonQuoted(lifetime)),\"scope\":\(scope),"
                + "\"isolation\":\(jsonQuoted(node.isolation.rawValue)),\"registered\":\(node.isRegistered)}"
        }
        let edgeObjects = edges.map { edge in
            "{\"from\":\(jsonQuoted(edge.from)),\"to\":\(jsonQuoted(edge.to)),\"captive\":\(edge.isCaptive)}"
        }
        return "{\"container\":\(jsonQuoted(container)),\"nodes\":[\(nodeObjects.joined(separator: ","))],"
            + "\"edges\":[\(edgeObjects.joined(separator: ","))]}"
    }
}

extension DependencyGraph {
    /// This graph with every edge on the path of a captive marked captive: the holder's edge to the
    /// dependency, or the edges from the holder through the unique instances to it.
    func markingCaptives(_ captives: [VerificationReport.Captive]) -> DependencyGraph {
        var captiveEdges: Set<[String]> = []
        for captive in captives {
            let path = [captive.holder] + captive.through + [captive.dependency]
            for index in path.indices.dropLast() { captiveEdges.insert([path[index], path[index + 1]]) }
        }
        let marked = edges.map { edge in
            captiveEdges.contains([edge.from, edge.to]) && !edge.isCaptive
                ? Edge(from: edge.from, to: edge.to, isCaptive: true) : edge
        }
        return DependencyGraph(container: container, nodes: nodes, edges: marked)
    }

    /// The captive dependencies on this graph: every stored holder (singleton, cached, weak, scoped)
    /// holding, directly or through unique instances made for it, an instance whose lifetime can end
    /// while the holder lives (``Lifetime`` explains the rule). Holders in node order.
    func captives() -> [VerificationReport.Captive] {
        let lifetimes = Dictionary(nodes.map { ($0.name, $0.lifetime) }, uniquingKeysWith: { first, _ in first })
        var children: [String: [String]] = [:]
        for edge in edges { children[edge.from, default: []].append(edge.to) }
        var captives: [VerificationReport.Captive] = []
        for holder in nodes where holder.lifetime.isStored {
            var visited: Set<String> = [holder.name]
            var stack: [(name: String, through: [String])] = [(holder.name, [])]
            while let (name, through) = stack.popLast() {
                for child in (children[name] ?? []).reversed() where visited.insert(child).inserted {
                    guard let lifetime = lifetimes[child] else { continue }
                    if lifetime.isCaptive(heldBy: holder.lifetime) {
                        captives.append(
                            .init(
                                holder: holder.name, holderLifetime: holder.lifetime,
                                dependency: child, dependencyLifetime: lifetime, through: through
                            ))
                    } else if lifetime == .unique {
                        // Made for the holder and kept by it: what it holds, the holder holds.
                        stack.append((child, through + [child]))
                    }
                }
            }
        }
        return captives
    }
}

private func dotQuoted(_ text: String, escapingNewlines: Bool = true) -> String {
    var escaped = text.replacingOccurrences(of: "\\", with: escapingNewlines ? "\\\\" : "\\")
    escaped = escaped.replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\""
}

private func mermaidEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "#quot;")
}

private func jsonQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case let c where c.value < 0x20:
            result +=
                "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count) + String(c.value, radix: 16)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
