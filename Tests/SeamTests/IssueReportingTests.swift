import Seam
@testable import SeamTesting
import Synchronization
import Testing
import SeamLocking

@Suite("Issue reporting")
struct IssueReportingTests {
    @Test("a scope's reporter wins over the default one, and nested scopes inherit it")
    func scopedReporter() {
        let seen = Locked<[String]>([])
        withOverrides(context: .test) {
            $0.issueReporter = { issue in seen.withLock { $0.append(issue.message) } }
        } operation: {
            withOverrides {
                #expect(throws: ResolutionError.self) { try Container().resolve(AnalyticsKey.self) }
            }
        }
        #expect(seen.withLock { $0 }.count == 1)
        #expect(seen.withLock { $0 }.first?.hasPrefix("AnalyticsKey (Counter) has no test value") == true)
    }

    @Test("a reporter set in `configure` wins over the one SeamTesting installs")
    func configuredReporterWinsInTests() async {
        let seen = Locked<[String]>([])
        await withTestDependencies({ $0.issueReporter = { issue in seen.withLock { $0.append(issue.dependency) } } }) {
            #expect(throws: ResolutionError.self) { try Container().resolve(AnalyticsKey.self) }
        }
        #expect(seen.withLock { $0 } == ["AnalyticsKey"])
    }

    @Test("unimplemented() records an issue naming the member and returns the placeholder")
    func unimplementedHelper() {
        withKnownIssue {
            #expect(unimplemented("APIClient.fetchSpots", placeholder: [1, 2]) == [1, 2])
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "Unimplemented: APIClient.fetchSpots was called" }
        }
    }

    @Test("the trait's reporter turns Seam issues into test issues", .seamDependencies)
    func traitReporter() {
        withKnownIssue {
            #expect(throws: ResolutionError.self) { try Container().resolve(AnalyticsKey.self) }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("AnalyticsKey (Counter) has no test value") }
        }
    }

    @Test("a missing-test-value issue points at the resolve call in the test, not at SeamTesting", .seamDependencies)
    func locatedAtTheResolveCall() {
        let line = #line + 2
        withKnownIssue {
            let resolved = try? Container().resolve(AnalyticsKey.self)
            #expect(resolved == nil)
        } matching: { issue in
            issue.sourceLocation?.fileID == "SeamTests/IssueReportingTests.swift" && issue.sourceLocation?.line == line
        }
    }

    @Test("a nested resolve's issue points at the top-level resolve call", .seamDependencies)
    func nestedLocatedAtTheTopLevelCall() {
        let line = #line + 2
        withKnownIssue {
            let resolved = try? Container().resolve(TrackerKey.self)  // its factory resolves AnalyticsKey
            #expect(resolved == nil)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("TrackerKey → AnalyticsKey") }
        }
    }
}

/// The process-wide default reporter: one suite, run serially, because replacing it affects every
/// issue raised outside a scope while it is replaced.
@Suite("The default issue reporter", .serialized)
struct DefaultReporterTests {
    @Test("outside any scope, issues go to the default reporter, which can be replaced and restored")
    func replaceable() {
        let seen = Locked<[String]>([])
        IssueReporting.setDefaultReporter { issue in seen.withLock { $0.append(issue.dependency) } }
        defer { IssueReporting.setDefaultReporter(nil) }
        #expect(throws: ResolutionError.self) { try Container(context: .test).resolve(AnalyticsKey.self) }
        #expect(seen.withLock { $0 } == ["AnalyticsKey"])
    }

    @Test(
        "in a test without a scope, a missing test value is recorded as this test's issue, at the resolve line; live never runs"
    )
    func recordedAtTheResolveLine() {
        let _: SeamDependenciesTrait = .seamDependencies  // SeamTesting is in use in this process
        let container = Container(name: "App")
        let calls = EscapeProbe.liveCalls.withLock { $0 }
        let line = #line + 2
        withKnownIssue {
            let resolved = try? container.resolve(EscapeProbeKey.self)
            #expect(resolved == nil)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "IssueReportingTests.swift"
                && issue.comments.contains { $0.rawValue.contains("EscapeProbeKey (Instance) has no test value") }
        }
        #expect(EscapeProbe.liveCalls.withLock { $0 } == calls)
    }
}

@Suite("Issues from work that escaped its test")
struct EscapedAttributionTests {
    @Test("an issue raised outside the test's task by work carrying its scope names the test that started it")
    func namesTheSpawningTest() {
        let issue = SeamIssue(message: "AnalyticsKey (Counter) has no test value", dependency: "AnalyticsKey")
        let escaped = SeamTestIssues.escaped(issue, spawnedBy: "loadsShows() (AppTests/WatchlistTests.swift:12)")
        #expect(
            escaped.message.hasSuffix(
                "[raised outside its test, by work started in test loadsShows() (AppTests/WatchlistTests.swift:12)]"))
        #expect(escaped.line == issue.line && escaped.fileID == issue.fileID)
    }
}
