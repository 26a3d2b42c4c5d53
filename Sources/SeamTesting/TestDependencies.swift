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
/// resolve call that led to it (the test line, not a line in SeamTesting).
enum SeamTestIssues {
    static let record: IssueReporting.Reporter = { issue in
        Issue.record(
            Comment(rawValue: issue.message),
            sourceLocation: SourceLocation(
                fileID: issue.fileID, filePath: issue.filePath, line: issue.line, column: issue.column
            )
        )
    }

    /// Makes ``record`` the process's default reporter, for issues raised outside any test scope.
    static func install() { _ = installed }

    private static let installed: Void = IssueReporting.installTestRecorder(record)
}
