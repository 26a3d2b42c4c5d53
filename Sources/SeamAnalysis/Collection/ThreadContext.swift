/// Where code runs, once the whole codebase is known (see `ClosureContext` for what one file tells).
enum ThreadContext: Sendable {
    /// On the main actor: `DispatchQueue.main.async`, `MainActor.run`, `Task { @MainActor in }`.
    case main
    /// Off the main actor: `DispatchQueue.global().async`, another queue, `Task.detached`, a completion handler.
    case background
    /// Same as the code around it.
    case inherited
    /// A function body called from wherever: writes directly in it are not judged.
    case unknown
}
