import Foundation
import SeamTestSupport
import Testing
@testable import SeamAnalysis

@Suite("Metrics history")
struct MetricsHistoryTests {
    /// Metrics as the auditor makes them: every role present.
    private var metrics: AuditMetrics {
        var metrics = ReportFixtures.metrics
        for role in TypeRole.allCases where metrics.singletonAccessesByRole[role] == nil {
            metrics.singletonAccessesByRole[role] = 0
        }
        return metrics
    }

    private let date = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func aLineHoldsTheDateTheCommitAndTheMetricsAsTheJSONReportWritesThem() throws {
        let line = try MetricsHistory.line(for: .init(date: date, commit: "abc123", metrics: metrics))
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("{\"commit\":\"abc123\",\"date\":\"2026-11-18T"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        let lineMetrics = try #require(object["metrics"] as? [String: Any])
        let report = AuditReport(root: ".", findings: [], metrics: metrics, graph: DependencyGraph())
        let json = try JSONReporter().render(report, context: ReportContext())
        let reportObject = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let reportMetrics = try #require(reportObject["metrics"] as? [String: Any])
        #expect(NSDictionary(dictionary: lineMetrics).isEqual(to: reportMetrics))
    }

    @Test func anEntryOutsideGitHasANullCommit() throws {
        let line = try MetricsHistory.line(for: .init(date: date, commit: nil, metrics: metrics))
        #expect(line.hasPrefix("{\"commit\":null,"))
    }

    @Test func appendingAddsALineAndNeverRewritesEarlierOnes() throws {
        let folder = try TemporaryDirectory(prefix: "history")
        defer { folder.remove() }
        let path = folder.url("history.jsonl").path
        try MetricsHistory.append(.init(date: date, commit: "a", metrics: metrics), to: path)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        var later = metrics
        later.singletons = 3
        try MetricsHistory.append(.init(date: date.addingTimeInterval(86_400), commit: nil, metrics: later), to: path)
        let both = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(both.prefix(first.count) == first)
        #expect(both.filter { $0 == 0x0A }.count == 2)

        let history = try MetricsHistory.load(from: path)
        #expect(history.skipped.isEmpty)
        #expect(history.entries.map(\.commit) == ["a", nil])
        #expect(history.entries.map(\.metrics) == [metrics, later])
        #expect(history.entries.map(\.date) == [date, date.addingTimeInterval(86_400)])
    }

    @Test func aLineCutShortStaysApartFromTheNextAndIsSkippedWithItsLineNumber() throws {
        let folder = try TemporaryDirectory(prefix: "history")
        defer { folder.remove() }
        let good = try MetricsHistory.line(for: .init(date: date, commit: "a", metrics: metrics))
        try folder.write(good + "\n\n{\"schemaVersion\":1,\"date\":", to: "history.jsonl")
        let path = folder.url("history.jsonl").path
        try MetricsHistory.append(.init(date: date, commit: "b", metrics: metrics), to: path)

        let history = try MetricsHistory.load(from: path)
        #expect(history.entries.map(\.commit) == ["a", "b"])
        #expect(history.skipped.count == 1)
        let problem = try #require(history.skipped.first)
        #expect(problem.line == 3)
        #expect(problem.description.hasPrefix("\(path):3: not a metrics line: malformed JSON"))
    }

    @Test func aLineOfTheWrongShapeNamesTheKey() throws {
        let data = Data(
            "{\"schemaVersion\":1,\"date\":\"2026-11-18T00:00:00Z\",\"commit\":null,\"metrics\":{\"files\":\"many\"}}\n"
                .utf8)
        let history = MetricsHistory.parse(data, path: "h.jsonl")
        #expect(history.entries.isEmpty)
        #expect(
            history.skipped.map(\.description) == [
                "h.jsonl:1: not a metrics line: 'metrics.files' is not an integer; expected {\"schemaVersion\": 1, \"date\": ..., \"metrics\": {...}}"
            ])
    }

    @Test func aLaterFormatVersionIsSkippedNotMisread() throws {
        var line = try MetricsHistory.line(for: .init(date: date, commit: nil, metrics: metrics))
        line = line.replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\":9")
        let history = MetricsHistory.parse(Data(line.utf8), path: "h.jsonl")
        #expect(history.entries.isEmpty)
        #expect(history.skipped.first?.reason == "history format version 9 is not supported (expected 1)")
    }

    @Test func aFolderOrAMissingFileIsAnErrorNamingIt() throws {
        let folder = try TemporaryDirectory(prefix: "history")
        defer { folder.remove() }
        #expect(throws: MetricsHistoryError.self) {
            try MetricsHistory.append(.init(date: date, commit: nil, metrics: metrics), to: folder.path)
        }
        do {
            _ = try MetricsHistory.load(from: folder.url("missing.jsonl").path)
            Issue.record("a missing history was read")
        } catch {
            #expect(
                error.description
                    == "\(folder.url("missing.jsonl").path): cannot read the history (no such file or directory)")
        }
    }

    @Test func theCommitIsHEADInGitAndNilOutside() async throws {
        let folder = try TemporaryDirectory(prefix: "history-git")
        defer { folder.remove() }
        #expect(GitRevision.head(of: folder.url) == nil)
        try folder.write("x\n", to: "file.txt")
        let environment = [
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.com",
        ]
        _ = try await Command.run("git", ["init", "-q"], in: folder.url, environment: environment)
        #expect(GitRevision.head(of: folder.url) == nil)  // no commit yet
        _ = try await Command.run("git", ["add", "."], in: folder.url, environment: environment)
        _ = try await Command.run("git", ["commit", "-qm", "one"], in: folder.url, environment: environment)
        let head = try await Command.run("git", ["rev-parse", "HEAD"], in: folder.url)
        let commit = try #require(GitRevision.head(of: folder.url))
        #expect(commit == head.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(commit.count == 40)
    }
}
