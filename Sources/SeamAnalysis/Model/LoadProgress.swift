/// How far `Codebase.load` has come, for a progress indicator.
public struct LoadProgress: Sendable, Hashable {
    /// The two phases of loading.
    public enum Phase: String, Sendable, Hashable {
        /// Reading, parsing and walking files.
        case parsing
        /// Resolving what each file's bodies reach against the merged types.
        case analyzing
    }

    /// The current pass.
    public var phase: Phase
    /// Files done in this pass.
    public var completed: Int
    /// Files in total.
    public var total: Int

    /// Overall completion from 0 to 1 (parsing counts for 70%).
    public var fraction: Double {
        guard total > 0 else { return 1 }
        let part = Double(completed) / Double(total)
        return phase == .parsing ? part * 0.7 : 0.7 + part * 0.3
    }
}
