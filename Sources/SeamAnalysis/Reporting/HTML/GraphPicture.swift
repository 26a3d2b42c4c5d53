/// The dependency graph as the HTML report draws it: one box per type, or, past a size, one box per target
/// (or folder) with the edges between them added up; laid out by `LayeredLayout` and written as SVG.
///
/// Every box carries its placed coordinates (`data-x`, `data-y`, `data-w`, `data-h`) and what a click on it
/// filters the findings by (`data-filter-key` is `type` or `group`, `data-filter` the value), so the page's
/// script and a test read the picture from the markup alone.
struct GraphPicture {
    /// One box.
    struct Node: Hashable {
        var label: String
        var detail: String
        var classes: [String]
        /// `type` (a type's own findings) or `group` (the findings in a target's or folder's files).
        var filterKey: String
        var filterValue: String
        var tooltip: String
    }

    /// One arrow (between groups: every edge of one kind from one group to another).
    struct Edge: Hashable {
        var from: Int
        var to: Int
        var kind: DependencyGraph.EdgeKind
        var onCycle: Bool
        /// The type edges it stands for (1 between types).
        var count: Int
    }

    /// How the findings and the boxes are grouped when the graph is drawn by group.
    enum Grouping: Hashable {
        case byTarget, byFolder
    }

    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []
    /// `nil` when each type has its own box.
    private(set) var grouping: Grouping?
    /// The file → target map grouping reads.
    private let targets: [String: String]

    /// The group of boxes and findings outside the audited code's files.
    static let outside = "(outside the audited code)"

