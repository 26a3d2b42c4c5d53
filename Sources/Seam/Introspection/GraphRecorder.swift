import Synchronization
import SeamLocking

/// Collects the nodes and edges seen while ``Container/verify(fileID:line:)`` builds the registrations.
@usableFromInline
final class GraphRecorder: Sendable {
    private struct State {
        var nodes: [String: DependencyGraph.Node] = [:]
        var order: [String] = []
        var edges: [DependencyGraph.Edge] = []
        var seenEdges: Set<DependencyGraph.Edge> = []
    }

    private let state = Locked(State())

    /// Adds a node for a declared registration.
    func add(_ registration: Registration) {
        add(DependencyGraph.Node(
            name: registration.name, valueType: registration.valueType, lifetime: registration.lifetime,
            isolation: registration.isolation, isRegistered: true
        ))
    }

    /// Records that `parent`'s factory (or the top level when `nil`) resolved `child`.
    @usableFromInline
    func record(parent: (any _DependencyKeyBase.Type)?, child: any _DependencyKeyBase.Type) {
        let childNode = Self.node(child)
        let parentNode = parent.map(Self.node)
        state.withLock { state in
            Self.insert(childNode, into: &state)
            guard let parentNode else { return }
            Self.insert(parentNode, into: &state)
            let edge = DependencyGraph.Edge(
                from: parentNode.name, to: childNode.name,
                isCaptive: childNode.lifetime.isCaptive(heldBy: parentNode.lifetime)
            )
            if state.seenEdges.insert(edge).inserted { state.edges.append(edge) }
        }
    }

    private func add(_ node: DependencyGraph.Node) {
        state.withLock { Self.insert(node, into: &$0) }
    }

    private static func insert(_ node: DependencyGraph.Node, into state: inout State) {
        if state.nodes[node.name] == nil { state.order.append(node.name) }
        if let existing = state.nodes[node.name], existing.isRegistered { return }
        state.nodes[node.name] = node
    }

    private static func node(_ key: any _DependencyKeyBase.Type) -> DependencyGraph.Node {
        DependencyGraph.Node(
            name: key.name, valueType: key.valueTypeName, lifetime: key.lifetime,
            isolation: key.isolation, isRegistered: false
        )
    }

    /// The graph recorded so far.
    func graph(container: String) -> DependencyGraph {
        state.withLock { state in
            DependencyGraph(container: container, nodes: state.order.compactMap { state.nodes[$0] }, edges: state.edges)
        }
    }
}
