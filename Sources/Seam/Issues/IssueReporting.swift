import Synchronization
import SeamLocking

/// Where Seam sends ``SeamIssue``s. The core module does not import Testing: SeamTesting installs a
/// reporter that calls `Issue.record` for the scope of each test; elsewhere the default reporter prints.
///
/// ```swift
/// IssueReporting.setDefaultReporter { issue in logger.error("\(issue.message)") }
/// ```
public enum IssueReporting {
    /// A function that receives issues.
    public typealias Reporter = @Sendable (SeamIssue) -> Void

    /// The initial default reporter: prints `Seam issue: <message>` to standard output.
    public static let printing: Reporter = { issue in print("Seam issue: \(issue.message)") }

    private static let defaultReporter = Locked<Reporter>(printing)

    /// Replaces the reporter used outside scopes that install their own (default: prints the message).
    public static func setDefaultReporter(_ reporter: @escaping Reporter) {
        defaultReporter.withLock { $0 = reporter }
    }

    /// Reports `issue` to the current scope's reporter, or to the default one.
    public static func report(_ issue: SeamIssue) {
        if let reporter = OverrideFrame.currentIfAny?.reporter {
            reporter(issue)
        } else {
            let reporter = defaultReporter.withLock { $0 }
            reporter(issue)
        }
    }
}
