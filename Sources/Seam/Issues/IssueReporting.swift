import Synchronization
import SeamLocking

/// Where Seam sends ``SeamIssue``s that no scope or container has a reporter for.
///
/// The core module links no test framework. In a process running tests, an issue becomes a test
/// failure located at the resolve call that led to it (the test's line):
/// - **XCTest**: Seam finds XCTest's `XCTFail` at run time (nothing to link or install), and the
///   failure is recorded on the XCTest test running at that moment, even from another thread.
/// - **Swift Testing**: SeamTesting records it with `Issue.record` in the test whose task made the
///   resolve (it installs itself as soon as a test uses `.seamDependencies` or `withTestDependencies`).
///   Work that escaped every test task (a `Task.detached`, a dispatch callback) has no current test:
///   Swift Testing then reports the issue as `Test «unknown»`, and the run fails.
///
/// Otherwise the default reporter prints the message. Apps can send issues elsewhere:
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

    /// What SeamTesting installs: whether a Swift Testing test is current on this task, and how to
    /// record an issue there.
    package struct SwiftTestingHooks: Sendable {
        let isRunningTest: @Sendable () -> Bool
        let record: Reporter

        /// Creates the hooks.
        package init(isRunningTest: @escaping @Sendable () -> Bool, record: @escaping Reporter) {
            self.isRunningTest = isRunningTest
            self.record = record
        }
    }

    private struct Reporters {
        var custom: Reporter?
        var swiftTesting: SwiftTestingHooks?
    }

    private static let reporters = Locked(Reporters())

    /// Replaces the reporter used where no scope or container installs one; `nil` restores the
    /// automatic one (the running test framework's, else ``printing``).
    public static func setDefaultReporter(_ reporter: Reporter?) {
        reporters.withLock { $0.custom = reporter }
    }

    /// Reports `issue` to the current scope's reporter, or to the default one.
    public static func report(_ issue: SeamIssue) {
        if let reporter = OverrideFrame.currentIfAny?.reporter { reporter(issue) } else { reportByDefault(issue) }
    }

    /// Reports `issue` to the default reporter.
    static func reportByDefault(_ issue: SeamIssue) {
        if let custom = reporters.withLock({ $0.custom }) {
            custom(issue)
        } else {
            recordInTestFrameworks(issue)
        }
    }

    /// Records `issue` in the test framework running a test, if any: the Swift Testing test current on
    /// this task; else XCTest's running test (a no-op in XCTest when none runs); else, with SeamTesting
    /// in use, Swift Testing's `«unknown»` test. Prints it when neither framework can take it.
    package static func recordInTestFrameworks(_ issue: SeamIssue) {
        let swiftTesting = reporters.withLock { $0.swiftTesting }
        if let swiftTesting, swiftTesting.isRunningTest() {
            swiftTesting.record(issue)
            return
        }
        let xcTest = XCTestBridge.fail(issue)
        if let swiftTesting {
            // In a Swift Testing run: escaped work, reported as «unknown». (In an XCTest run, Swift Testing
            // drops it and XCTest has recorded it.)
            swiftTesting.record(issue)
        } else {
            // XCTest drops a failure while no XCTest test runs: the message is printed as well.
            printing(issue)
            _ = xcTest
        }
    }

    /// Installs the hooks that record issues in Swift Testing (called by SeamTesting).
    package static func installSwiftTesting(_ hooks: SwiftTestingHooks) {
        reporters.withLock { $0.swiftTesting = hooks }
    }
}
