/// Findings grouped by file (or by rule), each with its fix hint, then the migration progress table.
///
/// Colours (ANSI) only when `ReportContext.colored` is set: the CLI sets it when stdout is a terminal.
public struct TextReporter: AuditReporter {
    /// Creates a text reporter; grouping and colours come from the `ReportContext`.
    public init() {}

    /// Findings grouped by `context.grouping`, with fix hints, then the progress table and a one-line summary.
    public func render(_ report: AuditReport, context: ReportContext) -> String {
        let style = Style(enabled: context.colored)
        var lines: [String] = []
        let findings = report.findings.sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }
        switch context.grouping {
        case .file:
            for (file, group) in Self.grouped(findings, by: { $0.location.file }) {
                lines.append(style.bold(report.displayPath(file)))
                for finding in group {
                    lines.append(
                        "  \(finding.location.line):\(finding.location.column)  \(style.severity(finding.severity))  "
                            + "\(finding.oneLineMessage)  \(style.dim("[\(finding.rule)]"))"
                    )
                    lines.append("      \(style.dim("fix: \(finding.fixHint)"))")
                }
                lines.append("")
            }
        case .rule:
            let byRule = Dictionary(grouping: findings, by: \.rule)
            for rule in byRule.keys.sorted() {
                let group = byRule[rule] ?? []
                let documentation = RuleDocumentation.of(rule)
                lines.append(style.bold("\(rule) (\(group.count))") + "  " + style.dim(documentation.summary))
                for finding in group {
                    lines.append(
                        "  \(report.displayPath(finding.location.file)):\(finding.location.line):"
                            + "\(finding.location.column)  \(style.severity(finding.severity))  \(finding.oneLineMessage)"
                    )
                }
                lines.append("  " + style.dim("fix: \(documentation.help)"))
                lines.append("")
            }
        }
        lines.append(
            style.bold("Migration progress") + ": \(report.root) "
                + "(\(report.metrics.files.grouped) files, \(report.metrics.lines.grouped) lines)"
        )
        lines.append("")
        let table = ProgressTable(metrics: report.metrics)
        let labelWidth = table.rows.map { ($0.isNested ? 2 : 0) + $0.label.count }.max() ?? 0
        let valueWidth = table.rows.map(\.value.count).max() ?? 0
        for row in table.rows {
            let label = (row.isNested ? "  " : "") + row.label
            let padding = String(repeating: " ", count: labelWidth - label.count + 2 + valueWidth - row.value.count)
            let share = row.percentage.map { "  (\($0))" } ?? ""
            lines.append("  " + label + padding + row.value + share)
        }
        lines.append("")
        lines.append(Self.summaryLine(report, context: context, style: style))
        return lines.joined(separator: "\n") + "\n"
    }

    static func summaryLine(_ report: AuditReport, context: ReportContext, style: Style) -> String {
        let counts = report.severityCounts
        let total = report.findings.count
        var line = total == 0 ? "No findings" : "\(total.grouped) finding\(total == 1 ? "" : "s")"
        if total > 0 {
            let parts = Severity.allCases.reversed().compactMap { severity -> String? in
                guard let count = counts[severity], count > 0 else { return nil }
                return "\(count.grouped) \(severity.rawValue)\(count == 1 ? "" : "s")"
            }
            line += ": " + parts.joined(separator: ", ")
        }
        if context.baselineMatched > 0 {
            line += " (\(context.baselineMatched.grouped) more in the baseline)"
        }
        return style.bold(line)
    }

    /// Groups in first-appearance order of the (already sorted) findings.
    private static func grouped(_ findings: [Finding], by key: (Finding) -> String) -> [(String, [Finding])] {
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for finding in findings {
            let value = key(finding)
            if groups[value] == nil { order.append(value) }
            groups[value, default: []].append(finding)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// ANSI styling that collapses to plain text when disabled.
    struct Style {
        let enabled: Bool

        func bold(_ text: String) -> String { wrap(text, "1") }
        func dim(_ text: String) -> String { wrap(text, "2") }

        func severity(_ severity: Severity) -> String {
            let label = severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            switch severity {
            case .error: return wrap(label, "1;31")
            case .warning: return wrap(label, "33")
            case .note: return wrap(label, "36")
            }
        }

        private func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }
}
