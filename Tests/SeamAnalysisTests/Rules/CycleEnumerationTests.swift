@testable import SeamAnalysis
import Testing

@Suite("cycle enumeration")
struct CycleEnumerationTests {
    /// The plain depth-first enumeration the builder must agree with: for each node in name order, every
    /// path back to it through larger nodes of its component, neighbours in name order.
    static func plainCycles(_ edges: [DependencyGraph.Edge], limit: Int) -> [[String]] {
        var adjacency: [String: [String]] = [:]
        for edge in edges where edge.from != edge.to { adjacency[edge.from, default: []].append(edge.to) }
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
        var result: [[String]] = []
        for start in adjacency.keys.sorted() {
            var path = [start]
            func search(_ node: String) {
                guard result.count < limit else { return }
                for next in adjacency[node] ?? [] where next >= start && reaches(next, start) && reaches(start, next) {
                    if next == start {
                        result.append(path + [start])
                    } else if !path.contains(next) {
                        path.append(next)
                        search(next)
                        path.removeLast()
                    }
                }
            }
            search(start)
        }
        return result
    }

    /// A deterministic pseudo-random graph of `nodes` nodes with about `density` of all edges.
    static func graph(seed: UInt64, nodes: Int, density: Double) -> [DependencyGraph.Edge] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var edges: [DependencyGraph.Edge] = []
        for from in 0..<nodes {
            for to in 0..<nodes where next() < density {
                edges.append(.init(from: "T\(from)", to: "T\(to)", kind: .injection))
            }
        }
        return edges
    }

    @Test("cycles and their order match the plain search, on sparse and dense graphs", arguments: 0..<40)
    func matchesPlainSearch(seed: Int) {
        let nodes = 4 + seed % 9
        let density = [0.1, 0.2, 0.35, 0.6][seed % 4]
        let edges = Self.graph(seed: UInt64(seed), nodes: nodes, density: density)
        let found = DependencyGraphBuilder.cycles(in: edges)
        #expect(found == Self.plainCycles(edges, limit: DependencyGraphBuilder.cycleLimit))
    }

    @Test("a dense graph stops at the limit with the same first cycles as the plain search")
    func denseGraphStopsAtTheLimit() {
        let edges = Self.graph(seed: 7, nodes: 12, density: 0.8)
        let found = DependencyGraphBuilder.cycles(in: edges)
        #expect(found.count >= DependencyGraphBuilder.cycleLimit)
        #expect(found == Self.plainCycles(edges, limit: DependencyGraphBuilder.cycleLimit))
    }
}
