import Seam
import SeamTesting
import Synchronization
import Testing
import SeamLocking

@Suite("Issue reporting")
struct IssueReportingTests {
    @Test("outside any scope, issues go to the default reporter, which can be replaced")
    func defaultReporter() {
        let seen = Locked<[String]>([])
        IssueReporting.setDefaultReporter { issue in seen.withLock { $0.append(issue.dependency) } }
        defer { IssueReporting.setDefaultReporter(IssueReporting.printing) }
        #expect(throws: ResolutionError.self) { try Container(context: .test).resolve(AnalyticsKey.self) }
        #expect(seen.withLock { $0 } == ["AnalyticsKey"])
    }

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
}
