import Testing

@testable import SeamAnalysis

@Suite("#if conditions: which hold in debug, preview and test builds only")
struct CompilationConditionTests {
    @Test(
        "a debug flag, alone, in a conjunction or in a disjunction of debug flags is debug-only",
        arguments: [
            "DEBUG", "PREVIEWS", "UI_TESTING", "SNAPSHOT_TESTS", "DEBUG && os(iOS)", "(DEBUG)",
            "DEBUG || PREVIEWS", "canImport(UIKit) && (DEBUG || MOCK)", "os(macOS) && DEBUG || TESTING",
        ])
    func debugOnly(condition: String) {
        #expect(CompilationCondition.isDebugOnly(condition))
    }

    @Test(
        "a negated flag, a longer word, a release flag beside a debug one, platforms and garbage are not",
        arguments: [
            "!DEBUG", "RELEASE && !DEBUG", "TESTFLIGHT", "DEBUGGABLE", "DEBUG || TESTFLIGHT", "os(iOS)", "TEST_FLIGHT",
            "AB_TESTING",
            "canImport(UIKit)", "swift(>=5.9)", "!(DEBUG || PREVIEWS)", "DEBUG &&", "DEBUG // a comment", "",
        ])
    func notDebugOnly(condition: String) {
        #expect(!CompilationCondition.isDebugOnly(condition))
    }

    @Test("a force unwrap under #if TESTFLIGHT or `RELEASE && !DEBUG` is reported; one under #if DEBUG is not")
    func forceUnwrapsByCondition() async throws {
        let report = try await audit([
            "Flags.swift": """
            func read(_ value: Int?) -> Int {
                #if TESTFLIGHT
                return value!
                #elseif RELEASE && !DEBUG
                return value!
                #elseif DEBUG && os(iOS)
                return value!
                #else
                return 0
                #endif
            }
            """
        ])
        #expect(report.lines(.forceUnwrap) == ["Flags.swift:3", "Flags.swift:5"])
    }
}
