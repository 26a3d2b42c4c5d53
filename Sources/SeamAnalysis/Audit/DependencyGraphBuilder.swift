/// Builds the `DependencyGraph`: an edge for each singleton reached (and each service reached through a
/// locator) and each dependency injected; nodes are the types on edges plus every singleton; cycles are
/// every elementary cycle, each rotated to start at its smallest name, in name order.
///
/// Types in test files are left out. Self edges (a type using its own singleton) are not dependencies.
enum DependencyGraphBuilder {
    /// More elementary cycles than this are not listed (a dense graph can have exponentially many).
    static let cycleLimit = 1_000

    static func build(codebase: Codebase, analysis: DependencyAnalysis) -> DependencyGraph {
        var edges: Set<DependencyGraph.Edge> = []
        for access in analysis.accesses {
            guard let from = access.enclosingType, codebase.types[from]?.isInTestFile != true else { continue }
            for to in [access.singletonType] + (access.providedType.map { [$0] } ?? []) where to != from {
                edges.insert(.init(from: from, to: to, kind: .singletonAccess))
            }
        }
        for (owner, dependencies) in analysis.injections {
            for dependency in dependencies {
                for to in analysis.targets(of: dependency.typeName, in: codebase) where to != owner {
                    edges.insert(.init(from: owner, to: to, kind: .injection))
                }
            }
        }
        let singletons = Set(analysis.declarations.map(\.typeName))
        let names = Set(edges.flatMap { [$0.from, $0.to] }).union(singletons)
        let nodes = names.sorted().map { name in
            let type = codebase.types[name]
            return DependencyGraph.Node(
                name: name, role: type?.role ?? .other, isSingleton: singletons.contains(name), location: type?.location)
        }
        let sortedEdges = edges.sorted { ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue) }
        return DependencyGraph(nodes: nodes, edges: sortedEdges, cycles: cycles(in: sortedEdges))
    }

    /// Every elementary cycle: for each node in name order, the cycles whose smallest node it is.
    static func cycles(in edges: [DependencyGraph.Edge]) -> [[String]] {
        var adjacency: [String: [String]] = [:]
        for edge in edges where edge.from != edge.to {
            if adjacency[edge.from]?.last != edge.to { adjacency[edge.from, default: []].append(edge.to) }
        }
        for key in adjacency.keys { adjacency[key] = Array(Set(adjacency[key] ?? [])).sorted() }
        let component = stronglyConnectedComponents(adjacency)
        var result: [[String]] = []
        for start in adjacency.keys.sorted() {
            guard let startComponent = component[start] else { continue }
            var path = [start]
            var onPath: Set<String> = [start]
            func search(_ node: String) {
                guard result.count < cycleLimit else { return }
                for next in adjacency[node] ?? [] where next >= start && component[next] == startComponent {
                    if next == start {
                        result.append(path + [start])
                    } else if !onPath.contains(next) {
                        path.append(next)
                        onPath.insert(next)
                        search(next)
                        onPath.remove(next)
                        path.removeLast()
                    }
                }
            }
            search(start)
        }
        return result
    }

    /// Tarjan's algorithm (iterative): node → component number, for nodes on at least one cycle only.
    private static func stronglyConnectedComponents(_ adjacency: [String: [String]]) -> [String: Int] {
        var indexOf: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var counter = 0
        var componentCount = 0
        var result: [String: Int] = [:]
        for root in adjacency.keys.sorted() where indexOf[root] == nil {
            var work: [(node: String, nextChild: Int)] = [(root, 0)]
            indexOf[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let (node, childIndex) = work.last {
                let children = adjacency[node] ?? []
                if childIndex < children.count {
                    work[work.count - 1].nextChild += 1
                    let child = children[childIndex]
                    if indexOf[child] == nil {
                        indexOf[child] = counter
                        lowLink[child] = counter
                        counter += 1
                        stack.append(child)
                        onStack.insert(child)
                        work.append((child, 0))
                    } else if onStack.contains(child) {
                        lowLink[node] = min(lowLink[node] ?? 0, indexOf[child] ?? 0)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node {
                    lowLink[parent] = min(lowLink[parent] ?? 0, lowLink[node] ?? 0)
                }
                if lowLink[node] == indexOf[node] {
                    var members: [String] = []
                    while let top = stack.popLast() {
                        onStack.remove(top)
                        members.append(top)
                        if top == node { break }
                    }
                    if members.count > 1 {
                        for member in members { result[member] = componentCount }
                        componentCount += 1
                    }
                }
            }
        }
        return result
    }
}
