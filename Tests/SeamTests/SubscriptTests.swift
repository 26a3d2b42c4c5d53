import Foundation
import Seam
import SeamTestSupport
import SeamLocking
import SeamTesting
import Testing

/// A key whose live factory cannot fail and that has no test value: the README's `ApiClientKey` shape.
enum ForgottenMockKey: DependencyKey {
    static func live(_ r: borrowing Resolver) -> Instance {
        LiveCalls.record("ForgottenMockKey")
        return Instance("live")
    }
}

/// The same, with a preview value: the stand-in the subscript returns after recording the issue.
enum ForgottenMockWithPreviewKey: DependencyKey {
    static var previewValue: Instance? { Instance("preview") }
    static func live(_ r: borrowing Resolver) -> Instance { Instance("live") }
}

/// A non-throwing key whose factory reads itself through a container: a cycle the subscript can't return from.
enum SubscriptCycleKey: DependencyKey {
    static let container = Container(name: "Cycle", context: .live)
    static func live(_ r: borrowing Resolver) -> Instance { container[SubscriptCycleKey.self] }
}

@Suite("container[Key.self] in a test")
struct SubscriptTests {
    @Test(
        "a forgotten mock is recorded at the subscript's line, this test fails, and the process goes on",
        .seamDependencies)
    func forgottenMockFailsOnlyThisTest() {
        let container = Container(name: "App")
        let line = #line + 2
        withKnownIssue {
            let value = container[ForgottenMockWithPreviewKey.self]
            #expect(value.label == "preview")
        } matching: { issue in
            issue.sourceLocation?.fileID == "SeamTests/SubscriptTests.swift" && issue.sourceLocation?.line == line
                && issue.comments.contains {
                    $0.rawValue.contains("ForgottenMockWithPreviewKey (Instance) has no test value")
                }
        }
    }

    @Test(
        "a forgotten mock read in a composition root in another file is recorded at the test, naming the root's line",
        .seamDependencies)
    func forgottenMockInACompositionRoot() {
        let container = Container(name: "App")
        withKnownIssue {
            #expect(ForgottenMockRoot.make(container).label == "preview")
        } matching: { issue in
            issue.sourceLocation?.fileID == "SeamTests/SubscriptTests.swift"
                && issue.comments.contains {
                    $0.rawValue.contains("(resolved at SeamTests/Fixtures.swift:\(ForgottenMockRoot.line))")
                }
        }
    }

    @Test(
        "without a preview value the stand-in is the live factory's, resolved after the issue is recorded",
        .seamDependencies)
    func standInWithoutPreviewValue() {
        let container = Container(name: "App")
        withKnownIssue {
            #expect(container[ForgottenMockKey.self].label == "live")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("ForgottenMockKey (Instance) has no test value") }
        }
    }

    @Test("in an app (seam-context-probe --cycle), the cycle's message reaches standard error")
    func cycleMessageInAnExecutable() async throws {
        #if os(Linux)
        let probe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("seam-context-probe")
        let result = try await Command.run(executable: probe, ["--cycle"], in: URL(fileURLWithPath: "/tmp"))
        #expect(result.status != 0)
        #expect(result.stderr.contains("Dependency cycle: ProbeCycleKey → ProbeCycleKey"), "\(result.output)")
        #endif
    }

    @Test(
        "a cycle through the subscript stops the process with a message naming the path (fatalError: kept in release builds)"
    )
    func cycleStopsWithItsMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SubscriptCycleKey.container[SubscriptCycleKey.self]
        }
        .map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Dependency cycle: SubscriptCycleKey → SubscriptCycleKey"), "\(text)")
        }
    }
}
