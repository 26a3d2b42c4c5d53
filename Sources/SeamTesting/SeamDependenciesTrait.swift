import Seam
import Testing

/// A Swift Testing trait that runs each test in its own dependency scope: the `.test`
/// context, fresh storage for singletons and other stored lifetimes, the given overrides, and Seam
/// issues recorded as test failures with `Issue.record`.
///
/// Parallel tests with this trait never see each other's overrides or instances. Creating the trait
/// (which Swift Testing does when it discovers the tests) also routes Seam issues raised outside any
/// test scope (a `Task.detached`, a dispatch callback) to Swift Testing, located at the resolve call.
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

    /// Runs `function` inside the trait's dependency scope: always fresh storage, even inside a
    /// suite's scope, so no two tests share an instance.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        SeamTestIssues.install()
        let reporter = SeamTestIssues.recorder(
            spawnedBy: "\(test.name) (\(test.sourceLocation.fileID):\(test.sourceLocation.line))")
        try await withIsolatedOverrides(
            context: context, fileID: fileID, line: line,
            { overrides in
                overrides.issueReporter = reporter
                configure(&overrides)
            }, operation: function)
    }
}

extension Trait where Self == SeamDependenciesTrait {
    /// Runs the test in the test context with isolated storage and no extra overrides.
    public static var seamDependencies: Self {
        SeamTestIssues.install()
        return Self(context: .test, configure: { _ in }, fileID: #fileID, line: #line)
    }

    /// Runs the test with `configure`'s overrides, in `context` (default `.test`), with isolated storage.
    public static func seamDependencies(
        context: DependencyContext = .test,
        fileID: String = #fileID,
        line: Int = #line,
        _ configure: @escaping @Sendable (inout Overrides) -> Void
    ) -> Self {
        SeamTestIssues.install()
        return Self(context: context, configure: configure, fileID: fileID, line: line)
    }
}
