/// GitHub Actions workflow commands that annotate the pull request's diff:
/// `::warning file=Sources/App/A.swift,line=12,col=9,title=singleton-access::message`.
public struct GitHubReporter: AuditReporter {
    /// Creates a GitHub Actions reporter; it has no options.
    public init() {}

    /// One `::error`, `::warning` or `::notice` (for notes) command per finding, sorted by location then rule, the
    /// fix hint appended to the message.
    public func render(_ report: AuditReport, context: ReportContext) -> String {
        report.findings.sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }.map { finding in
            let command =
                switch finding.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            let location = finding.location
            let properties = [
                "file=\(Self.escapeProperty(report.displayPath(location.file)))",
                "line=\(location.line)",
                "col=\(location.column)",
                "title=\(Self.escapeProperty(finding.rule.rawValue))",
            ].joined(separator: ",")
            let message = "\(finding.message) Fix: \(finding.fixHint)"
            return "::\(command) \(properties)::\(Self.escapeData(message))\n"
        }.joined()
    }

    /// Escapes a command's message as the runner expects (`%`, CR, LF).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value (also `:` and `,`, which separate properties).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