    /// The picture of `graph`: by type up to `clusterThreshold` types, else by target (by folder when every type
    /// is in one target).
    init(graph: DependencyGraph, targets: [String: String], clusterThreshold: Int) {
        self.targets = targets
        let all = GraphExporter.allNodes(graph)
        let cycleEdges = graph.cycleEdges
        let cycleTypes = Set(graph.components.flatMap(\.types))
        guard all.count > clusterThreshold else {
            let index = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })
            nodes = all.map { node in
                var classes = ["role-\(node.role.rawValue)"]
                if node.isSingleton { classes.append("singleton") }
                if cycleTypes.contains(node.name) { classes.append("cycle") }
                let place = node.location.map { " · \($0.file):\($0.line)" } ?? ""
                return Node(
                    label: node.name, detail: node.role.rawValue + (node.isSingleton ? " · singleton" : ""),
                    classes: classes, filterKey: "type", filterValue: node.name,
                    tooltip: "\(node.name) (\(node.role.rawValue)\(node.isSingleton ? ", singleton" : ""))\(place)")
            }
            edges = graph.edges.sorted { ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue) }
                .compactMap { edge in
                    guard let from = index[edge.from], let to = index[edge.to] else { return nil }
                    return Edge(
                        from: from, to: to, kind: edge.kind, onCycle: DependencyGraph.isOnCycle(edge, cycleEdges),
                        count: 1)
                }
            return
        }
        let targetsUsed = Set(all.compactMap { $0.location.map { targets[$0.file] ?? Self.folder(of: $0.file) } })
        grouping = targetsUsed.count > 1 ? .byTarget : .byFolder
        var groupOf: [String: String] = [:]
        for node in all { groupOf[node.name] = node.location.map { group(ofFile: $0.file) } ?? Self.outside }
        let names = Set(groupOf.values).sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let members = Dictionary(grouping: all, by: { groupOf[$0.name] ?? Self.outside })
        nodes = names.map { name in
            let types = members[name] ?? []
            let singletons = types.filter(\.isSingleton).count
            var classes = ["group"]
            if singletons > 0 { classes.append("singleton") }
            if types.contains(where: { cycleTypes.contains($0.name) }) { classes.append("cycle") }
            let detail =
                RoadmapBuilder.count(types.count, "type")
                + (singletons > 0 ? " · " + RoadmapBuilder.count(singletons, "singleton") : "")
            return Node(
                label: name, detail: detail, classes: classes, filterKey: "group", filterValue: name,
                tooltip: "\(name): \(detail)")
        }
        var merged: [GroupEdgeKey: (count: Int, onCycle: Bool)] = [:]
        for edge in graph.edges {
            guard let from = groupOf[edge.from].flatMap({ index[$0] }),
                let to = groupOf[edge.to].flatMap({ index[$0] }),
                from != to
            else { continue }
            let key = GroupEdgeKey(from: from, to: to, kind: edge.kind)
            let onCycle = DependencyGraph.isOnCycle(edge, cycleEdges)
            merged[key, default: (0, false)].count += 1
            if onCycle { merged[key]?.onCycle = true }
        }
        edges = merged.sorted {
            ($0.key.from, $0.key.to, $0.key.kind.rawValue) < ($1.key.from, $1.key.to, $1.key.kind.rawValue)
        }
        .map {
            Edge(from: $0.key.from, to: $0.key.to, kind: $0.key.kind, onCycle: $0.value.onCycle, count: $0.value.count)
        }
    }

    private struct GroupEdgeKey: Hashable {
        var from: Int
        var to: Int
        var kind: DependencyGraph.EdgeKind
    }

    /// The group a file's findings and types belong to (`nil` grouping: its target, for the data attribute).
    func group(ofFile file: String) -> String {
        grouping == .byFolder ? Self.folder(of: file) : targets[file] ?? Self.folder(of: file)
    }

    /// The folder of a relative path (`.` at the root).
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }

    // MARK: Drawing

    static let nodeHeight = 40.0
    /// An estimate of the label font's average character width, to size the boxes without measuring text.
    static let characterWidth = 7.2
    static let maximumLabel = 44

    private static func clipped(_ text: String) -> String {
        text.count > maximumLabel ? String(text.prefix(maximumLabel - 1)) + "…" : text
    }

    /// The placed graph.
    func layout() -> LayeredLayout.Result {
        let sizes = nodes.map { node in
            let characters = max(Self.clipped(node.label).count, Self.clipped(node.detail).count * 10 / 11)
            return LayeredLayout.Size(
                width: (Double(characters) * Self.characterWidth + 24).rounded(), height: Self.nodeHeight)
        }
        return LayeredLayout().layout(sizes: sizes, edges: edges.map { ($0.from, $0.to) })
    }

    /// The `<svg>` element.
    func svg() -> String {
        let placed = layout()
        var lines: [String] = []
        let width = HTMLText.number(max(placed.width, 120)), height = HTMLText.number(max(placed.height, 60))
        lines.append(
            "<svg class=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" "
                + "height=\"\(height)\" role=\"img\" aria-label=\"Dependency graph\" data-node-count=\"\(nodes.count)\" "
                + "data-edge-count=\"\(edges.count)\" data-grouped=\"\(grouping == nil ? "no" : "yes")\">")
        lines.append("<defs>")
        for (name, colour) in [
            ("singleton", "#c2410c"), ("injection", "#2563eb"), ("weak", "#94a3b8"), ("cycle", "#dc2626"),
        ] {
            lines.append(
                "<marker id=\"arrow-\(name)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
                    + "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>")
        }
        lines.append("</defs>")
        lines.append("<g class=\"edges\">")
        // Parallel arrows of different kinds between one pair are drawn a few points apart.
        var parallel: [LayeredLayout.Pair: Int] = [:]
        for edge in edges {
            parallel[LayeredLayout.Pair(min(edge.from, edge.to), max(edge.from, edge.to)), default: 0] += 1
        }
        var drawn: [LayeredLayout.Pair: Int] = [:]
        for (index, edge) in edges.enumerated() {
            let pair = LayeredLayout.Pair(min(edge.from, edge.to), max(edge.from, edge.to))
            let slot = drawn[pair, default: 0]
            drawn[pair] = slot + 1
            let shift = (Double(slot) - Double((parallel[pair] ?? 1) - 1) / 2) * 5
            let path =
                edge.from == edge.to
                ? Self.loop(around: placed.nodes[edge.from]) : Self.path(placed.edges[index], shift: shift)
            let style = Self.style(of: edge.kind)
            let marker = edge.onCycle ? "cycle" : style
            let label =
                "\(nodes[edge.from].label) → \(nodes[edge.to].label): " + Self.words(for: edge.kind)
                + (edge.count > 1 ? " (\(edge.count))" : "") + (edge.onCycle ? ", on a cycle" : "")
            let width =
                edge.count > 1
                ? " stroke-width=\"\(HTMLText.number(min(1.4 + Double(edge.count).squareRoot() * 0.5, 5)))\"" : ""
            lines.append(
                "<path class=\"edge \(style)\(edge.onCycle ? " cycle" : "")\" d=\"\(path)\"\(width) marker-end=\"url(#arrow-\(marker))\" "
                    + "data-from=\"\(edge.from)\" data-to=\"\(edge.to)\"><title>\(HTMLText.escape(label))</title></path>"
            )
        }
        lines.append("</g>")
        lines.append("<g class=\"nodes\">")
        for (index, node) in nodes.enumerated() {
            let box = placed.nodes[index]
            let (x, y) = (HTMLText.number(box.x), HTMLText.number(box.y))
            let (w, h) = (HTMLText.number(box.width), HTMLText.number(box.height))
            lines.append(
                "<g class=\"node \(node.classes.joined(separator: " "))\" tabindex=\"0\" data-index=\"\(index)\" "
                    + "data-filter-key=\"\(node.filterKey)\" data-filter=\"\(HTMLText.escape(node.filterValue))\" "
                    + "data-x=\"\(x)\" data-y=\"\(y)\" data-w=\"\(w)\" data-h=\"\(h)\">"
                    + "<title>\(HTMLText.escape(node.tooltip))</title>"
                    + "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" rx=\"6\"/>"
                    + "<rect class=\"stripe\" x=\"\(x)\" y=\"\(y)\" width=\"4\" height=\"\(h)\" rx=\"2\"/>"
                    + "<text x=\"\(HTMLText.number(box.x + 12))\" y=\"\(HTMLText.number(box.y + 17))\" class=\"label\">"
                    + "\(HTMLText.escape(Self.clipped(node.label)))</text>"
                    + "<text x=\"\(HTMLText.number(box.x + 12))\" y=\"\(HTMLText.number(box.y + 32))\" class=\"detail\">"
                    + "\(HTMLText.escape(Self.clipped(node.detail)))</text></g>")
        }
        lines.append("</g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    static func style(of kind: DependencyGraph.EdgeKind) -> String {
        switch kind {
        case .singletonAccess: "singleton"
        case .injection: "injection"
        case .weakReference: "weak"
        }
    }

    private static func words(for kind: DependencyGraph.EdgeKind) -> String {
        switch kind {
        case .singletonAccess: "reaches the singleton"
        case .injection: "injected"
        case .weakReference: "weak reference"
        }
    }

    /// A smooth path through `points`: each leg a cubic curve leaving and arriving horizontally.
    private static func path(_ points: [LayeredLayout.Point], shift: Double) -> String {
        guard let first = points.first else { return "" }
        let moved = points.map { LayeredLayout.Point(x: $0.x, y: $0.y + shift) }
        var d = "M\(HTMLText.number(first.x)),\(HTMLText.number(moved[0].y))"
        for (from, to) in zip(moved, moved.dropFirst()) {
            let half = (to.x - from.x) / 2
            d +=
                " C\(HTMLText.number(from.x + half)),\(HTMLText.number(from.y)) \(HTMLText.number(to.x - half)),"
                + "\(HTMLText.number(to.y)) \(HTMLText.number(to.x)),\(HTMLText.number(to.y))"
        }
        return d
    }

    /// A small loop over a box's top right corner, for a type that depends on itself.
    private static func loop(around box: LayeredLayout.Rect) -> String {
        let right = box.maxX - 6, left = box.maxX - 26
        return
            "M\(HTMLText.number(left)),\(HTMLText.number(box.y)) C\(HTMLText.number(left)),\(HTMLText.number(box.y - 14)) "
            + "\(HTMLText.number(right)),\(HTMLText.number(box.y - 14)) \(HTMLText.number(right)),\(HTMLText.number(box.y))"
    }
}
