/// What a finished process left behind: its exit status and everything it printed.
public struct CommandResult: Sendable {
    /// The exit status (or the terminating signal's number).
    public let status: Int32
    /// Everything written to standard output.
    public let stdout: String
    /// Everything written to standard error.
    public let stderr: String

    /// Creates a result from its parts.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Standard output followed by standard error, for failure messages and `contains` checks that do
    /// not care which stream a line went to.
    public var output: String { stdout + stderr }
}
