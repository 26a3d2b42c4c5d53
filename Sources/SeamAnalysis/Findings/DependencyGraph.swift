/// The dependency graph between the types of a codebase.
///
/// A node is a type; an edge says that one type depends on another, either by reaching its singleton
/// (`.singletonAccess`) or by taking it through a stored property or an `init` parameter (`.injection`); a
/// `weak`/`unowned` or delegate back-reference, or a read deferred into a provider closure, is a `.weakReference`
/// edge, kept in the graph but on no cycle.
///
/// Cycles are reported by strongly connected component: `components` holds every set of two or more types
/// that reach one another through owning edges, and `cycles` lists every two-type cycle plus, per component,
/// the first `DependencyGraphBuilder.cycleLimit` longer elementary cycles; what is left out is counted on the
/// component, never dropped silently.
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
        /// A `weak` or `unowned` stored property, a delegate property typed by a protocol, or an `init`
        /// parameter kept only in such a property: a back-reference that does not own `to`, so it closes no
        /// cycle. Also a singleton read in a provider closure passed as a default (`= { Auth.shared }`), which
        /// runs after the instance exists (the roadmap's lazy edge).
        case weakReference = "weak-reference"
    }

    /// A strongly connected component of two or more types: every type reaches every other through owning
    /// edges (`.singletonAccess` and `.injection`), so each lies on a cycle.
    public struct Component: Hashable, Codable, Sendable {
        /// The component's types, sorted by name.
        public var types: [String]
        /// One shortest cycle through the component, starting at its smallest name, the first repeated at
        /// the end (in a component too large to search from every type, a shortest cycle through its
        /// smallest type).
        public var shortestCycle: [String]
        /// Elementary cycles of the component counted, two-type ones included; at most
        /// `DependencyGraphBuilder.cycleCountLimit` (then `isCountComplete` is false).
        public var cycleCount: Int
        /// Whether `cycleCount` is every elementary cycle of the component.
        public var isCountComplete: Bool
        /// How many of the counted cycles `cycles` lists (every two-type one and the first
        /// `DependencyGraphBuilder.cycleLimit` longer ones).
        public var listedCycles: Int

        /// Counted cycles not listed in `cycles` (a lower bound when `isCountComplete` is false).
        public var omittedCycles: Int { cycleCount - listedCycles }

        /// Creates a component.
        public init(types: [String], shortestCycle: [String], cycleCount: Int, isCountComplete: Bool, listedCycles: Int)
        {
            self.types = types
            self.shortestCycle = shortestCycle
            self.cycleCount = cycleCount
            self.isCountComplete = isCountComplete
            self.listedCycles = listedCycles
        }
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
    /// Elementary cycles, each as the path of type names with the first repeated at the end
    /// (`["A", "B", "C", "A"]`): every two-type cycle, and per component the first
    /// `DependencyGraphBuilder.cycleLimit` longer ones (see `Component.omittedCycles`).
    public var cycles: [[String]]
    /// The strongly connected components of two or more types, in order of their smallest name.
    public var components: [Component]

    /// Creates a graph, storing the parts as given (not sorted); each defaults to empty.
    public init(nodes: [Node] = [], edges: [Edge] = [], cycles: [[String]] = [], components: [Component] = []) {
        self.nodes = nodes
        self.edges = edges
        self.cycles = cycles
        self.components = components
    }
}
