/// The dependency graph between the types of a codebase.
///
/// A node is a type; an edge says that one type depends on another, either by reaching its singleton
/// (`.singletonAccess`) or by taking it through a stored property or an `init` parameter (`.injection`).
public struct DependencyGraph: Hashable, Codable, Sendable {
    /// One type in the graph.
    public struct Node: Hashable, Codable, Sendable {
        public var name: String
        public var role: TypeRole
        /// Whether the type declares a singleton.
        public var isSingleton: Bool
        public var location: SourceLocation?

        public init(name: String, role: TypeRole, isSingleton: Bool, location: SourceLocation? = nil) {
            self.name = name
            self.role = role
            self.isSingleton = isSingleton
            self.location = location
        }
    }

    /// How one type reaches another.
    public enum EdgeKind: String, Hashable, Codable, Sendable {
        /// `S.shared` (or a service locator) in the body of the source type.
        case singletonAccess = "singleton-access"
        /// A stored property or an `init` parameter of the target type (or of a protocol it conforms to).
        case injection
    }

    /// A dependency from one type to another.
    public struct Edge: Hashable, Codable, Sendable {
        public var from: String
        public var to: String
        public var kind: EdgeKind

        public init(from: String, to: String, kind: EdgeKind) {
            self.from = from
            self.to = to
            self.kind = kind
        }
    }

    /// Nodes sorted by name.
    public var nodes: [Node]
    /// Edges sorted by (from, to, kind).
    public var edges: [Edge]
    /// Every elementary cycle, each as the path of type names with the first repeated at the end
    /// (`["A", "B", "C", "A"]`).
    public var cycles: [[String]]

    public init(nodes: [Node] = [], edges: [Edge] = [], cycles: [[String]] = []) {
        self.nodes = nodes
        self.edges = edges
        self.cycles = cycles
    }
}
