/// Builds the `DependencyGraph`: an edge for each singleton reached (and each service reached through a
/// locator) and each dependency injected (a back-reference as a `.weakReference` edge); nodes are the types
/// on edges plus every singleton; components are the strongly connected components of the owning edges,
/// and cycles every two-type cycle plus, per component, the first `cycleLimit` longer elementary cycles.
///
/// Types in test files are left out. Self edges (a type using its own singleton) are not dependencies.
enum DependencyGraphBuilder {
    /// More elementary cycles of three types or more than this are not listed per component (a dense graph
    /// can have exponentially many); two-type cycles are always listed.
    static let cycleLimit = 1_000
    /// Elementary cycles counted per component before counting stops (`Component.isCountComplete` false).
    static let cycleCountLimit = 10_000

    static func build(codebase: Codebase, analysis: DependencyAnalysis) -> DependencyGraph {
        var edges: Set<DependencyGraph.Edge> = []
        // Accesses come file by file, so the same type reaching the same singleton the same way comes in runs: only
        // the first of a run is hashed.
        var previous: (from: String, to: String, provided: String?, kind: DependencyGraph.EdgeKind)?
        for access in analysis.accesses {
            // Debug-only code (AltTab's `#if DEBUG` `QAMenu.shared = QAMenu()`) ships no edge to any user.
            guard let from = access.enclosingType, !access.site.contains(.debugOnly) else { continue }
            // A read deferred into a provider closure owns nothing when the type is created; nor does the code of an
            // extension of a type the codebase does not declare (Delta Chat's `extension UserDefaults` reading
            // `DcAccounts.shared`), which can keep no stored instance; nor does a new instance resolved in a method,
            // made for the call (openedx's `Router.showSettings()` resolving the screen's `SettingsViewModel`).
            let isMadeForCall =
                access.makesNewInstance
                && access.site.isDisjoint(with: [.initializer, .propertyWrapper, .storedValue])
            let kind: DependencyGraph.EdgeKind =
                access.site.contains(.deferred) || isMadeForCall ? .weakReference : .singletonAccess
            if let previous, previous.from == from, previous.to == access.singletonType,
                previous.provided == access.providedType, previous.kind == kind
            {
                continue
            }
            previous = (from, access.singletonType, access.providedType, kind)
            let type = codebase.types[from]
            guard type?.isInTestFile != true else { continue }
            record(access, from: from, kind: type?.kind == .external ? .weakReference : kind, into: &edges)
        }
        for (owner, dependencies) in analysis.injections {
            for dependency in dependencies {
                for to in analysis.targets(of: dependency.typeName, in: codebase) where to != owner {
                    edges.insert(.init(from: owner, to: to, kind: dependency.isOwning ? .injection : .weakReference))
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
                name: name, role: type?.role ?? .other, isSingleton: singletons.contains(name), location: type?.location
            )
        }
        let found = cycles(in: sortedEdges)
        return DependencyGraph(nodes: nodes, edges: sortedEdges, cycles: found.cycles, components: found.components)
    }

    /// The edges of one access: to the singleton or container, and to the instance it provides.
    private static func record(
        _ access: SingletonAccess, from: String, kind: DependencyGraph.EdgeKind,
        into edges: inout Set<DependencyGraph.Edge>
    ) {
        // A static holding another type's instance (siskin's `VideoCallController.peerConnectionFactory`, a
        // locator's slot) is read off its holder as off a namespace: the holder is neither made nor kept, the
        // instance is (the `provided` edge below).
        let isHeldStatic = access.kind == .serviceLocator && access.locatorMember == access.propertyName
        if access.singletonType != from {
            edges.insert(.init(from: from, to: access.singletonType, kind: isHeldStatic ? .weakReference : kind))
        }
        if let provided = access.providedType, provided != from {
            edges.insert(.init(from: from, to: provided, kind: kind))
        }
    }

    /// The components and the listed cycles of the owning edges (`.weakReference` edges are left out).
    ///
    /// Cycles are enumerated for each node in name order, the cycles whose smallest node it is, by a
    /// depth-first search in name order. Johnson's blocking (1975) keeps the search from walking again into
    /// nodes that cannot lead back to the start, so the work grows with the cycles found, not with the paths
    /// tried; the search keeps its path on an explicit stack, so a long cycle cannot overflow the thread's
    /// stack. A component's enumeration stops after `countLimit` cycles; cycles of three types or more are
    /// listed up to `listLimit` per component. Two-type cycles are found from the edges directly, so every
    /// one is listed even in a component whose enumeration stopped: those the enumeration did not reach come
    /// after the enumerated ones, in name order.
    static func cycles(
        in edges: [DependencyGraph.Edge], listLimit: Int = cycleLimit, countLimit: Int = cycleCountLimit
    ) -> (cycles: [[String]], components: [DependencyGraph.Component]) {
        var adjacency: [String: [String]] = [:]
        for edge in edges where edge.from != edge.to && edge.kind != .weakReference {
            if adjacency[edge.from]?.last != edge.to { adjacency[edge.from, default: []].append(edge.to) }
        }
        for key in adjacency.keys { adjacency[key] = Array(Set(adjacency[key] ?? [])).sorted() }
        let component = stronglyConnectedComponents(adjacency)
        // Nodes on cycles, numbered in name order: "smallest" and "in name order" become integer order.
        let names = component.keys.sorted()
        let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let components = names.map { component[$0] ?? -1 }
        let successors = names.map { name in (adjacency[name] ?? []).compactMap { number[$0] } }
        let componentCount = (components.max() ?? -1) + 1

        // Every two-type cycle, in name order.
        var twoTypeCycles: [[Int]] = []
        for node in names.indices {
            for next in successors[node] where next > node && successors[next].contains(node) {
                twoTypeCycles.append([node, next, node])
            }
        }

        // Each component's nodes, in order.
        var members = [[Int]](repeating: [], count: componentCount)
        for node in names.indices { members[components[node]].append(node) }

        var result: [[Int]] = []
        var counted = [Int](repeating: 0, count: componentCount)
        var listed = [Int](repeating: 0, count: componentCount)
        var listedLonger = [Int](repeating: 0, count: componentCount)
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
            let startComponent = components[start]
            guard counted[startComponent] < countLimit else { continue }
            func isCandidate(_ node: Int) -> Bool { node >= start && components[node] == startComponent }
            for node in members[startComponent] where node >= start {
                blocked[node] = false
                blockedBy[node].removeAll()
            }
            // The depth-first search with an explicit stack (no recursion, however long the path): each frame
            // is a node of `path`, the index of its next successor, and whether a cycle through it was found.
            var frames: [(node: Int, next: Int, found: Bool)] = []
            func push(_ node: Int) {
                path.append(node)
                blocked[node] = true
                frames.append((node, 0, false))
            }
            push(start)
            while let frame = frames.last {
                let top = frames.count - 1
                let node = frame.node
                if frame.next < successors[node].count, counted[startComponent] < countLimit {
                    let next = successors[node][frame.next]
                    frames[top].next += 1
                    guard isCandidate(next) else { continue }
                    if next == start {
                        counted[startComponent] += 1
                        if path.count == 2 || listedLonger[startComponent] < listLimit {
                            result.append(path + [start])
                            listed[startComponent] += 1
                            if path.count > 2 { listedLonger[startComponent] += 1 }
                        }
                        frames[top].found = true
                    } else if !blocked[next] {
                        push(next)
                    }
                    continue
                }
                if frame.found {
                    unblock(node)
                } else {
                    for next in successors[node] where isCandidate(next) && !blockedBy[next].contains(node) {
                        blockedBy[next].append(node)
                    }
                }
                path.removeLast()
                frames.removeLast()
                if frame.found, !frames.isEmpty { frames[frames.count - 1].found = true }
            }
        }
        let complete = counted.map { $0 < countLimit }
        // Two-type cycles of components whose enumeration stopped before reaching them.
        let enumerated = Set(result.filter { $0.count == 3 })
        for cycle in twoTypeCycles where !enumerated.contains(cycle) {
            result.append(cycle)
            listed[components[cycle[0]]] += 1
            counted[components[cycle[0]]] += 1
        }

        let found = members.enumerated().map { index, nodes in
            DependencyGraph.Component(
                types: nodes.map { names[$0] },
                shortestCycle: shortestCycle(in: nodes, successors: successors, components: components).map {
                    names[$0]
                },
                cycleCount: counted[index], isCountComplete: complete[index], listedCycles: listed[index])
        }
        .sorted { $0.types[0] < $1.types[0] }
        return (result.map { $0.map { names[$0] } }, found)
    }

