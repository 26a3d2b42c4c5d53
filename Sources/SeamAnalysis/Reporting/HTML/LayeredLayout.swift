/// Lays out a directed graph in layers from left to right, as Sugiyama, Tagawa and Toda described: break the
/// cycles, give each node a layer, order each layer to cut crossings, then place the nodes.
///
/// 1. **Cycle removal**: a depth-first search (nodes in index order) reverses each edge that closes a cycle.
/// 2. **Layering**: longest path from the sources; a source is then pulled right, next to the nearest node it
///    points to, so its edges stay short. Edges spanning several layers get a dummy node in each layer between.
/// 3. **Crossing reduction**: sweeps down and up the layers, each node sorted by the barycentre of its
///    neighbours in the layer before (ties kept in their order); the ordering with the fewest crossings
///    (counted exactly, by inversions) wins.
/// 4. **Coordinates**: each layer is a column as wide as its widest node; within a column, nodes are pulled
///    towards their neighbours' centres by least squares under the constraint that they keep their order and
///    their gaps (pool-adjacent-violators), so nodes never overlap.
///
/// Why our own: none of the libraries the package may use lays out graphs (Graphviz is a C program a user may
/// not have, and a JavaScript library would make the report depend on one), and the layout must be
/// deterministic and testable: the same graph gives the same coordinates on every run and platform (no
/// hashing order, no randomness), so a report diffs cleanly and a test can check that nodes never overlap and
/// every edge is drawn.
///
/// ```swift
/// let result = LayeredLayout().layout(sizes: [.init(width: 80, height: 30), .init(width: 60, height: 30)], edges: [(0, 1)])
/// print(result.nodes[1].x > result.nodes[0].maxX) // true: the edge points right
/// ```
public struct LayeredLayout: Sendable {
    /// A node's size.
    public struct Size: Sendable, Hashable {
        /// Width, in points.
        public var width: Double
        /// Height, in points.
        public var height: Double

        /// Creates a size.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// A point.
    public struct Point: Sendable, Hashable {
        /// Horizontal coordinate, growing right.
        public var x: Double
        /// Vertical coordinate, growing down.
        public var y: Double

        /// Creates a point.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A node's placed box.
    public struct Rect: Sendable, Hashable {
        /// Left edge.
        public var x: Double
        /// Top edge.
        public var y: Double
        /// Width.
        public var width: Double
        /// Height.
        public var height: Double

        /// Creates a box.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// Right edge.
        public var maxX: Double { x + width }
        /// Bottom edge.
        public var maxY: Double { y + height }
        /// Vertical centre.
        public var midY: Double { y + height / 2 }

        /// Whether the two boxes share any area (touching edges do not count).
        public func overlaps(_ other: Rect) -> Bool {
            x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
        }
    }

    /// The placed graph.
    public struct Result: Sendable, Hashable {
        /// Each input node's box, in input order.
        public var nodes: [Rect]
        /// Each input node's layer (0 is leftmost).
        public var layers: [Int]
        /// Each input edge's route, in input order: a polyline from the side of `from` to the side of `to`
        /// (through the dummy nodes of a long edge); empty for an edge from a node to itself.
        public var edges: [[Point]]
        /// Input edges drawn against the flow (right to left) because they close a cycle.
        public var reversedEdges: Set<Int>
        /// Edge crossings between adjacent layers in the chosen ordering (dummy segments included).
        public var crossings: Int
        /// The drawing's width, margins included.
        public var width: Double
        /// The drawing's height, margins included.
        public var height: Double
    }

    /// Horizontal space between two columns.
    public var layerGap: Double = 80
    /// Vertical space between two nodes in a column.
    public var nodeGap: Double = 18
    /// Space around the drawing.
    public var margin: Double = 16
    /// Down-and-up sweeps of crossing reduction.
    public var sweeps: Int = 12

    /// Creates a layout with the default spacing.
    public init() {}

