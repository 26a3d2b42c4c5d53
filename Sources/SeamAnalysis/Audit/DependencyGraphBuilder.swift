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
        // Accesses come file by file, so the same type reaching the same singleton comes in runs: only the
        // first of a run is hashed.
        var previous: (from: String, to: String, provided: String?)?
        for access in analysis.accesses {
            guard let from = access.enclosingType else { continue }
            if let previous, previous.from == from, previous.to == access.singletonType,
                previous.provided == access.providedType
            {
                continue
            }
            previous = (from, access.singletonType, access.providedType)
            guard codebase.types[from]?.isInTestFile != true else { continue }
            if access.singletonType != from { edges.insert(.init(from: from, to: access.singletonType, kind: .singletonAccess)) }
            if let provided = access.providedType, provided != from {
                edges.insert(.init(from: from, to: provided, kind: .singletonAccess))
            }
        }
        for (owner, dependencies) in analysis.injections {
            for dependency in dependencies {
                for to in analysis.targets(of: dependency.typeName, in: codebase) where to != owner {
                    edges.insert(.init(from: owner, to: to, kind: .injection))
                }
            }
        }
        // Sorted source by source: many short sorts compare far fewer names than one sort of every edge.
        let outgoing = Dictionary(grouping: edges, by: \.from)
        let sortedEdges = outgoing.keys.sorted().flatMap { from in
            (outgoing[from] ?? []).sorted { ($0.to, $0.kind.rawValue) < ($1.to, $1.kind.rawValue) }
        }
        let singletons = Set(analysis.declarations.map(\.typeName))
        var names = singletons.union(outgoing.keys)
        for edge in sortedEdges { names.insert(edge.to) }
        let nodes = names.sorted().map { name in
            let type = codebase.types[name]
            return DependencyGraph.Node(
                name: name, role: type?.role ?? .other, isSingleton: singletons.contains(name), location: type?.location)
        }
        return DependencyGraph(nodes: nodes, edges: sortedEdges, cycles: cycles(in: sortedEdges))
    }

    /// Every elementary cycle: for each node in name order, the cycles whose smallest node it is, found by a
    /// depth-first search in name order. Johnson's blocking (1975) keeps the search from walking again into
    /// nodes that cannot lead back to the start, so the work grows with the cycles found, not with the paths
    /// tried; the cycles and their order are those of the plain search.
    static func cycles(in edges: [DependencyGraph.Edge]) -> [[String]] {
        var adjacency: [String: [String]] = [:]
        for edge in edges where edge.from != edge.to {
            if adjacency[edge.from]?.last != edge.to { adjacency[edge.from, default: []].append(edge.to) }
        }
        for key in adjacency.keys { adjacency[key] = Array(Set(adjacency[key] ?? [])).sorted() }
        let component = stronglyConnectedComponents(adjacency)
        // Nodes on cycles, numbered in name order: "smallest" and "in name order" become integer order.
        let names = component.keys.sorted()
        let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let components = names.map { component[$0] ?? -1 }
        let successors = names.map { name in (adjacency[name] ?? []).compactMap { number[$0] } }

        var result: [[String]] = []
        var path: [Int] = []
        var blocked = [Bool](repeating: false, count: names.count)
        var blockedBy = [[Int]](repeating: [], count: names.count)
        func unblock(_ node: Int) {
            var pending = [node]
            while let current = pending.popLast() {
                guard blocked[current] else { continue }
                blocked[current] = false
                pending += blockedBy[current]
                blockedBy[current].removeAll()
            }
        }
        for start in names.indices {
            guard result.count < cycleLimit else { break }
            let startComponent = components[start]
            func isCandidate(_ node: Int) -> Bool { node >= start && components[node] == startComponent }
            /// Whether a cycle through `node` back to `start` was found.
            func circuit(_ node: Int) -> Bool {
                guard result.count < cycleLimit else { return false }
                var found = false
                path.append(node)
                blocked[node] = true
                for next in successors[node] where isCandidate(next) {
                    if next == start {
                        result.append((path + [start]).map { names[$0] })
                        found = true
                    } else if !blocked[next], circuit(next) {
                        found = true
                    }
                }
                if found {
                    unblock(node)
                } else {
                    for next in successors[node] where isCandidate(next) && !blockedBy[next].contains(node) {
                        blockedBy[next].append(node)
                    }
                }
                path.removeLast()
                return found
            }
            for node in start..<names.count where isCandidate(node) {
                blocked[node] = false
                blockedBy[node].removeAll()
            }
            _ = circuit(start)
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
