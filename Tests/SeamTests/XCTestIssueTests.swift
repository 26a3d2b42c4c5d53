import Dispatch
import Seam
import SeamLocking
import XCTest

/// Seam under XCTest, with nothing installed: a missing test value is an XCTest failure at the resolve
/// line, also when the test swallows the error, also from another thread while the test runs.
///
/// Each test captures the failures Seam records (XCTest on Linux has no `XCTExpectFailure`) and checks
/// them; any other failure goes to XCTest as usual.
final class XCTestIssueTests: XCTestCase {
    private struct Failure: Sendable { let description: String; let file: String; let line: Int }
    private let captured = Locked<[Failure]>([])

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if description.contains("has no test value") {
            captured.withLock { $0.append(Failure(description: description, file: filePath, line: lineNumber)) }
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    private var failures: [Failure] { captured.withLock { $0 } }

    func testASwallowedMissingTestValueFailsTheTestAtTheResolveLine() {
        XCTAssertEqual(DependencyContext.automatic, .test)
        let container = Container(name: "App")
        let line = #line + 1
        _ = try? container.resolve(AnalyticsKey.self)  // the error is swallowed; the failure is not
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.file, #filePath)
        XCTAssertTrue(failures.first?.description.contains("AnalyticsKey (Counter) has no test value") == true)
        XCTAssertFalse(LiveCalls.contains("AnalyticsKey"))
    }

    func testAForgottenMockThroughTheSubscriptFailsOnlyThisTest() {
        let container = Container(name: "App")
        let line = #line + 1
        let value = container[ForgottenMockWithPreviewKey.self]
        XCTAssertEqual(value.label, "preview")
        XCTAssertEqual(failures.map(\.line), [line])
    }

    func testInsideWithOverridesTheFailureIsRecordedToo() {
        let container = Container(name: "App")
        let resolved = try? withOverrides(context: .test) { try container.resolve(AnalyticsKey.self) }
        XCTAssertNil(resolved)
        XCTAssertEqual(failures.count, 1)
    }

    func testAResolveOnAnotherThreadWhileTheTestRunsFailsIt() {
        let container = Container(name: "App")
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? container.resolve(AnalyticsKey.self)
            done.signal()
        }
        done.wait()
        XCTAssertEqual(failures.count, 1)
    }
}
