import Foundation
import Seam
import SeamTestSupport
import Testing

@Suite("Detecting a test process")
struct ProcessKindTests {
    private func kind(environment: [String: String] = [:], arguments: [String], testFrameworkLoaded: Bool = true)
        -> ProcessKind
    {
        ProcessKind(
            environmentContains: { environment[$0] != nil },
            environmentValue: { environment[$0] },
            arguments: arguments,
            testFrameworkLoaded: testFrameworkLoaded
        )
    }

    @Test(
        "SwiftPM's test runners, xctest and Xcode's XCTest are test processes",
        arguments: [
            ([:], [".build/debug/SeamPackageTests.xctest", "--testing-library", "swift-testing"]),
            ([:], ["/usr/bin/swiftpm-testing-helper", "--test-bundle-path", "/x/Tests.xctest/Contents/MacOS/Tests"]),
            ([:], ["/usr/bin/xctest", "/x/AppTests.xctest"]),
            (["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"], ["/Applications/App.app/App"]),
            (["XCTestBundlePath": "/x/AppTests.xctest"], ["App"]),
            (["XCTestSessionIdentifier": "1"], ["App"]),
            (["BAZEL_TEST": "1"], ["app_test"]),
        ] as [([String: String], [String])])
    func tests(environment: [String: String], arguments: [String]) {
        #expect(kind(environment: environment, arguments: arguments) == .tests)
    }

    @Test("an app is live; an Xcode preview is a preview")
    func appAndPreview() {
        #expect(
            kind(arguments: ["/Applications/Surf.app/Contents/MacOS/Surf", "-NSDocumentRevisionsDebugMode", "YES"])
                == .app)
        #expect(kind(arguments: ["seam", "audit", "Tests.xctestplan"]) == .app)
        #expect(kind(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"], arguments: ["Surf"]) == .previews)
    }

    @Test(
        "a test runner's arguments do not make a process without XCTest or Swift Testing a test process",
        arguments: [
            ["/usr/bin/app", "--testing-library"],
            ["/usr/bin/app", "xctest"],
            ["/usr/bin/app", "/tmp/report.xctest"],
            ["/opt/App.xctest", "serve"],
            ["swiftpm-testing-helper"],
        ])
    func argumentsAloneAreNotEnough(arguments: [String]) {
        #expect(kind(arguments: arguments, testFrameworkLoaded: false) == .app)
        #expect(kind(arguments: arguments, testFrameworkLoaded: true) == .tests)
    }

    @Test("this process is a test process")
    func current() {
        #expect(ProcessKind.current == .tests)
        #expect(DependencyContext.automatic == .test)
    }
}

/// Test detection against a real executable (`seam-context-probe`, an app linking only Seam) run with a
/// test runner's arguments and without the runners' environment variables.
@Suite("Test detection in a real executable")
struct ProcessKindExecutableTests {
    private static var probe: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("seam-context-probe")
    }

    private static let runnerVariables: Set<String> = [
        "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath", "XCTestSessionIdentifier",
        "BAZEL_TEST", "XCODE_RUNNING_FOR_PREVIEWS",
    ]

    @Test(
        "a production executable given test-runner arguments stays live",
        arguments: [
            [], ["report.xctest"], ["xctest"], ["--testing-library", "swift-testing"], ["/tmp/x/App.xctest", "xctest"],
        ])
    func argumentsDoNotSwitchAnApp(arguments: [String]) async throws {
        #if os(Linux)
        let result = try await Command.run(
            executable: Self.probe, arguments, in: URL(fileURLWithPath: "/tmp"), removing: Self.runnerVariables
        )
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("context=live"), "\(result.output)")
        #expect(result.stdout.contains("value=live value"), "\(result.output)")
        #endif
    }

    @Test("the runners' environment variables still make it a test process")
    func environmentStillCounts() async throws {
        #if os(Linux)
        let result = try await Command.run(
            executable: Self.probe, [], in: URL(fileURLWithPath: "/tmp"),
            environment: ["XCTestBundlePath": "/x/AppTests.xctest"]
        )
        #expect(result.stdout.contains("context=test"), "\(result.output)")
        #endif
    }
}
