import Foundation
import Testing
@testable import SeamAnalysis

@Suite("HTML report")
struct HTMLReportTests {
    private static let files = [
        "Sources/App/Store.swift": """
        final class Store {
            static let shared = Store()
            func save() {}
        }
        """,
        "Sources/App/ProfileViewModel.swift": """
        final class ProfileViewModel {
            func load() {
                Store.shared.save() // </script><script>alert("x")</script> & 'quotes'
            }
        }
        """,
    ]

    /// The audit, the roadmap and the page of `files`.
    private func page(
        _ files: [String: String] = Self.files, history: MetricsHistory? = nil, clusterThreshold: Int = 150,
        goals: [ProgressMetric: Double] = [:]
    ) async throws -> (AuditReport, String) {
        let fixture = try Fixture(files)
        defer { fixture.remove() }
        let codebase = try await Codebase.load(root: fixture.root)
        var (report, roadmap) = Auditor().auditAndRoadmap(codebase)
        report.root = "App"  // as given on the command line, not the fixture's temporary folder
        roadmap.root = "App"
        let html = HTMLReport(
            report: report, roadmap: roadmap, history: history,
            excerpts: SourceExcerpts(root: fixture.root, files: report.findings.map(\.location.file)),
            targets: Dictionary(uniqueKeysWithValues: codebase.files.map { ($0.path, $0.target) }),
            clusterThreshold: clusterThreshold, goals: goals
        ).render()
        return (report, html)
    }

    @Test func theSourceLinesAreEscapedNotRun() async throws {
        let (_, html) = try await page()
        #expect(!html.contains("<script>alert"))
        #expect(
            html.contains(
                "Store.shared.save() // &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;"
            ))
        // The page's own script is the only one.
        #expect(html.components(separatedBy: "<script>").count == 2)
    }

    @Test func itLoadsNothingFromTheNetwork() async throws {
        let (_, html) = try await page()
        #expect(!html.contains("src="))
        #expect(!html.contains("href="))
        #expect(!html.contains("@import"))
        let withoutNamespace = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(withoutNamespace.range(of: "://") == nil)
        // The page's own markers.
        #expect(html.components(separatedBy: "url(").dropFirst().allSatisfy { $0.hasPrefix("#") })
        #expect(html.contains("default-src 'none'"))
    }

    @Test func itShowsTheProgressTableTheRoadmapPhaseAndTheGraph() async throws {
        let (report, html) = try await page()
        for row in ProgressTable(metrics: report.metrics).rows {
            #expect(html.contains("<td class=\"num\">\(row.value)"), "\(row.label)")
        }
        #expect(html.contains("The codebase is in <strong>phase 1: Foundation</strong>"))
        #expect(html.contains("data-node-count=\"2\" data-edge-count=\"1\""))
        #expect(html.contains("class=\"node role-service singleton\""))
        #expect(html.contains("class=\"edge singleton\""))
        #expect(html.contains("data-type=\"ProfileViewModel\""))
        #expect(html.contains("No history yet"))
    }

    @Test func theFindingLineIsMarkedInItsExcerpt() async throws {
        let (_, html) = try await page()
        #expect(html.contains("<span class=\"line hit\"><span class=\"ln\">3</span>        Store.shared.save()"))
        #expect(html.contains("<span class=\"line\"><span class=\"ln\">1</span>final class ProfileViewModel {</span>"))
    }

    @Test func theSameAuditGivesTheSamePage() async throws {
        let (_, first) = try await page()
        let (_, second) = try await page()
        #expect(first == second)
    }

    @Test func aLargeGraphIsDrawnOneBoxPerTarget() async throws {
        var files: [String: String] = [:]
        for module in 0..<4 {
            for index in 0..<10 {
                let name = "T\(module)x\(index)"
                let next = module < 3 ? "T\(module + 1)x\(index).shared.run()" : ""
                files["M\(module)/\(name).swift"] =
                    "final class \(name) {\n    static let shared = \(name)()\n    func run() { \(next) }\n}\n"
            }
        }
        let (_, html) = try await page(files, clusterThreshold: 20)
        #expect(html.contains("data-node-count=\"4\" data-edge-count=\"3\" data-grouped=\"yes\""))
        #expect(html.contains("data-filter-key=\"group\" data-filter=\"M0\""))
        #expect(html.contains("10 types · 10 singletons"))
        #expect(html.contains("data-group=\"M1\""))
    }

    @Test func theHistoryIsChartedMetricByMetric() async throws {
        var before = AuditMetrics()
        before.singletons = 5
        before.singletonAccesses = 12
        var after = before
        after.singletons = 1
        let history = MetricsHistory(entries: [
            .init(date: Date(timeIntervalSince1970: 1_790_000_000), commit: "0123456789abcdef", metrics: before),
            .init(date: Date(timeIntervalSince1970: 1_795_000_000), commit: nil, metrics: after),
        ])
        let (_, html) = try await page(history: history)
        #expect(html.components(separatedBy: "<figure class=\"metric-chart\">").count == HistoryChart.series.count + 1)
        #expect(html.contains("<span class=\"delta better\">−4 since 2026-09-21</span>"))
        #expect(html.contains("<title>2026-09-21 · 01234567: 5</title>"))
        #expect(html.contains("sets no goals for these metrics"))
        #expect(!html.contains("class=\"goal\""))
    }

    /// Issue 22: each chart draws the goal `.seam.yml` sets for its metric as a dashed line inside the plot, on a scale
    /// that takes the goal in (12 and 12 `.shared` sites, goal 0: the line at the bottom of the plot).
    @Test func theHistoryChartsDrawTheGoals() async throws {
        var metrics = AuditMetrics()
        metrics.singletonAccesses = 12
        metrics.viewModels = 4
        metrics.viewModelsUsingInjection = 1
        let history = MetricsHistory(entries: [
            .init(date: Date(timeIntervalSince1970: 1_790_000_000), commit: nil, metrics: metrics),
            .init(date: Date(timeIntervalSince1970: 1_795_000_000), commit: nil, metrics: metrics),
        ])
        let (_, html) = try await page(
            history: history, goals: [.singletonAccesses: 0, .viewModelsUsingInjection: 100])
        #expect(html.components(separatedBy: "<line class=\"goal\"").count == 3)
        #expect(
            html.contains(
                "<line class=\"goal\" x1=\"40.0\" y1=\"92\" x2=\"290.0\" y2=\"92\"><title>Goal: 0</title></line>"),
            "\(html)")
        #expect(
            html.contains(
                "<line class=\"goal\" x1=\"40.0\" y1=\"14\" x2=\"290.0\" y2=\"14\"><title>Goal: 100%</title></line>"))
        #expect(html.contains("Dashed lines are the goals"))
    }

    @Test func htmlTextEscapesMarkupAndControlCharacters() {
        #expect(HTMLText.escape("<a href='x'>&\"\u{0}") == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;\u{FFFD}")
        #expect(HTMLText.withCode("Inject `A<B>` into `C`") == "Inject <code>A&lt;B&gt;</code> into <code>C</code>")
        #expect(HTMLText.withCode("one ` backtick") == "one ` backtick")
        #expect(HTMLText.number(12.25) == "12.3" && HTMLText.number(-3) == "-3" && HTMLText.number(0.04) == "0")
    }
}
