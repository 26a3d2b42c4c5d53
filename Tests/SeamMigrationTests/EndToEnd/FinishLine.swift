import Foundation
import SeamTestSupport
import Testing

/// Expects a migrated copy of `Examples/LegacyApp` at the roadmap's finish line, as `seam audit` and `seam plan`
/// report it: only the kept global singletons (`KeychainHelper`, `AnalyticsLogger`), no bypass, every one of the 6
/// view models injected, no cycle and no `.shared` site left to migrate. Returns the plan's progress table.
@discardableResult
func expectFinishLine(
    of copy: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [[String: Any]] {
    let audit = try await SeamCLI.run(["audit", copy.path, "--format", "json"], in: copy.url)
    let report = try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any]
    let metrics = try #require(
        report?["metrics"] as? [String: Any], "\(audit.output.prefix(2000))", sourceLocation: sourceLocation)
    #expect(metrics["injectionBypasses"] as? Int == 0, sourceLocation: sourceLocation)
    #expect((metrics["singletonAccessesByRole"] as? [String: Int])?["view-model"] == 0, sourceLocation: sourceLocation)
    #expect(metrics["viewModels"] as? Int == 6, sourceLocation: sourceLocation)
    #expect(metrics["viewModelsUsingInjection"] as? Int == 6, sourceLocation: sourceLocation)
    #expect(
        metrics["singletons"] as? Int == 2, "only the kept global ones: KeychainHelper, AnalyticsLogger",
        sourceLocation: sourceLocation)
    #expect(metrics["cycles"] as? Int == 0, sourceLocation: sourceLocation)
    let findings = report?["findings"] as? [[String: Any]] ?? []
    #expect(!findings.contains { $0["rule"] as? String == "injection-bypass" }, sourceLocation: sourceLocation)
    #expect(!findings.contains { $0["rule"] as? String == "dependency-cycle" }, sourceLocation: sourceLocation)
    // The roadmap's view: nothing left to migrate outside the composition root and the kept singletons.
    let plan = try await SeamCLI.run(["plan", copy.path, "--format", "json"], in: copy.url)
    let roadmap = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any]
    let progress = try #require(
        roadmap?["progress"] as? [[String: Any]], "\(plan.output.prefix(2000))", sourceLocation: sourceLocation)
    let sites = progress.first { $0["metric"] as? String == "`.shared` sites to migrate" }
    #expect(sites?["current"] as? String == "0", sourceLocation: sourceLocation)
    return progress
}
