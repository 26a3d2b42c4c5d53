import Synchronization

/// The `async` builds the current task and its ancestors are running, inherited by child tasks through
/// a task-local.
///
/// Two things need it. An `async` factory whose child tasks resolve the key it is building would
/// otherwise wait for itself forever (the factory awaits the children, the children await the build):
/// a resolver that finds its key being built by an owner on its own chain throws a cycle error instead.
/// And an `async` factory that resolves through a container instead of its resolver continues the
/// path of the builds it runs in (``pathNodes()``), so a cycle through it keeps its whole path.
///
/// Only `async` builds are recorded (synchronous ones use ``PathNode/buildingOnThisThread``).
final class BuildChain: Sendable {
    @TaskLocal static var current: BuildChain?

    let owner: BuildOwner
    let key: ObjectIdentifier
    let describing: any _DependencyKeyBase.Type
    let parent: BuildChain?
    /// Set when the build returns: an unstructured task that inherited the chain may run later, when
    /// this step is no longer on any path.
    let finished = Atomic<Bool>(false)

    init(owner: BuildOwner, key: ObjectIdentifier, describing: any _DependencyKeyBase.Type, parent: BuildChain?) {
        self.owner = owner
        self.key = key
        self.describing = describing
        self.parent = parent
    }

    /// Whether the current task or one of its ancestors is building as `owner`.
    static func isAncestor(_ owner: BuildOwner) -> Bool {
        var link = current
        while let step = link {
            if step.owner == owner { return true }
            link = step.parent
        }
        return false
    }

    /// Runs `build` with the step `key`, built by `owner`, added to the chain its child tasks inherit.
    static func building<R>(
        as owner: BuildOwner,
        key: ObjectIdentifier,
        describing: any _DependencyKeyBase.Type,
        isolation: isolated (any Actor)? = #isolation,
        _ build: () async throws(ResolutionError) -> R
    ) async throws(ResolutionError) -> R {
        let chain = BuildChain(owner: owner, key: key, describing: describing, parent: current)
        defer { chain.finished.store(true, ordering: .releasing) }
        let result = await $current.withValue(
            chain,
            operation: { () async -> Result<R, ResolutionError> in
                do throws(ResolutionError) { return .success(try await build()) } catch { return .failure(error) }
            }, isolation: isolation)
        return try result.get()
    }

    /// The unfinished steps of the current chain as path nodes, outermost first, in one allocation the
    /// caller deallocates (`nil` when there is none): the path an `async` resolve made through a
    /// container inside an `async` factory continues.
    static func pathNodes() -> (nodes: UnsafeMutablePointer<PathNode>, count: Int)? {
        var steps: [BuildChain] = []
        var link = current
        while let step = link {
            if !step.finished.load(ordering: .acquiring) { steps.append(step) }
            link = step.parent
        }
        guard !steps.isEmpty else { return nil }
        let nodes = UnsafeMutablePointer<PathNode>.allocate(capacity: steps.count)
        for (index, step) in steps.reversed().enumerated() {
            nodes.advanced(by: index).initialize(
                to: PathNode(
                    key: step.key, describing: step.describing,
                    parent: index == 0 ? nil : UnsafePointer(nodes.advanced(by: index - 1))
                ))
        }
        return (nodes, steps.count)
    }
}
