import Synchronization
import SeamLocking

/// Where Seam sends ``SeamIssue``s that no scope or container has a reporter for.
///
/// The core module does not import Testing. In a process running tests, SeamTesting installs a
/// recorder that turns each issue into a Swift Testing issue at the issue's source location (it does
/// so as soon as a test uses `.seamDependencies` or `withTestDependencies`), so even a resolve that
/// escaped every test scope (a `Task.detached`, a dispatch callback) fails the run. Otherwise the
/// default reporter prints the message. Apps can send issues elsewhere:
///
/// ```swift
/// IssueReporting.setDefaultReporter { issue in logger.error("\(issue.message)") }
/// ```
public enum IssueReporting {
    /// A function that receives issues.
    public typealias Reporter = @Sendable (SeamIssue) -> Void

    /// Prints `Seam issue: <message> (<fileID>:<line>)` to standard output.
    public static let printing: Reporter = { issue in
        print("Seam issue: \(issue.message) (\(issue.fileID):\(issue.line))")
    }

    private struct Reporters {
        var custom: Reporter?
        var testRecorder: Reporter?
    }

    private static let reporters = Locked(Reporters())

    /// Replaces the reporter used where no scope or container installs one; `nil` restores the
    /// automatic one (SeamTesting's recorder when tests run, else ``printing``).
    public static func setDefaultReporter(_ reporter: Reporter?) {
        reporters.withLock { $0.custom = reporter }
    }

    /// Reports `issue` to the current scope's reporter, or to the default one.
    public static func report(_ issue: SeamIssue) {
        if let reporter = OverrideFrame.currentIfAny?.reporter { reporter(issue) } else { reportByDefault(issue) }
    }

    /// Reports `issue` to the default reporter.
    static func reportByDefault(_ issue: SeamIssue) {
        let reporter = reporters.withLock { $0.custom ?? $0.testRecorder } ?? printing
        reporter(issue)
    }

    /// Installs the reporter that records issues in the running test framework (called by SeamTesting).
    package static func installTestRecorder(_ recorder: @escaping Reporter) {
        reporters.withLock { $0.testRecorder = recorder }
    }
}
