import Foundation
import SeamAnalysis

/// The full audit of a folder, exactly as `seam audit` runs it: `Auditor(configuration:threads:)`
/// with the default configuration loads, parses and models every file, applies every rule and
/// computes the metrics and the dependency graph.
enum AuditRun {
    /// Audits `root` on `threads` threads and summarizes what was found as `key=value` fields
    /// (so the report can show that the audit did real work on the corpus).
    static func run(root: URL, threads: Int, cache: URL? = nil) async throws -> String {
        let report = try await Auditor(
            configuration: AuditConfiguration(), threads: threads, cache: cache.map(AnalysisCache.init(directory:))
        ).audit(root: root)
        let metrics = report.metrics
        return [
            "files=\(metrics.files)",
            "lines=\(metrics.lines)",
            "findings=\(report.findings.count)",
            "singletons=\(metrics.singletons)",
            "singleton_accesses=\(metrics.singletonAccesses)",
            "view_models=\(metrics.viewModels)",
            "bypasses=\(metrics.injectionBypasses)",
            "cycles=\(metrics.cycles)",
        ].joined(separator: " ")
    }
}