    /// Places `sizes.count` nodes and routes `edges` (indices into `sizes`; duplicates and self-loops allowed).
    public func layout(sizes: [Size], edges: [(from: Int, to: Int)]) -> Result {
        let count = sizes.count
        guard count > 0 else {
            return Result(
                nodes: [], layers: [], edges: edges.map { _ in [] }, reversedEdges: [], crossings: 0, width: 0,
                height: 0)
        }
        // Distinct edges between distinct nodes, in a stable order.
        var seen = Set<Pair>()
        var distinct: [Pair] = []
        for edge in edges where edge.from != edge.to && seen.insert(Pair(edge.from, edge.to)).inserted {
            distinct.append(Pair(edge.from, edge.to))
        }
        let acyclic = Self.removeCycles(count: count, edges: distinct)
        let layers = Self.layers(count: count, edges: acyclic)
        var graph = Self.withDummies(sizes: sizes, layers: layers, edges: acyclic)
        let crossings = orderLayers(&graph)
        let placed = place(graph)

        var routes: [[Point]] = []
        var reversed = Set<Int>()
        for (index, edge) in edges.enumerated() {
            guard edge.from != edge.to else {
                routes.append([])
                continue
            }
            if let chain = graph.chains[Pair(edge.from, edge.to)] {
                routes.append(route(chain, placed, graph))
            } else if let chain = graph.chains[Pair(edge.to, edge.from)] {
                routes.append(route(chain, placed, graph).reversed())
                reversed.insert(index)
            } else {
                routes.append([])
            }
        }
        return Result(
            nodes: Array(placed.boxes.prefix(count)), layers: layers, edges: routes, reversedEdges: reversed,
            crossings: crossings, width: placed.width, height: placed.height)
    }

    // MARK: Cycle removal and layering

