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
        /// Each key's node name: its `name`, made unique when another key already has it.
        var names: [ObjectIdentifier: String] = [:]
        var taken: Set<String> = []
    }

    private let state = Locked(State())

    /// Adds a node for a declared registration.
    func add(_ registration: Registration) {
        state.withLock { state in
            let name = Self.nodeName(registration.key, in: &state)
            Self.insert(
                DependencyGraph.Node(
                    name: name, valueType: registration.valueType, lifetime: registration.lifetime,
                    isolation: registration.isolation, isRegistered: true
                ), into: &state)
        }
    }

    /// Records that `parent`'s factory (or the top level when `nil`) resolved `child`.
    @usableFromInline
    func record(parent: (any _DependencyKeyBase.Type)?, child: any _DependencyKeyBase.Type) {
        state.withLock { state in
            let childNode = Self.node(child, named: Self.nodeName(child, in: &state))
            let parentNode = parent.map { Self.node($0, named: Self.nodeName($0, in: &state)) }
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

    /// The node name of `key`: its ``_DependencyKeyBase/name``, or, when a different key (a key of the
    /// same name declared in another function or `private` in another file) already has that name,
    /// the name followed by ` #2`, ` #3`… in discovery order.
    private static func nodeName(_ key: any _DependencyKeyBase.Type, in state: inout State) -> String {
        let id = ObjectIdentifier(key)
        if let name = state.names[id] { return name }
        var name = key.name
        var index = 2
        while state.taken.contains(name) {
            name = "\(key.name) #\(index)"
            index += 1
        }
        state.names[id] = name
        state.taken.insert(name)
        return name
    }

    private static func insert(_ node: DependencyGraph.Node, into state: inout State) {
        if state.nodes[node.name] == nil { state.order.append(node.name) }
        if let existing = state.nodes[node.name], existing.isRegistered { return }
        state.nodes[node.name] = node
    }

    private static func node(_ key: any _DependencyKeyBase.Type, named name: String) -> DependencyGraph.Node {
        DependencyGraph.Node(
            name: name, valueType: key.valueTypeName, lifetime: key.lifetime,
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
