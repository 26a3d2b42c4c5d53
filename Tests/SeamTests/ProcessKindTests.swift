import Seam
import Testing

@Suite("Detecting a test process")
struct ProcessKindTests {
    private func kind(environment: [String: String] = [:], arguments: [String]) -> ProcessKind {
        ProcessKind(
            environmentContains: { environment[$0] != nil },
            environmentValue: { environment[$0] },
            arguments: arguments
        )
    }

    @Test("SwiftPM's test runners, xctest and Xcode's XCTest are test processes", arguments: [
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
        #expect(kind(arguments: ["/Applications/Surf.app/Contents/MacOS/Surf", "-NSDocumentRevisionsDebugMode", "YES"]) == .app)
        #expect(kind(arguments: ["seam", "audit", "Tests.xctestplan"]) == .app)
        #expect(kind(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"], arguments: ["Surf"]) == .previews)
    }

    @Test("this process is a test process")
    func current() {
        #expect(ProcessKind.current == .tests)
        #expect(DependencyContext.automatic == .test)
    }
}