    struct Pair: Hashable {
        var from: Int
        var to: Int
        init(_ from: Int, _ to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// The edges with every edge that closes a cycle in a depth-first search reversed (duplicates merged).
    static func removeCycles(count: Int, edges: [Pair]) -> [Pair] {
        var successors = Array(repeating: [Int](), count: count)
        for edge in edges { successors[edge.from].append(edge.to) }
        for index in successors.indices { successors[index].sort() }
        var state = Array(repeating: 0, count: count)  // 0 new, 1 on the stack, 2 done
        var backEdges = Set<Pair>()
        for start in 0..<count where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                if top.next < successors[top.node].count {
                    stack[stack.count - 1].next += 1
                    let target = successors[top.node][top.next]
                    switch state[target] {
                    case 0:
                        state[target] = 1
                        stack.append((target, 0))
                    case 1:
                        backEdges.insert(Pair(top.node, target))
                    default:
                        break
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        var seen = Set<Pair>()
        var result: [Pair] = []
        for edge in edges {
            let directed = backEdges.contains(edge) ? Pair(edge.to, edge.from) : edge
            if seen.insert(directed).inserted { result.append(directed) }
        }
        return result
    }

    /// Longest-path layers of an acyclic graph, sources pulled next to their nearest successor.
    static func layers(count: Int, edges: [Pair]) -> [Int] {
        var successors = Array(repeating: [Int](), count: count)
        var indegree = Array(repeating: 0, count: count)
        for edge in edges {
            successors[edge.from].append(edge.to)
            indegree[edge.to] += 1
        }
        // Kahn's order, smallest index first among the ready nodes.
        var ready = (0..<count).filter { indegree[$0] == 0 }.reversed().map { $0 }
        var remaining = indegree
        var order: [Int] = []
        while let node = ready.popLast() {
            order.append(node)
            var released: [Int] = []
            for target in successors[node] {
                remaining[target] -= 1
                if remaining[target] == 0 { released.append(target) }
            }
            ready = (ready + released).sorted(by: >)
        }
        var layer = Array(repeating: 0, count: count)
        for node in order {
            for target in successors[node] { layer[target] = max(layer[target], layer[node] + 1) }
        }
        for node in 0..<count where indegree[node] == 0 {
            if let nearest = successors[node].map({ layer[$0] }).min(), nearest - 1 > layer[node] {
                layer[node] = nearest - 1
            }
        }
        return layer
    }

    // MARK: Dummy nodes

    /// The graph with dummy nodes: every edge joins adjacent layers.
    struct Proper {
        var sizes: [Size]
        var layer: [Int]
        var isDummy: [Bool]
        /// Per layer, the nodes in order.
        var order: [[Int]]
        var predecessors: [[Int]]
        var successors: [[Int]]
        /// Each acyclic edge's nodes from its left end to its right end.
        var chains: [Pair: [Int]]
    }

    static func withDummies(sizes: [Size], layers: [Int], edges: [Pair]) -> Proper {
        var graph = Proper(
            sizes: sizes, layer: layers, isDummy: Array(repeating: false, count: sizes.count), order: [],
            predecessors: Array(repeating: [], count: sizes.count),
            successors: Array(repeating: [], count: sizes.count),
            chains: [:])
        for edge in edges {
            var chain = [edge.from]
            for layer in (layers[edge.from] + 1)..<max(layers[edge.from] + 1, layers[edge.to]) {
                let dummy = graph.sizes.count
                graph.sizes.append(Size(width: 0, height: 2))
                graph.layer.append(layer)
                graph.isDummy.append(true)
                graph.predecessors.append([])
                graph.successors.append([])
                chain.append(dummy)
            }
            chain.append(edge.to)
            for (left, right) in zip(chain, chain.dropFirst()) {
                graph.successors[left].append(right)
                graph.predecessors[right].append(left)
            }
            graph.chains[edge] = chain
        }
        let layerCount = (graph.layer.max() ?? 0) + 1
        graph.order = Array(repeating: [], count: layerCount)
        for node in graph.sizes.indices { graph.order[graph.layer[node]].append(node) }
        return graph
    }

    // MARK: Crossing reduction

    /// Orders each layer by barycentre sweeps, keeping the best ordering; returns its crossings.
    func orderLayers(_ graph: inout Proper) -> Int {
        var position = Array(repeating: 0, count: graph.sizes.count)
        func index() {
            for nodes in graph.order { for (slot, node) in nodes.enumerated() { position[node] = slot } }
        }
        index()
        var best = graph.order
        var bestCrossings = Self.crossings(graph, position)
        guard graph.order.count > 1, bestCrossings > 0 else { return bestCrossings }
        for _ in 0..<sweeps {
            for layer in 1..<graph.order.count { sort(&graph, layer: layer, by: graph.predecessors, &position) }
            for layer in stride(from: graph.order.count - 2, through: 0, by: -1) {
                sort(&graph, layer: layer, by: graph.successors, &position)
            }
            let crossings = Self.crossings(graph, position)
            if crossings < bestCrossings {
                bestCrossings = crossings
                best = graph.order
                if crossings == 0 { break }
            }
        }
        graph.order = best
        return bestCrossings
    }

    private func sort(_ graph: inout Proper, layer: Int, by neighbours: [[Int]], _ position: inout [Int]) {
        let keyed = graph.order[layer].map { node -> (node: Int, key: Double, slot: Int) in
            let around = neighbours[node]
            let key =
                around.isEmpty
                ? Double(position[node]) : Double(around.reduce(0) { $0 + position[$1] }) / Double(around.count)
            return (node, key, position[node])
        }
        graph.order[layer] = keyed.sorted { ($0.key, $0.slot) < ($1.key, $1.slot) }.map(\.node)
        for (slot, node) in graph.order[layer].enumerated() { position[node] = slot }
    }

    /// Crossings between every pair of adjacent layers: inversions among the segments sorted by their left end.
    static func crossings(_ graph: Proper, _ position: [Int]) -> Int {
        var total = 0
        for layer in 0..<max(0, graph.order.count - 1) {
            var segments: [(Int, Int)] = []
            for node in graph.order[layer] {
                for target in graph.successors[node] { segments.append((position[node], position[target])) }
            }
            segments.sort { $0 < $1 }
            // Fenwick tree over the right ends: count earlier segments ending strictly below this one's end.
            let size = graph.order[layer + 1].count
            var tree = Array(repeating: 0, count: size + 1)
            var seen = 0
            for (_, right) in segments {
                var index = right + 1
                var atMost = 0
                while index > 0 {
                    atMost += tree[index]
                    index -= index & -index
                }
                total += seen - atMost
                index = right + 1
                while index <= size {
                    tree[index] += 1
                    index += index & -index
                }
                seen += 1
            }
        }
        return total
    }

    // MARK: Coordinates

    struct Placed {
        var boxes: [Rect]
        var columns: [(x: Double, width: Double)]
        var width: Double
        var height: Double
    }

    func place(_ graph: Proper) -> Placed {
        var columns: [(x: Double, width: Double)] = []
        var x = margin
        for nodes in graph.order {
            let width = nodes.map { graph.sizes[$0].width }.max() ?? 0
            columns.append((x, width))
            x += width + layerGap
        }
        // Centres, stacked top to bottom to start with.
        var center = Array(repeating: 0.0, count: graph.sizes.count)
        for nodes in graph.order {
            var y = 0.0
            for (slot, node) in nodes.enumerated() {
                if slot > 0 { y += gap(graph, nodes[slot - 1], node) }
                center[node] = y
                y += graph.sizes[node].height
            }
            for node in nodes { center[node] -= y / 2 }
        }
        let rounds: [Bool?] = [true, false, true, false, true, false, nil, nil]  // down, up, then both ways
        for direction in rounds {
            let layerOrder =
                direction == false ? Array((0..<graph.order.count).reversed()) : Array(0..<graph.order.count)
            for layer in layerOrder {
                let nodes = graph.order[layer]
                let desired = nodes.map { node -> Double in
                    let around: [Int] =
                        switch direction {
                        case true?: graph.predecessors[node]
                        case false?: graph.successors[node]
                        case nil: graph.predecessors[node] + graph.successors[node]
                        }
                    return around.isEmpty ? center[node] : around.reduce(0) { $0 + center[$1] } / Double(around.count)
                }
                let placed = separated(desired: desired, nodes: nodes, graph)
                for (node, value) in zip(nodes, placed) { center[node] = value }
            }
        }
        let top = graph.sizes.indices.map { center[$0] - graph.sizes[$0].height / 2 }.min() ?? 0
        var boxes: [Rect] = []
        for node in graph.sizes.indices {
            let size = graph.sizes[node]
            let column = columns[graph.layer[node]]
            boxes.append(
                Rect(
                    x: column.x + (column.width - size.width) / 2, y: center[node] - size.height / 2 - top + margin,
                    width: size.width, height: size.height))
        }
        let height = (boxes.map(\.maxY).max() ?? 0) + margin
        let width = (columns.last.map { $0.x + $0.width } ?? 0) + margin
        return Placed(boxes: boxes, columns: columns, width: width, height: height)
    }

    /// The space between two neighbours in a column: less between edge routes than between boxes.
    private func gap(_ graph: Proper, _ above: Int, _ below: Int) -> Double {
        switch (graph.isDummy[above], graph.isDummy[below]) {
        case (true, true): nodeGap / 3
        case (false, false): nodeGap
        default: nodeGap / 2
        }
    }

    /// The centres closest (least squares) to `desired` that keep the nodes' order and gaps: with each centre
    /// written as its offset from the stacked position, the constraint is a non-decreasing sequence, which the
    /// pool-adjacent-violators algorithm fits exactly.
    private func separated(desired: [Double], nodes: [Int], _ graph: Proper) -> [Double] {
        var offsets = [0.0]
        for slot in nodes.indices.dropFirst() {
            let above = nodes[slot - 1], below = nodes[slot]
            offsets.append(
                offsets[slot - 1] + graph.sizes[above].height / 2 + gap(graph, above, below) + graph.sizes[below].height
                    / 2)
        }
        var blocks: [(sum: Double, count: Double, length: Int)] = []
        for (slot, value) in desired.enumerated() {
            blocks.append((value - offsets[slot], 1, 1))
            while blocks.count > 1,
                blocks[blocks.count - 2].sum / blocks[blocks.count - 2].count > blocks[blocks.count - 1].sum
                    / blocks[blocks.count - 1].count
            {
                let last = blocks.removeLast()
                blocks[blocks.count - 1].sum += last.sum
                blocks[blocks.count - 1].count += last.count
                blocks[blocks.count - 1].length += last.length
            }
        }
        var result: [Double] = []
        for block in blocks {
            let value = block.sum / block.count
            for _ in 0..<block.length { result.append(value + offsets[result.count]) }
        }
        return result
    }

    // MARK: Routes

    /// The polyline through a chain, left to right: out of the right side of its first node, straight across
    /// each dummy's column, into the left side of its last node.
    private func route(_ chain: [Int], _ placed: Placed, _ graph: Proper) -> [Point] {
        guard let first = chain.first, let last = chain.last else { return [] }
        let start = placed.boxes[first], end = placed.boxes[last]
        var points = [Point(x: start.maxX, y: start.midY)]
        for dummy in chain.dropFirst().dropLast() {
            let box = placed.boxes[dummy]
            let column = placed.columns[graph.layer[dummy]]
            points.append(Point(x: column.x, y: box.midY))
            points.append(Point(x: column.x + column.width, y: box.midY))
        }
        points.append(Point(x: end.x, y: end.midY))
        return points
    }
}
