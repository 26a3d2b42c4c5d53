/// One step of a resolution path: the key being built and the step that asked for it. Nodes live on the
/// stack of the resolving call (or, for `async` builds, in a short-lived allocation).
@usableFromInline
struct PathNode {
    @usableFromInline let key: ObjectIdentifier
    @usableFromInline let describing: any DependencyDescribing.Type
    @usableFromInline let parent: UnsafePointer<PathNode>?

    @inlinable
    init(key: ObjectIdentifier, describing: any DependencyDescribing.Type, parent: UnsafePointer<PathNode>?) {
        self.key = key
        self.describing = describing
        self.parent = parent
    }
}

/// State shared by one resolution tree (one top-level resolve): the ``Lifetime/graph`` instances.
@usableFromInline
struct RootState {
    @usableFromInline var graph: [ObjectIdentifier: AnyObject]?

    @inlinable init() { graph = nil }
}

/// A box holding one ``Lifetime/graph`` instance for the resolution tree.
@usableFromInline
final class GraphBox<Value> {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

/// Everything a resolve needs: where stored instances live, the override scope, the context, the path
/// so far and the tree's shared state.
@usableFromInline
struct ResolutionState {
    @usableFromInline let storage: Storage
    @usableFromInline let frame: OverrideFrame?
    @usableFromInline let context: DependencyContext
    @usableFromInline let node: UnsafePointer<PathNode>?
    @usableFromInline let root: UnsafeMutablePointer<RootState>

    @inlinable
    init(
        storage: Storage, frame: OverrideFrame?, context: DependencyContext,
        node: UnsafePointer<PathNode>?, root: UnsafeMutablePointer<RootState>
    ) {
        self.storage = storage
        self.frame = frame
        self.context = context
        self.node = node
        self.root = root
    }

    @inlinable
    func child(_ node: UnsafePointer<PathNode>) -> ResolutionState {
        ResolutionState(storage: storage, frame: frame, context: context, node: node, root: root)
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
    func checkCycle(_ key: ObjectIdentifier, _ describing: any DependencyDescribing.Type) throws(ResolutionError) {
        var current = node
        while let step = current {
            if step.pointee.key == key { throw cycleError(from: step, closingWith: describing) }
            current = step.pointee.parent
        }
    }

    @usableFromInline
    func cycleError(from start: UnsafePointer<PathNode>, closingWith describing: any DependencyDescribing.Type) -> ResolutionError {
        var names: [String] = []
        var current = node
        while let step = current {
            names.append(step.pointee.describing.name)
            if step == start { break }
            current = step.pointee.parent
        }
        return .cycle(names.reversed() + [describing.name])
    }

    /// Reports `issue` to this scope's reporter (or the default one).
    func report(_ issue: SeamIssue) {
        if let reporter = frame?.reporter { reporter(issue) } else { IssueReporting.report(issue) }
    }
}
