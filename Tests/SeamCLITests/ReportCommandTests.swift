import Foundation
import SeamTestSupport
import Testing

/// `seam report`, run as a user would: one HTML page, and the history it charts.
@Suite("seam report")
struct ReportCommandTests {
    @Test func theLegacyAppsPageHasItsWholeGraphAndEveryFinding() async throws {
        let folder = try TemporaryDirectory(prefix: "report")
        defer { folder.remove() }
        let page = folder.url("report.html")
        let result = try await SeamCLI.run(["report", "Examples/LegacyApp", "--output", page.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))

        let audit = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--format", "json"])
        let report = try #require(JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [Any])
        #expect(html.components(separatedBy: "<li class=\"finding ").count - 1 == findings.count)
        let expected = try GraphCounts.expected(fromAudit: audit.stdout)
        #expect(
            html.contains(
                "data-node-count=\"\(expected.nodes)\" data-edge-count=\"\(expected.edges)\" data-grouped=\"no\""))
        #expect(html.contains("The codebase is in <strong>phase 1: Foundation</strong>"))
    }

    @Test func theHistoryIsChartedAndACorruptLineIsSkippedWithAWarningNamingIt() async throws {
        let folder = try TemporaryDirectory(prefix: "report-history")
        defer { folder.remove() }
        let history = folder.url("history.jsonl").path
        let first = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--history", history])
        #expect(first.status == 1, "\(first.stderr)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: history))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"not\": \"metrics\"}\n".utf8))
        try handle.close()
        let second = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--history", history])
        #expect(second.status == 1, "\(second.stderr)")

        let result = try await SeamCLI.run(["report", "Examples/LegacyApp", "--history", history])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("seam: warning: \(history):2: not a metrics line: missing key "))
        #expect(result.stderr.contains("(line skipped)"))
        #expect(result.stdout.contains("<p class=\"muted\">2 runs from "))
        #expect(result.stdout.components(separatedBy: "<figure class=\"metric-chart\">").count == 8)
    }

    /// Issue 22: the charts draw the goals the audited folder's `.seam.yml` sets, and say so.
    @Test func theChartsDrawTheGoalsOfTheSeamYml() async throws {
        let folder = try TemporaryDirectory(
            prefix: "report-goals",
            files: [
                "App/Store.swift": "final class Store { static let shared = Store(); func load() {} }\n",
                "App/Feed.swift": "final class Feed { func refresh() { Store.shared.load() } }\n",
                "App/.seam.yml": "goals:\n  singleton-accesses: 0\n  services-with-protocols: 100%\n",
            ])
        defer { folder.remove() }
        let app = folder.url("App").path
        let history = folder.url("history.jsonl").path
        for _ in 0..<2 { _ = try await SeamCLI.run(["audit", app, "--history", history]) }
        let result = try await SeamCLI.run(["report", app, "--history", history])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "<line class=\"goal\"").count == 3, "\(result.stdout)")
        #expect(result.stdout.contains("<title>Goal: 100%</title>"))
        #expect(result.stdout.contains("Dashed lines are the goals <code>.seam.yml</code> sets"))
    }

    @Test func aMissingHistoryIsAUsageErrorNamingIt() async throws {
        let result = try await SeamCLI.run(["report", "Examples/LegacyApp", "--history", "/nonexistent/history.jsonl"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "seam: error: /nonexistent/history.jsonl: cannot read the history (no such file or directory)\n")
        #expect(result.stdout.isEmpty)
    }
}

/// The boxes and arrows `seam report` should draw for an audit: read from the audit's JSON graph, grouped the
/// way the report groups a large graph (by target, the top folder for a folder without a build file).
enum GraphCounts {
    static func expected(fromAudit json: String, groupedByTopFolder: Bool = false) throws -> (nodes: Int, edges: Int) {
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let graph = try #require(report["graph"] as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        let edges = try #require(graph["edges"] as? [[String: Any]])
        var names = Set(nodes.compactMap { $0["name"] as? String })
        for edge in edges {
            names.insert(try #require(edge["from"] as? String))
            names.insert(try #require(edge["to"] as? String))
        }
        guard groupedByTopFolder else { return (names.count, edges.count) }
        var groupOf: [String: String] = [:]
        for node in nodes {
            let file = ((node["location"] as? [String: Any])?["file"] as? String)
            groupOf[node["name"] as? String ?? ""] = file.map { String($0.split(separator: "/")[0]) } ?? "(outside)"
        }
        var arrows = Set<String>()
        for edge in edges {
            let from = groupOf[edge["from"] as? String ?? ""] ?? "(outside)",
                to = groupOf[edge["to"] as? String ?? ""] ?? "(outside)"
            if from != to { arrows.insert("\(from)|\(to)|\(edge["kind"] as? String ?? "")") }
        }
        return (Set(names.map { groupOf[$0] ?? "(outside)" }).count, arrows.count)
    }
}
