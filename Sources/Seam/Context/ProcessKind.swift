#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What kind of process this is, detected the way the ecosystem does it (xctest-dynamic-overlay's
/// `isTesting`, used by swift-dependencies): test-runner environment variables and arguments.
package enum ProcessKind: Sendable, Equatable {
    case app
    case tests
    case previews

    /// This process's kind, computed once.
    package static let current = ProcessKind(
        environmentContains: { getenv($0) != nil },
        environmentValue: { getenv($0).map { String(cString: $0) } },
        arguments: CommandLine.arguments
    )

    /// The context a container without an explicit one uses.
    var context: DependencyContext {
        switch self {
        case .app: .live
        case .tests: .test
        case .previews: .preview
        }
    }

    /// Detects the kind from the environment and the command line:
    /// - Xcode previews set `XCODE_RUNNING_FOR_PREVIEWS=1`;
    /// - XCTest (Xcode, `xctest`) sets `XCTestBundlePath`, `XCTestBundleInjectPath`,
    ///   `XCTestConfigurationFilePath` or `XCTestSessionIdentifier`; Bazel sets `BAZEL_TEST`;
    /// - SwiftPM runs `<Package>PackageTests.xctest` (Linux) or `swiftpm-testing-helper` (Apple
    ///   platforms) with `--testing-library`, or `xctest <bundle>.xctest`.
    package init(
        environmentContains: (String) -> Bool,
        environmentValue: (String) -> String?,
        arguments: [String]
    ) {
        if environmentValue("XCODE_RUNNING_FOR_PREVIEWS") == "1" {
            self = .previews
            return
        }
        let testVariables = [
            "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath", "XCTestSessionIdentifier",
            "BAZEL_TEST",
        ]
        if testVariables.contains(where: environmentContains) {
            self = .tests
            return
        }
        let isTestArgument = { (argument: String) -> Bool in
            let lastComponent = argument.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? argument
            return argument == "--testing-library"
                || lastComponent == "swiftpm-testing-helper"
                || lastComponent == "xctest"
                || lastComponent.hasSuffix(".xctest")
        }
        self = arguments.contains(where: isTestArgument) ? .tests : .app
    }
}
