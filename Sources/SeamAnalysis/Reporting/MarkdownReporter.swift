/// A Markdown summary for a pull request comment, a job summary or a roadmap document: the migration
/// progress table, findings per rule, the most-reached singletons, the types with the most findings and
/// the dependency cycles.
public struct MarkdownReporter: AuditReporter {
    /// How many rows the "top" tables show.
    public var topCount: Int

    /// Creates a reporter whose top tables show `topCount` rows (default 10).
    public init(topCount: Int = 10) {
        self.topCount = topCount
    }

    /// A `## Seam audit` section: the summary and progress table, then findings by rule, most-reached singletons,
    /// top offenders and cycles, each only when there is something to list.
    public func render(_ report: AuditReport, context: ReportContext) -> String {
        var lines = [
            "## Seam audit: `\(report.root)`",
            "",
            "\(report.metrics.files.grouped) files, \(report.metrics.lines.grouped) lines. "
                + TextReporter.summaryLine(report, context: context, style: .init(enabled: false)) + ".",
            "",
            "### Migration progress",
            "",
            "| Metric | Value |",
            "|---|---:|",
        ]
        for row in ProgressTable(metrics: report.metrics).rows {
            let value = row.percentage.map { "\(row.value) (\($0))" } ?? row.value
            lines.append("| \(escape(row.fullLabel)) | \(value) |")
        }

        if !report.findings.isEmpty {
            lines += ["", "### Findings by rule", "", "| Rule | Findings | What it means |", "|---|---:|---|"]
            let byRule = Dictionary(grouping: report.findings, by: \.rule)
            for rule in byRule.keys.sorted(by: { (byRule[$1]?.count ?? 0, $0) < (byRule[$0]?.count ?? 0, $1) }) {
                lines.append(
                    "| `\(rule)` | \(byRule[rule]?.count ?? 0) | \(escape(RuleDocumentation.of(rule).summary)) |"
                )
            }
        }

        let accesses = report.findings.filter { $0.rule == .singletonAccess }
        let bySingleton = AuditReport.mostFrequent(accesses.compactMap(\.subject), count: topCount)
        if !bySingleton.isEmpty {
            lines += ["", "### Most-reached singletons", "", "| Singleton | `.shared` sites |", "|---|---:|"]
            lines += bySingleton.map { "| `\(escape($0.key))` | \($0.count) |" }
        }

        let offenders = report.topOffenders(count: topCount)
        if !offenders.isEmpty {
            lines += [
                "", "### Top offenders", "", "| Type | Findings | `.shared` sites | File |", "|---|---:|---:|---|",
            ]
            for offender in offenders {
                lines.append(
                    "| `\(escape(offender.typeName))` | \(offender.findings) | \(offender.sites) | `\(escape(offender.file))` |"
                )
            }
        }

        if !report.graph.cycles.isEmpty {
            lines += ["", "### Dependency cycles", ""]
            lines += report.graph.cycles.map { "- " + $0.map { "`\(escape($0))`" }.joined(separator: " → ") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes the characters that would break a table cell.
    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

/// A type with many findings, for the "top offenders" tables.
struct Offender: Hashable {
    /// The type.
    var typeName: String
    /// Its findings.
    var findings: Int
    /// Its `singleton-access` findings (`.shared` sites).
    var sites: Int
    /// The first file (by path) holding one of its findings.
    var file: String
}

extension AuditReport {
    /// The `count` types with the most findings, most first, ties by name.
    func topOffenders(count: Int) -> [Offender] {
        Self.mostFrequent(findings.compactMap(\.typeName), count: count).map { entry in
            let own = findings.filter { $0.typeName == entry.key }
            return Offender(
                typeName: entry.key, findings: entry.count, sites: own.filter { $0.rule == .singletonAccess }.count,
                file: own.map(\.location.file).min() ?? "")
        }
    }

    /// The `count` most frequent values, most frequent first, ties by name.
    static func mostFrequent(_ values: [String], count: Int) -> [(key: String, count: Int)] {
        let counts = values.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        return counts.map { (key: $0.key, count: $0.value) }
            .sorted { ($1.count, $0.key) < ($0.count, $1.key) }
            .prefix(count)
            .map { $0 }
    }
}
