@testable import SeamAnalysis
import Testing

@Suite("cycle enumeration")
struct CycleEnumerationTests {
    /// The plain depth-first enumeration the builder must agree with: for each node in name order, every
    /// path back to it through larger nodes of its component, neighbours in name order; per component at
    /// most `countLimit` cycles counted and `listLimit` cycles of three types or more listed, then every
    /// two-type cycle not reached, in name order.
    static func plainCycles(
        _ edges: [DependencyGraph.Edge], listLimit: Int, countLimit: Int
    ) -> (cycles: [[String]], counted: [[String]: Int]) {
        var adjacency: [String: [String]] = [:]
        for edge in edges where edge.from != edge.to && edge.kind != .weakReference {
            adjacency[edge.from, default: []].append(edge.to)
        }
        for key in adjacency.keys { adjacency[key] = Array(Set(adjacency[key] ?? [])).sorted() }
        func reaches(_ from: String, _ to: String) -> Bool {
            var seen: Set<String> = [from]
            var pending = [from]
            while let node = pending.popLast() {
                for next in adjacency[node] ?? [] {
                    if next == to { return true }
                    if seen.insert(next).inserted { pending.append(next) }
                }
            }
            return false
        }
        func component(_ node: String) -> [String] {
            adjacency.keys.filter { $0 == node || (reaches(node, $0) && reaches($0, node)) }.sorted()
        }
        var result: [[String]] = []
        var counted: [[String]: Int] = [:]
        var listedLonger: [[String]: Int] = [:]
        for start in adjacency.keys.sorted() {
            let key = component(start)
            guard key.count > 1 else { continue }
            var path = [start]
            func search(_ node: String) {
                for next in adjacency[node] ?? [] where next >= start && reaches(next, start) && reaches(start, next) {
                    guard counted[key, default: 0] < countLimit else { return }
                    if next == start {
                        counted[key, default: 0] += 1
                        if path.count == 2 || listedLonger[key, default: 0] < listLimit {
                            result.append(path + [start])
                            if path.count > 2 { listedLonger[key, default: 0] += 1 }
                        }
                    } else if !path.contains(next) {
                        path.append(next)
                        search(next)
                        path.removeLast()
                    }
                }
            }
            search(start)
        }
        for from in adjacency.keys.sorted() {
            for to in adjacency[from] ?? [] where to > from && (adjacency[to] ?? []).contains(from) {
                if !result.contains([from, to, from]) {
                    result.append([from, to, from])
                    counted[component(from), default: 0] += 1
                }
            }
        }
        return (result, counted)
    }

