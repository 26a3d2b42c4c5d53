/// A coordinator for a sub-flow (sign-in, adding a favorite, picking a spot) that finishes with a
/// typed result. Subclass it; the parent keeps it alive from ``Coordinator/start(_:onFinish:)``
/// until ``finish(with:)``, then releases it.
///
/// ```swift
/// final class SignInFlow: ChildCoordinator<SignInFlow.Outcome> {
///     enum Outcome: Sendable { case signedIn(userID: String), cancelled }
///     let navigation = Coordinator<SignInRoute>()
///     func didSignIn(_ id: String) throws { try finish(with: .signedIn(userID: id)) }
/// }
///
/// try coordinator.start(SignInFlow()) { outcome in ... }   // the flow is released after `finish`
/// ```
///
/// The `onFinish` closure is kept by the child until it finishes: capture the child or the parent
/// weakly in it.
@MainActor
open class ChildCoordinator<Output: Sendable> {
    private var completion: ((Output) -> Void)?
    private var hasStarted = false

    /// Creates a child that has not started.
    public init() {}

    /// Whether the child was started and has not finished.
    public var isRunning: Bool { completion != nil }

    /// Ends the flow: the parent releases this child, then receives `output`.
    ///
    /// - Throws: ``NavigationError/Code/childNotRunning`` if the child was never started or already finished.
    public final func finish(with output: Output) throws(NavigationError) {
        guard let completion else {
            let state = hasStarted ? "already finished" : "was never started"
            throw NavigationError(.childNotRunning, "cannot finish \(type(of: self)): it \(state)")
        }
        self.completion = nil
        completion(output)
    }

    func attach(_ completion: @escaping (Output) -> Void) throws(NavigationError) {
        guard !hasStarted else {
            throw NavigationError(.childAlreadyStarted, "cannot start \(type(of: self)): it was already started")
        }
        hasStarted = true
        self.completion = completion
    }
}

extension Coordinator {
    /// The number of running child coordinators.
    public var childCount: Int { children.count }

    /// Starts `child` and keeps it alive until it finishes; then releases it and calls `onFinish`.
    ///
    /// - Throws: ``NavigationError/Code/childAlreadyStarted`` if `child` was started before.
    public func start<Output>(
        _ child: ChildCoordinator<Output>, onFinish: @escaping @MainActor (Output) -> Void
    ) throws(NavigationError) {
        let id = ObjectIdentifier(child)
        try child.attach { [weak self] output in
            self?.children[id] = nil
            onFinish(output)
        }
        children[id] = child
    }
}
