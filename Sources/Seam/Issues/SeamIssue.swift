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
    /// `filePath` as the `StaticString` the resolve call passed, for XCTest (`nil` for issues made from strings).
    let staticFilePath: StaticString?

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
        self.staticFilePath = nil
    }

    /// An issue located at a resolve call.
    init(message: String, dependency: String, site: CallSite) {
        self.message = message
        self.dependency = dependency
        self.fileID = site.fileID.description
        self.filePath = site.filePath.description
        self.line = Int(site.line)
        self.column = Int(site.column)
        self.staticFilePath = site.filePath
    }

    /// Whether two issues have the same message, dependency and location.
    public static func == (lhs: SeamIssue, rhs: SeamIssue) -> Bool {
        lhs.message == rhs.message && lhs.dependency == rhs.dependency && lhs.fileID == rhs.fileID
            && lhs.filePath == rhs.filePath && lhs.line == rhs.line && lhs.column == rhs.column
    }

    /// Hashes the message, dependency and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(message)
        hasher.combine(dependency)
        hasher.combine(fileID)
        hasher.combine(filePath)
        hasher.combine(line)
        hasher.combine(column)
    }

    /// The issue's `message`.
    public var description: String { message }
}
