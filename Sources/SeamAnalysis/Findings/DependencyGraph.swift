/// The dependency graph between the types of a codebase.
///
/// A node is a type; an edge says that one type depends on another, either by reaching its singleton
/// (`.singletonAccess`) or by taking it through a stored property or an `init` parameter (`.injection`).
public struct DependencyGraph: Hashable, Codable, Sendable {
    /// One type in the graph.
    public struct Node: Hashable, Codable, Sendable {
        /// The type's name; edges and cycles refer to the node by it.
        public var name: String
        /// The type's architectural role; `.other` for a type not found in the audited code.
        public var role: TypeRole
        /// Whether the type declares a singleton.
        public var isSingleton: Bool
        /// Where the type is declared (its first declaration or extension); `nil` when the audited code has none.
        public var location: SourceLocation?

        /// Creates a node; `location` defaults to `nil`.
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
        /// The type that depends: the one reaching the singleton or taking the dependency.
        public var from: String
        /// The type depended on: the singleton reached, or the injected type (for a protocol with exactly one
        /// conformer, that conformer).
        public var to: String
        /// How `from` reaches `to`.
        public var kind: EdgeKind

        /// Creates an edge from `from` to `to`.
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

    /// Creates a graph, storing the parts as given (not sorted); each defaults to empty.
    public init(nodes: [Node] = [], edges: [Edge] = [], cycles: [[String]] = []) {
        self.nodes = nodes
        self.edges = edges
        self.cycles = cycles
    }
}
