// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamAnalysis/SeamAnalysis.docc/GettingStarted.md, compiled and run: each block is here
// verbatim (SeamTests' DocCCatalogTests checks every line is here).
import Foundation
import SeamAnalysis
import SeamTestSupport
import Testing

/// A struct, so the article's free functions are instance methods here.
struct AnalysisArticle {
    func auditDebt(in folder: URL) async throws -> AuditReport {
        let auditor = Auditor(configuration: AuditConfiguration())
        return try await auditor.audit(root: folder)
    }

    func summary(of report: AuditReport) -> String {
        let bypasses = report.findings.filter { $0.rule == .injectionBypass }
        return "\(report.metrics.singletons) singletons, \(report.metrics.singletonAccesses) .shared sites, "
            + "\(bypasses.count) injection bypasses, \(report.graph.cycles.count) cycles"
    }

    func renderings(of report: AuditReport) throws -> [String] {
        let text = TextReporter().render(report, context: ReportContext())
        let json = try JSONReporter().render(report, context: ReportContext())
        let mermaid = try GraphExporter.render(report.graph, as: .mermaid)
        return [text, json, mermaid]
    }

    /// A service singleton reached from a view model that takes another service in `init`.
    static let legacyFiles = [
        "App/APIClient.swift": "final class APIClient {\n    static let shared = APIClient()\n    func fetch() {}\n}\n",
        "App/ImageService.swift": "final class ImageService {\n    func load() {}\n}\n",
        "App/FeedViewModel.swift": """
            final class FeedViewModel {
                private let images: ImageService
                init(images: ImageService) { self.images = images }
                func load() { APIClient.shared.fetch() }
            }

            """,
    ]

    @Suite("Article: Getting started with SeamAnalysis")
    struct Tests {
        @Test("the audit counts the singleton, its access and the bypass; every rendering names the singleton")
        func audit() async throws {
            let folder = try TemporaryDirectory(prefix: "analysis-article", files: AnalysisArticle.legacyFiles)
            defer { folder.remove() }
            let report = try await AnalysisArticle().auditDebt(in: folder.url)
            #expect(AnalysisArticle().summary(of: report) == "1 singletons, 1 .shared sites, 1 injection bypasses, 0 cycles")
            for rendering in try AnalysisArticle().renderings(of: report) {
                #expect(rendering.contains("APIClient"), "\(rendering)")
            }
        }
    }
}
