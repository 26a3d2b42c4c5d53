import Testing
@testable import SeamAnalysis

@Suite("Layered graph layout")
struct LayeredLayoutTests {
    /// A reproducible graph of `count` nodes of varied widths: mostly forward edges, some back edges (cycles),
    /// a few duplicates and self-loops.
    private func randomGraph(count: Int, edges edgeCount: Int, seed: UInt64) -> (
        [LayeredLayout.Size], [(from: Int, to: Int)]
    ) {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let sizes = (0..<count).map { _ in LayeredLayout.Size(width: Double(60 + next(160)), height: 40) }
        var edges: [(from: Int, to: Int)] = []
        for _ in 0..<edgeCount {
            let from = next(count), span = 1 + next(12)
            let to = next(10) == 0 ? max(0, from - span) : min(count - 1, from + span)
            edges.append((from, to))
        }
        return (sizes, edges)
    }

    @Test func noTwoNodesOverlapInALargeGraph() {
        let (sizes, edges) = randomGraph(count: 260, edges: 520, seed: 7)
        let result = LayeredLayout().layout(sizes: sizes, edges: edges)
        #expect(result.nodes.count == 260)
        var overlaps: [String] = []
        for first in result.nodes.indices {
            for second in result.nodes.indices
            where second > first && result.nodes[first].overlaps(result.nodes[second]) {
                overlaps.append("\(first)/\(second)")
            }
        }
        #expect(overlaps.isEmpty, "overlapping: \(overlaps.prefix(10))")
        for (index, box) in result.nodes.enumerated() {
            #expect(box.width == sizes[index].width && box.height == sizes[index].height)
            #expect(box.x >= 0 && box.y >= 0 && box.maxX <= result.width && box.maxY <= result.height)
        }
    }

    @Test func everyEdgeIsRoutedFromTheSideOfItsSourceToTheSideOfItsTarget() {
        let (sizes, edges) = randomGraph(count: 120, edges: 300, seed: 11)
        let result = LayeredLayout().layout(sizes: sizes, edges: edges)
        #expect(result.edges.count == edges.count)
        for (index, edge) in edges.enumerated() {
            let route = result.edges[index]
            guard edge.from != edge.to else {
                #expect(route.isEmpty)
                continue
            }
            let from = result.nodes[edge.from], to = result.nodes[edge.to]
            guard let first = route.first, let last = route.last, route.count >= 2 else {
                Issue.record("edge \(index) \(edge) has no route")
                continue
            }
            let reversed = result.reversedEdges.contains(index)
            #expect(first.x == (reversed ? from.x : from.maxX) && first.y == from.midY, "edge \(index)")
            #expect(last.x == (reversed ? to.maxX : to.x) && last.y == to.midY, "edge \(index)")
            // Forward edges go right by at least one layer, reversed ones left.
            #expect(
                reversed
                    ? result.layers[edge.from] > result.layers[edge.to]
                    : result.layers[edge.from] < result.layers[edge.to])
        }
    }

    @Test func theSameGraphGivesTheSameLayout() {
        let (sizes, edges) = randomGraph(count: 150, edges: 330, seed: 3)
        #expect(
            LayeredLayout().layout(sizes: sizes, edges: edges) == LayeredLayout().layout(sizes: sizes, edges: edges))
    }

    @Test func aCycleIsBrokenByReversingOneEdge() {
        let sizes = Array(repeating: LayeredLayout.Size(width: 50, height: 30), count: 3)
        let result = LayeredLayout().layout(sizes: sizes, edges: [(0, 1), (1, 2), (2, 0)])
        #expect(result.reversedEdges == [2])
        #expect(result.layers == [0, 1, 2])
    }

    @Test func crossingsThatOrderingCanRemoveAreRemoved() {
        // 0 → 3 and 1 → 2 cross when each layer keeps its input order; the sweeps uncross them.
        let sizes = Array(repeating: LayeredLayout.Size(width: 50, height: 30), count: 6)
        let edges: [(from: Int, to: Int)] = [(0, 3), (1, 2), (0, 4), (1, 5), (2, 4)]
        let result = LayeredLayout().layout(sizes: sizes, edges: edges)
        #expect(result.crossings == 0)
        #expect(result.nodes[3].y < result.nodes[2].y)
    }

    @Test func aLongEdgePassesBesideTheNodesOfTheLayersItCrosses() {
        // 0 → 1 → 2 → 3 and a long 0 → 3: the long edge's route stays clear of nodes 1 and 2.
        let sizes = Array(repeating: LayeredLayout.Size(width: 80, height: 40), count: 4)
        let result = LayeredLayout().layout(sizes: sizes, edges: [(0, 1), (1, 2), (2, 3), (0, 3)])
        let route = result.edges[3]
        #expect(route.count == 6)  // out of 0, across two columns, into 3
        for middle in [1, 2] {
            let box = result.nodes[middle]
            for point in route where point.x >= box.x && point.x <= box.maxX {
                #expect(point.y < box.y || point.y > box.maxY)
            }
        }
    }

    @Test func anEmptyGraphHasNothingToPlace() {
        let result = LayeredLayout().layout(sizes: [], edges: [])
        #expect(result.nodes.isEmpty && result.width == 0)
    }
}
