/// The `async` builds the current task's ancestors are running, inherited by child tasks through a
/// task-local: an `async` factory whose child tasks resolve the key it is building would otherwise wait
/// for itself forever (the factory awaits the children, the children await the build). A resolver that
/// finds its key being built by an owner on its own chain throws a cycle error instead.
///
/// Only `async` builds are recorded (synchronous factories cannot await child tasks), and the task-local
/// is read only on the slow path where a resolver is about to wait.
final class BuildChain: Sendable {
    @TaskLocal static var current: BuildChain?

    let owner: BuildOwner
    let parent: BuildChain?

    init(owner: BuildOwner, parent: BuildChain?) {
        self.owner = owner
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

    /// Runs `build` with `owner` added to the chain its child tasks inherit.
    static func building<R>(
        as owner: BuildOwner,
        isolation: isolated (any Actor)? = #isolation,
        _ build: () async throws(ResolutionError) -> R
    ) async throws(ResolutionError) -> R {
        let chain = BuildChain(owner: owner, parent: current)
        let result = await $current.withValue(chain, operation: { () async -> Result<R, ResolutionError> in
            do throws(ResolutionError) { return .success(try await build()) } catch { return .failure(error) }
        }, isolation: isolation)
        return try result.get()
    }
}
