import Seam
import SeamTesting
import Testing

enum PreviewedKey: DependencyKey {
    static var previewValue: String? { "preview" }
    static func live(_ r: borrowing Resolver) throws -> String { "live" }
}

enum LiveOnlyKey: DependencyKey {
    static func live(_ r: borrowing Resolver) throws -> String { "live" }
}

/// Depends on ``AnalyticsKey``, which has no test value.
enum TrackerKey: DependencyKey {
    static var lifetime: Lifetime { .unique }
    static var usesLiveFactoryInTests: Bool { true }
    static func live(_ r: borrowing Resolver) throws -> String {
        _ = try r.resolve(AnalyticsKey.self)
        return "tracker"
    }
}

@Suite("Contexts")
struct ContextTests {
    @Test("the live context uses live values, the test context test values")
    func liveAndTest() throws {
        #expect(try Container(context: .live).resolve(APIClientKey.self) is LiveAPIClient)
        #expect(try Container(context: .test).resolve(APIClientKey.self) is MockAPIClient)
    }

    @Test("the preview context uses preview values and falls back to live ones")
    func preview() throws {
        let container = Container(context: .preview)
        #expect(try container.resolve(PreviewedKey.self) == "preview")
        #expect(try container.resolve(LiveOnlyKey.self) == "live")
    }

    @Test("a scope's context replaces the container's")
    func scopeContext() throws {
        let container = Container(context: .live)
        let value = try withOverrides(context: .preview) { try container.resolve(PreviewedKey.self) }
        #expect(value == "preview")
        #expect(try container.resolve(PreviewedKey.self) == "live")
    }

    @Test("reading a dependency without a test value in a test fails the test, names it, and never calls live")
    func missingTestValue() async {
        let container = Container(name: "App")
        await withTestDependencies {
            withKnownIssue {
                #expect(throws: ResolutionError.self) { try container.resolve(TrackerKey.self) }
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("AnalyticsKey (Counter) has no test value") }
            }
        }
        #expect(!LiveCalls.contains("AnalyticsKey"))
    }

    @Test("the missing-test-value error names the dependency and the path that reached it")
    func missingTestValueError() throws {
        let container = Container(context: .test)
        let reported = Counter()
        let error = withOverrides {
            $0.issueReporter = { issue in if issue.dependency == "AnalyticsKey" { reported.increment() } }
        } operation: {
            #expect(throws: ResolutionError.self) { try container.resolve(TrackerKey.self) }
        }
        #expect(error?.isMissingTestValue == true)
        #expect(error?.dependency == "AnalyticsKey (Counter)")
        #expect(error?.path == ["TrackerKey", "AnalyticsKey"])
        #expect(error?.description.contains("TrackerKey → AnalyticsKey") == true)
        #expect(reported.value == 1)
        #expect(!LiveCalls.contains("AnalyticsKey"))
    }

    @Test(
        "an override satisfies a dependency without a test value",
        .seamDependencies {
            $0[AnalyticsKey.self] = Counter()
        })
    func overrideInsteadOfTestValue() throws {
        #expect(try Container().resolve(TrackerKey.self) == "tracker")
    }
}
