import Testing
@testable import SeamAnalysis

@Suite("Markdown report")
struct MarkdownReporterTests {
    private let output = MarkdownReporter().render(ReportFixtures.report(), context: ReportContext())

    @Test func startsWithTheProgressTable() {
        #expect(
            output.hasPrefix(
                "## Seam audit: `Examples/App`\n\n35 files, 1,245 lines. 5 findings: 1 error, 3 warnings, 1 note.\n"))
        let table = """
            | Metric | Value |
            |---|---:|
            | Singletons | 8 |
            | `.shared` sites | 33 |
            | `.shared` sites in view models | 18 |
            | `.shared` sites in views | 2 |
            | `.shared` sites in services | 11 |
            | `.shared` sites in other code | 2 |
            | View models using injection | 2/6 (33%) |
            | Services with protocols | 2/8 (25%) |
            | Injection bypasses | 2 |
            | Injected, singleton default | 1 |
            | Dependency cycles | 1 |
            """
        #expect(output.contains(table))
    }

    @Test func ranksRulesSingletonsAndTypes() {
        #expect(output.contains("| `singleton-access` | 2 |"))
        #expect(
            output.contains(
                "### Most-reached singletons\n\n| Singleton | `.shared` sites |\n|---|---:|\n| `DataStore` | 2 |"))
        let offenders = """
            | `AuthManager` | 2 | 1 | `Sources/App/AuthManager.swift` |
            | `SpotDetailViewModel` | 2 | 1 | `Sources/App/SpotDetailViewModel.swift` |
            | `ForecastViewModel` | 1 | 0 | `Sources/App/ForecastViewModel.swift` |
            """
        #expect(output.contains(offenders))
    }

    @Test func listsCyclesAsPaths() {
        #expect(output.hasSuffix("### Dependency cycles\n\n- `AuthManager` → `DataStore` → `AuthManager`\n"))
    }

    @Test func topCountLimitsTheTables() {
        let short = MarkdownReporter(topCount: 1).render(ReportFixtures.report(), context: ReportContext())
        #expect(short.contains("| `AuthManager` | 2 | 1 |"))
        #expect(!short.contains("| `SpotDetailViewModel` | 2 |"))
    }

    @Test func aCleanReportHasOnlyTheTable() {
        let clean = MarkdownReporter().render(
            AuditReport(root: ".", findings: [], metrics: AuditMetrics(), graph: DependencyGraph()),
            context: ReportContext()
        )
        #expect(clean.contains("No findings."))
        #expect(!clean.contains("###  Findings by rule") && !clean.contains("Top offenders"))
        #expect(clean.contains("| View models using injection | 0/0 |"))
    }
}
