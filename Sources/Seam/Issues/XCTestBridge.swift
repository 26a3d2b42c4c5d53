#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// XCTest's `XCTFail(_:file:line:)`, found at run time when XCTest is loaded in this process (a test
/// bundle links it; an app never does), so that Seam issues fail XCTest tests without Seam linking
/// XCTest. xctest-dynamic-overlay's `IssueReporting` looks the function up the same way.
///
/// XCTest records a failure on the test case running at the moment of the call, whatever the thread:
/// work that escaped its test but runs while it does still fails it. A call while no XCTest test
/// runs (a Swift Testing run, or after the last XCTest test) is dropped by XCTest.
enum XCTestBridge {
    private typealias Fail = @convention(thin) (String, StaticString, UInt) -> Void

    /// The mangled name of `XCTest.XCTFail(_: String, file: StaticString, line: UInt)`, the same in
    /// swift-corelibs-xctest (Linux, Windows) and Apple's XCTest.
    private static let symbol = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"

    /// The function's address, looked up once (`nil` when XCTest is not loaded).
    private nonisolated(unsafe) static let address: UnsafeMutableRawPointer? = {
        #if os(WASI)
        return nil
        #else
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        return dlsym(process, symbol)
        #endif
    }()

    /// Whether XCTest is loaded in this process.
    static var isLoaded: Bool { address != nil }

    /// Records `issue` as a failure of the XCTest test running now, at the issue's location; returns
    /// whether XCTest is loaded (whether the call was made).
    @discardableResult
    static func fail(_ issue: SeamIssue) -> Bool {
        guard let address else { return false }
        let fail = unsafeBitCast(address, to: Fail.self)
        // XCTest takes the file as a `StaticString`: the resolve call's own `#filePath` when Seam made the
        // issue; otherwise the location is kept in the message.
        if let file = issue.staticFilePath {
            fail(issue.message, file, UInt(clamping: issue.line))
        } else {
            fail("\(issue.message) (\(issue.filePath):\(issue.line))", #filePath, #line)
        }
        return true
    }
}
