/// A problem Seam reports without throwing to the reporter's owner, such as a test reading a dependency
/// that has no test value. It is located at the top-level `resolve` that led to it, so a Swift Testing
/// issue points at the test line (or the composition-root line the test called).
public struct SeamIssue: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the dependency.
    public let message: String
    /// The dependency concerned.
    public let dependency: String
    /// The `#fileID` of the resolve call that led to the issue.
    public let fileID: String
    /// The `#filePath` of that call.
    public let filePath: String
    /// The `#line` of that call.
    public let line: Int
    /// The `#column` of that call.
    public let column: Int

    /// Creates an issue located at the caller (or at the given location).
    public init(
        message: String, dependency: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.message = message
        self.dependency = dependency
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The issue's `message`.
    public var description: String { message }
}
