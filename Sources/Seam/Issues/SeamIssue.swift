/// A problem Seam reports without throwing to the reporter's owner, such as a test reading a dependency
/// that has no test value.
public struct SeamIssue: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the dependency.
    public let message: String
    /// The dependency concerned.
    public let dependency: String

    /// Creates an issue.
    public init(message: String, dependency: String) {
        self.message = message
        self.dependency = dependency
    }

    /// The issue's `message`.
    public var description: String { message }
}
