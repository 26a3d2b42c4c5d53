import Seam
import Testing

/// A Swift Testing trait that runs each test in its own dependency scope: the ``DependencyContext/test``
/// context, fresh storage for singletons and other stored lifetimes, the given overrides, and Seam
/// issues recorded as test failures with `Issue.record`.
///
/// Parallel tests with this trait never see each other's overrides or instances.
///
/// ```swift
/// @Test(.seamDependencies { $0[APIClientKey.self] = MockAPIClient(spots: ["A"]) })
/// func loadsSpots() async throws { ... }
///
/// @Suite(.seamDependencies) struct SpotsTests { ... }   // every test of the suite gets its own scope
/// ```
public struct SeamDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
    let context: DependencyContext
    let configure: @Sendable (inout Overrides) -> Void
    let fileID: String
    let line: Int

    /// Applies to every test of a suite, each in its own scope.
    public var isRecursive: Bool { true }

    /// Runs `function` inside the trait's dependency scope.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withOverrides(context: context, fileID: fileID, line: line) { overrides in
            overrides.issueReporter = SeamTestIssues.record
            configure(&overrides)
        } operation: {
            try await function()
        }
    }
}

extension Trait where Self == SeamDependenciesTrait {
    /// Runs the test in the test context with isolated storage and no extra overrides.
    public static var seamDependencies: Self {
        Self(context: .test, configure: { _ in }, fileID: #fileID, line: #line)
    }

    /// Runs the test with `configure`'s overrides, in `context` (default `.test`), with isolated storage.
    public static func seamDependencies(
        context: DependencyContext = .test,
        fileID: String = #fileID,
        line: Int = #line,
        _ configure: @escaping @Sendable (inout Overrides) -> Void
    ) -> Self {
        Self(context: context, configure: configure, fileID: fileID, line: line)
    }
}
