import SeamTaskState

/// One step of a resolution path: the key being built and the step that asked for it. Nodes live on the
/// stack of the resolving call (or, for `async` builds, in a short-lived allocation).
@usableFromInline
struct PathNode {
    @usableFromInline let key: ObjectIdentifier
    @usableFromInline let describing: any _DependencyKeyBase.Type
    @usableFromInline let parent: UnsafePointer<PathNode>?

    @inlinable
    init(key: ObjectIdentifier, describing: any _DependencyKeyBase.Type, parent: UnsafePointer<PathNode>?) {
        self.key = key
        self.describing = describing
        self.parent = parent
    }

    /// The synchronous build in progress on this thread, if any: the parent of a resolve a factory
    /// makes through a container instead of its resolver, so that resolve keeps the whole path.
    @inlinable @inline(__always)
    static var buildingOnThisThread: UnsafePointer<PathNode>? {
        seam_current_path_node()?.assumingMemoryBound(to: PathNode.self)
    }

    /// Runs `body` with `node` recorded as the synchronous build in progress on this thread.
    @inlinable @inline(__always)
    static func building<R, E: Error>(_ node: UnsafePointer<PathNode>, _ body: () throws(E) -> R) throws(E) -> R {
        let outer = seam_current_path_node()
        seam_set_current_path_node(UnsafeRawPointer(node))
        defer { seam_set_current_path_node(outer) }
        return try body()
    }
}

/// Where a top-level resolve was called: the location a missing-test-value issue points at (the test,
/// or the composition-root line the test called).
@usableFromInline @frozen
struct CallSite: Sendable {
    @usableFromInline let fileID: StaticString
    @usableFromInline let filePath: StaticString
    @usableFromInline let line: UInt
    @usableFromInline let column: UInt

    @inlinable
    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// State shared by one resolution tree (one top-level resolve): where it was called, and the
/// ``Lifetime/graph`` instances. Plain data, so hot paths copy it without value witnesses; whoever
/// creates a root calls ``finish()`` when the tree is done.
@usableFromInline
struct RootState {
    @usableFromInline let site: CallSite
    /// The tree's graph instances, created by the first one (retained; released by ``finish()``).
    @usableFromInline var graph: Unmanaged<GraphInstances>?

    @inlinable init(site: CallSite) {
        self.site = site
        graph = nil
    }

    /// The graph instance of `id` built in this tree, if any.
    @inlinable
    func graphInstance(_ id: ObjectIdentifier) -> AnyObject? {
        graph?._withUnsafeGuaranteedRef { $0.boxes[id] }
    }

    /// Releases the tree's graph instances.
    @inlinable
    mutating func finish() {
        graph?.release()
        graph = nil
    }
}

/// The ``Lifetime/graph`` instances of one resolution tree.
@usableFromInline
final class GraphInstances {
    @usableFromInline var boxes: [ObjectIdentifier: AnyObject] = [:]
    @usableFromInline init() {}
}

/// A box holding one ``Lifetime/graph`` instance for the resolution tree.
@usableFromInline
final class GraphBox<Value> {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

/// Everything a resolve needs: where stored instances live, the override scope, the container's own
/// overrides, the context, the path so far and the tree's shared state.
@usableFromInline
struct ResolutionState {
    @usableFromInline let storage: Storage
    @usableFromInline let frame: OverrideFrame?
    @usableFromInline let own: ContainerOverrides?
    @usableFromInline let context: DependencyContext
    @usableFromInline let node: UnsafePointer<PathNode>?
    @usableFromInline let root: UnsafeMutablePointer<RootState>

    @inlinable
    init(
        storage: Storage, frame: OverrideFrame?, own: ContainerOverrides?, context: DependencyContext,
        node: UnsafePointer<PathNode>?, root: UnsafeMutablePointer<RootState>
    ) {
        self.storage = storage
        self.frame = frame
        self.own = own
        self.context = context
        self.node = node
        self.root = root
    }

    @inlinable
    func child(_ node: UnsafePointer<PathNode>) -> ResolutionState {
        ResolutionState(storage: storage, frame: frame, own: own, context: context, node: node, root: root)
    }

    /// The override of `id`: the scope's (its own or inherited) first, then the container's.
    @inlinable @inline(__always)
    func override(of id: ObjectIdentifier) -> OverrideEntry? {
        if let frame, let entry = frame.overrides[id] { return entry }
        return own?.table[id]
    }

    /// Key names from the outermost resolve to the current one.
    @usableFromInline var pathNames: [String] {
        var names: [String] = []
        var current = node
        while let step = current {
            names.append(step.pointee.describing.name)
            current = step.pointee.parent
        }
        return names.reversed()
    }

    /// Throws a cycle error if `key` is already being built on this path.
    @inlinable @inline(__always)
    func checkCycle(_ key: ObjectIdentifier, _ describing: any _DependencyKeyBase.Type) throws(ResolutionError) {
        var current = node
        while let step = current {
            if step.pointee.key == key { throw cycleError(from: step, closingWith: describing) }
            current = step.pointee.parent
        }
    }

    @usableFromInline
    func cycleError(from start: UnsafePointer<PathNode>, closingWith describing: any _DependencyKeyBase.Type)
        -> ResolutionError
    {
        var names: [String] = []
        var current = node
        while let step = current {
            names.append(step.pointee.describing.name)
            if step == start { break }
            current = step.pointee.parent
        }
        return .cycle(names.reversed() + [describing.name])
    }

    /// Reports `issue`, located at the top-level resolve's call site, to the scope's reporter, else
    /// the container's, else ``IssueReporting``'s default.
    func report(message: String, dependency: String) {
        let issue = SeamIssue(message: message, dependency: dependency, site: root.pointee.site)
        if let reporter = frame?.reporter ?? own?.reporter {
            reporter(issue)
        } else {
            IssueReporting.reportByDefault(issue)
        }
    }
}
