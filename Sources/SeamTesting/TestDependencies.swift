import Seam
import Testing

/// Runs `operation` in the test context with `configure`'s overrides and isolated storage, reporting
/// Seam issues through `Issue.record`: the trait-free form of ``SeamDependenciesTrait``.
///
/// ```swift
/// try await withTestDependencies({ $0[APIClientKey.self] = MockAPIClient() }) {
///     let vm = try await AppDependencies().makeSpotsViewModel()
///     ...
/// }
/// ```
@discardableResult
public func withTestDependencies<R, E: Error>(
    _ configure: (inout Overrides) -> Void = { _ in },
    fileID: String = #fileID,
    line: Int = #line,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(E) -> R
) async throws(E) -> R {
    SeamTestIssues.install()
    return try await withIsolatedOverrides(
        context: .test, fileID: fileID, line: line,
        { overrides in
            overrides.issueReporter = SeamTestIssues.record
            configure(&overrides)
        },
        isolation: isolation, operation: operation
    )
}

/// Records a placeholder-returning call of a mock member that the test did not expect, and returns
/// `placeholder`. Use it in mocks for members a test should never reach.
///
/// ```swift
/// struct UnimplementedAPIClient: APIClient {
///     func fetchSpots(region: String) async throws -> [String] {
///         unimplemented("APIClient.fetchSpots", placeholder: [])
///     }
/// }
/// ```
public func unimplemented<Result>(
    _ name: String, placeholder: Result, sourceLocation: SourceLocation = #_sourceLocation
) -> Result {
    Issue.record("Unimplemented: \(name) was called", sourceLocation: sourceLocation)
    return placeholder
}

/// The reporter SeamTesting installs: each Seam issue becomes a recorded test issue, located at the
/// resolve call that led to it (the test line, not a line in SeamTesting). In a Swift Testing test it
/// is an `Issue.record`; outside one (an XCTest test, or work that escaped its test) Seam's own routing
/// decides (XCTest's running test, else Swift Testing's `«unknown»`).
enum SeamTestIssues {
    static let record: IssueReporting.Reporter = { issue in
        IssueReporting.recordInTestFrameworks(issue)
    }

    /// ``record`` for the scope of test `test`: an issue raised by work that carries the scope but runs
    /// outside the test's task (`withEscapedOverrides`, after the test may have ended) names the test,
    /// since Swift Testing can only report it as `«unknown»`.
    static func recorder(spawnedBy test: String) -> IssueReporting.Reporter {
        { issue in
            IssueReporting.recordInTestFrameworks(Test.current == nil ? escaped(issue, spawnedBy: test) : issue)
        }
    }

    /// `issue`, its message naming the test whose work raised it outside the test's task.
    static func escaped(_ issue: SeamIssue, spawnedBy test: String) -> SeamIssue {
        SeamIssue(
            message: issue.message + " [raised outside its test, by work started in test \(test)]",
            dependency: issue.dependency, fileID: issue.fileID, filePath: issue.filePath,
            line: issue.line, column: issue.column
        )
    }

    /// Records `issue` in the current Swift Testing test (or as `«unknown»` when there is none), at the
    /// resolve call when it is in the test's own file, else at the test (the resolve was in a composition
    /// root the test called: the message says where).
    static let recordInSwiftTesting: IssueReporting.Reporter = { issue in
        let (comment, location) = placed(issue, test: Test.current?.sourceLocation)
        Issue.record(Comment(rawValue: comment), sourceLocation: location)
    }

    /// Where ``recordInSwiftTesting`` records `issue` for the test declared at `test`, and its comment.
    static func placed(_ issue: SeamIssue, test: SourceLocation?) -> (String, SourceLocation) {
        let resolve = SourceLocation(
            fileID: issue.fileID, filePath: issue.filePath, line: issue.line, column: issue.column)
        guard let test, test.fileID != issue.fileID else { return (issue.message, resolve) }
        return ("\(issue.message) (resolved at \(issue.fileID):\(issue.line))", test)
    }

    /// Makes Swift Testing one of the frameworks Seam records issues in, for the issues of every scope.
    static func install() { _ = installed }

    private static let installed: Void = IssueReporting.installSwiftTesting(
        .init(isRunningTest: { Test.current != nil }, record: recordInSwiftTesting)
    )
}