    /// A deterministic pseudo-random graph of `nodes` nodes with about `density` of all edges.
    static func graph(seed: UInt64, nodes: Int, density: Double, prefix: String = "T") -> [DependencyGraph.Edge] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var edges: [DependencyGraph.Edge] = []
        for from in 0..<nodes {
            for to in 0..<nodes where next() < density {
                edges.append(.init(from: "\(prefix)\(from)", to: "\(prefix)\(to)", kind: .injection))
            }
        }
        return edges
    }

    /// Every edge in both directions among `count` nodes: n!/((n-k)!·k) elementary cycles of each length k.
    static func complete(_ count: Int, prefix: String) -> [DependencyGraph.Edge] {
        (0..<count).flatMap { from in
            (0..<count).filter { $0 != from }.map {
                DependencyGraph.Edge(from: "\(prefix)\(from)", to: "\(prefix)\($0)", kind: .injection)
            }
        }
    }

    static func twoTypeCycles(_ edges: [DependencyGraph.Edge]) -> Set<[String]> {
        let pairs = Set(edges.filter { $0.kind != .weakReference }.map { [$0.from, $0.to] })
        return Set(pairs.filter { $0[0] < $0[1] && pairs.contains([$0[1], $0[0]]) }.map { [$0[0], $0[1], $0[0]] })
    }

    @Test("cycles, their order and the counts match the plain search, on sparse and dense graphs", arguments: 0..<40)
    func matchesPlainSearch(seed: Int) {
        let nodes = 4 + seed % 9
        let density = [0.1, 0.2, 0.35, 0.6][seed % 4]
        let edges = Self.graph(seed: UInt64(seed), nodes: nodes, density: density)
        let found = DependencyGraphBuilder.cycles(in: edges, listLimit: 20, countLimit: 200)
        let plain = Self.plainCycles(edges, listLimit: 20, countLimit: 200)
        #expect(found.cycles == plain.cycles)
        #expect(Dictionary(uniqueKeysWithValues: found.components.map { ($0.types, $0.cycleCount) }) == plain.counted)
        for component in found.components {
            #expect(component.listedCycles == found.cycles.filter { component.types.contains($0[0]) }.count)
        }
    }

    @Test("a two-type cycle is listed even when another component has more than 1,000 cycles")
    func twoTypeCycleBeyondADenseComponent() {
        // A0…A7 (16,064 cycles) sorts before Z0 ↔ Z1: the old global cap of 1,000 never reached Z.
        let edges =
            Self.complete(8, prefix: "A") + [
                .init(from: "Z0", to: "Z1", kind: .injection), .init(from: "Z1", to: "Z0", kind: .injection),
            ]
        let found = DependencyGraphBuilder.cycles(in: edges)
        #expect(found.cycles.contains(["Z0", "Z1", "Z0"]))
        #expect(found.components.map(\.types) == [(0..<8).map { "A\($0)" }, ["Z0", "Z1"]])
        #expect(found.components.last?.cycleCount == 1)
        #expect(found.components.last?.isCountComplete == true)
    }

    @Test("a dense component: every two-type cycle, 1,000 longer ones, and the rest counted up to the limit")
    func denseComponent() throws {
        let edges = Self.graph(seed: 7, nodes: 12, density: 0.8)
        let found = DependencyGraphBuilder.cycles(in: edges)
        let twoType = Self.twoTypeCycles(edges)
        #expect(found.components.count == 1)
        let component = try #require(found.components.first)
        #expect(component.types == (0..<12).map { "T\($0)" }.sorted())
        #expect(component.isCountComplete == false)
        #expect(component.cycleCount >= DependencyGraphBuilder.cycleCountLimit)
        #expect(component.listedCycles == DependencyGraphBuilder.cycleLimit + twoType.count)
        #expect(Set(found.cycles.filter { $0.count == 3 }) == twoType)
        #expect(found.cycles.filter { $0.count > 3 }.count == DependencyGraphBuilder.cycleLimit)
        #expect(component.shortestCycle.count == 3)
        #expect(twoType.contains(component.shortestCycle))
    }

    @Test("two-type cycles a stopped enumeration did not reach are still listed, after the enumerated ones")
    func twoTypeCyclesAfterTheCountLimit() {
        let edges = Self.complete(6, prefix: "B")
        let found = DependencyGraphBuilder.cycles(in: edges, listLimit: 3, countLimit: 10)
        #expect(Set(found.cycles.filter { $0.count == 3 }) == Self.twoTypeCycles(edges))
        #expect(found.cycles.filter { $0.count > 3 }.count == 3)
        #expect(found.components.first?.isCountComplete == false)
        #expect(found.cycles == Self.plainCycles(edges, listLimit: 3, countLimit: 10).cycles)
    }

    @Test("the shortest cycle of a component without two-type cycles starts at its smallest name")
    func shortestCycle() {
        let edges: [DependencyGraph.Edge] = [
            ("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"), ("C", "E"), ("E", "F"), ("F", "C"),
        ].map { .init(from: $0.0, to: $0.1, kind: .injection) }
        let found = DependencyGraphBuilder.cycles(in: edges)
        #expect(found.components.map(\.types) == [["A", "B", "C", "D", "E", "F"]])
        #expect(found.components.first?.shortestCycle == ["C", "E", "F", "C"])
    }

    @Test("weak references close no cycle")
    func weakReferences() {
        let edges: [DependencyGraph.Edge] = [
            .init(from: "Parent", to: "Child", kind: .injection),
            .init(from: "Child", to: "Parent", kind: .weakReference),
        ]
        let found = DependencyGraphBuilder.cycles(in: edges)
        #expect(found.cycles.isEmpty)
        #expect(found.components.isEmpty)
        let graph = DependencyGraph(edges: edges, cycles: found.cycles, components: found.components)
        #expect(graph.cycleEdges.isEmpty)
    }

    @Test("a 1,000-type ring: one component and its one cycle, found without recursion")
    func longRing() {
        let count = 1_000
        let names = (0..<count).map { "R" + String(repeating: "0", count: 4 - String($0).count) + String($0) }
        let edges = names.indices.map {
            DependencyGraph.Edge(from: names[$0], to: names[($0 + 1) % count], kind: .injection)
        }
        let found = DependencyGraphBuilder.cycles(in: edges)
        #expect(found.cycles == [names + [names[0]]])
        #expect(found.components.count == 1)
        #expect(found.components.first?.types == names)
        #expect(found.components.first?.shortestCycle == names + [names[0]])
        #expect(found.components.first?.cycleCount == 1)
    }
}