    /// Breadth-first searches from every node of a component are made while nodes × (nodes + edges) stays
    /// under this; a larger component gets a shortest cycle through its smallest node only.
    static let shortestCycleWork = 1_000_000

    /// A shortest cycle through the component of `nodes` (sorted), starting at the smallest node that lies on
    /// a shortest one: a breadth-first search from each node in order, neighbours in order (from the first
    /// node only past `shortestCycleWork`).
    private static func shortestCycle(in nodes: [Int], successors: [[Int]], components: [Int]) -> [Int] {
        guard let first = nodes.first else { return [] }
        let component = components[first]
        let edgeCount = nodes.reduce(0) { $0 + successors[$1].count }
        let starts = nodes.count * (nodes.count + edgeCount) <= shortestCycleWork ? nodes : [first]
        var best: [Int] = []
        for start in starts {
            if best.count == 3 { break }
            var parent: [Int: Int] = [start: start]
            var queue = [start]
            var head = 0
            var closing: Int?
            search: while head < queue.count {
                let node = queue[head]
                head += 1
                for next in successors[node] where components[next] == component {
                    if next == start {
                        closing = node
                        break search
                    }
                    if parent[next] == nil {
                        parent[next] = node
                        queue.append(next)
                    }
                }
            }
            guard var node = closing else { continue }
            var chain: [Int] = []
            while node != start, let previous = parent[node] {
                chain.append(node)
                node = previous
            }
            let cycle = [start] + chain.reversed() + [start]
            if best.isEmpty || cycle.count < best.count { best = cycle }
        }
        return best
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
