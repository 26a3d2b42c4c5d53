#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What kind of process this is: test-runner environment variables, else a test framework's runtime
/// loaded in the process together with a test runner's command line.
///
/// xctest-dynamic-overlay's `isTesting` (used by swift-dependencies) reads the command line alone, so
/// any argument ending in `.xctest`, equal to `xctest` or `--testing-library` turns an app into a test
/// process. Here such arguments count only when XCTest or Swift Testing is loaded: a test bundle links
/// one of them, an app links neither, so no argument can switch a production executable to test values.
package enum ProcessKind: Sendable, Equatable {
    case app
    case tests
    case previews

    /// This process's kind, computed once.
    package static let current = ProcessKind(
        environmentContains: { getenv($0) != nil },
        environmentValue: { getenv($0).map { String(cString: $0) } },
        arguments: CommandLine.arguments,
        testFrameworkLoaded: XCTestBridge.isLoaded || swiftTestingIsLoaded
    )

    /// Whether Swift Testing is loaded in this process (its ABI entry point is exported by the library).
    static var swiftTestingIsLoaded: Bool {
        #if os(WASI)
        return false
        #else
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(process, "swt_abiv0_getEntryPoint") != nil
        #endif
    }

    /// The context a container without an explicit one uses.
    var context: DependencyContext {
        switch self {
        case .app: .live
        case .tests: .test
        case .previews: .preview
        }
    }

    /// Detects the kind from the environment, the command line and whether a test framework is loaded:
    /// - Xcode previews set `XCODE_RUNNING_FOR_PREVIEWS=1`;
    /// - XCTest (Xcode, `xctest`) sets `XCTestBundlePath`, `XCTestBundleInjectPath`,
    ///   `XCTestConfigurationFilePath` or `XCTestSessionIdentifier`; Bazel sets `BAZEL_TEST`;
    /// - SwiftPM runs `<Package>PackageTests.xctest` (Linux) or `swiftpm-testing-helper` (Apple
    ///   platforms) with `--testing-library`, or `xctest <bundle>.xctest`: these arguments count only
    ///   when `testFrameworkLoaded` (XCTest or Swift Testing is in the process).
    package init(
        environmentContains: (String) -> Bool,
        environmentValue: (String) -> String?,
        arguments: [String],
        testFrameworkLoaded: Bool
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
        guard testFrameworkLoaded else {
            self = .app
            return
        }
        let isTestArgument = { (argument: String) -> Bool in
            let lastComponent =
                argument.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? argument
            return argument == "--testing-library"
                || lastComponent == "swiftpm-testing-helper"
                || lastComponent == "xctest"
                || lastComponent.hasSuffix(".xctest")
        }
        self = arguments.contains(where: isTestArgument) ? .tests : .app
    }
}
