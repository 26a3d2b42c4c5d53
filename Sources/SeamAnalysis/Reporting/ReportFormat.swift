/// An output format of `seam audit`.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Human-readable findings grouped by file or rule, then the migration progress table.
    case text
    /// `file:line:col: warning: message [rule]`, one line per finding, for Xcode and editors.
    case xcode
    /// The versioned JSON document described in `Docs/audit-report-schema.md`.
    case json
    /// SARIF 2.1.0, for code-scanning tools.
    case sarif
    /// The progress table and the top offenders, for a pull request or a roadmap document.
    case markdown
    /// GitHub Actions workflow annotations (`::warning file=...`).
    case github

    /// The reporter that renders this format.
    public var reporter: any AuditReporter {
        switch self {
        case .text: TextReporter()
        case .xcode: XcodeReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .markdown: MarkdownReporter()
        case .github: GitHubReporter()
        }
    }
}

/// Renders an audit report as text in one format.
///
/// ```swift
/// let output = try ReportFormat.sarif.reporter.render(report, context: ReportContext())
/// ```
public protocol AuditReporter: Sendable {
    /// The rendered report, ending with a newline when not empty.
    func render(_ report: AuditReport, context: ReportContext) throws -> String
}
