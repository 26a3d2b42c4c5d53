import Foundation
import SeamTestSupport
import Testing
@testable import SeamAnalysis

@Suite("JSON report")
struct JSONReporterTests {
    private func render(_ report: AuditReport = ReportFixtures.report(), baselineMatched: Int = 0) throws
        -> [String: Any]
    {
        let text = try JSONReporter().render(report, context: ReportContext(baselineMatched: baselineMatched))
        return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func validatesAgainstThePublishedSchema() async throws {
        let text = try JSONReporter().render(ReportFixtures.report(), context: ReportContext(baselineMatched: 3))
        let errors = try await SchemaValidator.errors(in: text, schema: SchemaValidator.auditReport)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func anEmptyReportValidatesToo() async throws {
        let empty = AuditReport(root: ".", findings: [], metrics: AuditMetrics(), graph: DependencyGraph())
        let text = try JSONReporter().render(empty, context: ReportContext())
        let errors = try await SchemaValidator.errors(in: text, schema: SchemaValidator.auditReport)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func theSchemaRejectsADocumentMissingAField() async throws {
        var object = try render()
        object.removeValue(forKey: "metrics")
        let data = try JSONSerialization.data(withJSONObject: object)
        let errors = try await SchemaValidator.errors(
            in: String(decoding: data, as: UTF8.self), schema: SchemaValidator.auditReport
        )
        #expect(errors.contains { $0.contains("'metrics' is a required property") }, "\(errors)")
    }

    @Test func carriesVersionCountsAndEveryRole() throws {
        let object = try render(baselineMatched: 4)
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(object["baselineMatched"] as? Int == 4)
        let counts = try #require(object["findingCounts"] as? [String: Int])
        #expect(counts == ["total": 5, "error": 1, "warning": 3, "note": 1])
        let metrics = try #require(object["metrics"] as? [String: Any])
        let byRole = try #require(metrics["singletonAccessesByRole"] as? [String: Int])
        #expect(byRole == ["view-model": 18, "view": 2, "service": 11, "coordinator": 0, "model": 0, "other": 2])
    }

    @Test func findingsAreSortedAndKeepNulls() throws {
        let finding = Finding(
            rule: .forceTry, severity: .warning, location: SourceLocation(file: "A.swift", line: 1, column: 1),
            message: "try!", fixHint: "Handle the error."
        )
        let object = try render(ReportFixtures.report(findings: ReportFixtures.findings + [finding]))
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(
            findings.map { $0["file"] as? String } == [
                "A.swift", "Sources/App/AuthManager.swift", "Sources/App/AuthManager.swift",
                "Sources/App/ForecastViewModel.swift", "Sources/App/SpotDetailViewModel.swift",
                "Sources/App/SpotDetailViewModel.swift",
            ])
        #expect(findings[0]["type"] is NSNull)
        #expect(findings[0]["subject"] is NSNull)
        #expect(findings[0]["fingerprint"] as? String == finding.fingerprint)
    }

    @Test func graphEdgesOnACycleAreFlagged() throws {
        let graph = try #require(try render()["graph"] as? [String: Any])
        let edges = try #require(graph["edges"] as? [[String: Any]])
        let flagged = edges.filter { $0["inCycle"] as? Bool == true }.map { "\($0["from"] ?? "")->\($0["to"] ?? "")" }
        #expect(flagged == ["AuthManager->DataStore", "DataStore->AuthManager"])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        #expect(nodes[1]["location"] is NSNull)
        #expect((nodes[0]["location"] as? [String: Any])?["line"] as? Int == 7)
    }
}
