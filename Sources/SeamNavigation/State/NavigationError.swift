/// A navigation operation that would break an invariant of ``NavigationState``.
///
/// Every rejected operation throws one of these instead of being ignored; the ``message`` names
/// the routes involved. Compare ``code`` to react to a kind of failure:
///
/// ```swift
/// do { try coordinator.pop() } catch where error.code == .nothingToPop { ... }
/// ```
public struct NavigationError: Error, Hashable, Sendable {
    /// The kind of failure. New codes may be added; switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable {
            case pushWithoutNavigationStack, nothingToPop, routeNotInStack, nothingPresented
            case invalidCount, invalidStack, childAlreadyStarted, childNotRunning
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// A push onto a modal that has no navigation stack.
        public static let pushWithoutNavigationStack = Code(.pushWithoutNavigationStack)
        /// A pop with no (or too few) pushed routes in the topmost stack.
        public static let nothingToPop = Code(.nothingToPop)
        /// A pop to a route that is not in the topmost stack.
        public static let routeNotInStack = Code(.routeNotInStack)
        /// A dismiss with no (or too few) presented modals.
        public static let nothingPresented = Code(.nothingPresented)
        /// A pop or dismiss count below one.
        public static let invalidCount = Code(.invalidCount)
        /// A replacement or restored stack that breaks an invariant.
        public static let invalidStack = Code(.invalidStack)
        /// A child coordinator started twice.
        public static let childAlreadyStarted = Code(.childAlreadyStarted)
        /// A child coordinator finished before being started, or finished twice.
        public static let childNotRunning = Code(.childNotRunning)

        /// The code's name, for logs.
        public var description: String { kind.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// What was attempted and why it was refused, naming the routes involved.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension NavigationError: CustomStringConvertible {
    /// `nothingToPop: cannot pop: ...`.
    public var description: String { "\(code): \(message)" }
}
