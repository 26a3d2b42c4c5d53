import SeamAnalysis
import Testing

@Suite("suppressions, rule switches and severities")
struct SuppressionTests {
    static let source = """
        final class DataStore { static let shared = DataStore(); func load() {} }
        final class Feed {
            func a() { _ = DataStore.shared } // seam:ignore singleton-access
            // seam:ignore
            func b() { _ = DataStore.shared }
            // seam:ignore force-unwrap – a reason
            func c() { _ = DataStore.shared }
            func d() { let s = "seam:ignore"; _ = DataStore.shared }
            /* seam:ignore force-try, singleton-access */ func e() { _ = DataStore.shared }
        }
        """

    @Test("`seam:ignore` silences named rules (or all) on its line and the line below, only in comments")
    func inlineSuppressions() async throws {
        let report = try await audit(["Feed.swift": Self.source])
        #expect(report.lines(.singletonAccess) == ["Feed.swift:7", "Feed.swift:8"])
        // Counts describe the code; suppressions only silence findings.
        #expect(report.metrics.singletonAccesses == 5)
    }

    @Test("rules can be switched off and their severity overridden")
    func ruleSwitches() async throws {
        var configuration = AuditConfiguration()
        configuration.ruleSeverities = [.singletonAccess: nil, .singletonDeclaration: .error]
        let report = try await audit(["Feed.swift": Self.source], configuration: configuration)
        #expect(report.findings(.singletonAccess).isEmpty)
        #expect(report.findings(.singletonDeclaration).map(\.severity) == [.error])
        #expect(report.findings(.missingProtocol).map(\.severity) == [.warning])
    }
}
