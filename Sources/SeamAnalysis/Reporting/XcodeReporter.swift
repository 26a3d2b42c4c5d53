/// One line per finding (see `Finding.oneLineMessage`) in the format Xcode and most editors turn into clickable diagnostics:
/// `path/File.swift:12:9: warning: message [rule]`.
public struct XcodeReporter: AuditReporter {
    /// Creates an Xcode reporter; it has no options.
    public init() {}

    /// One `path:line:column: severity: message [rule]` line per finding, sorted by location then rule, each path
    /// usable from the directory `seam` ran in.
    public func render(_ report: AuditReport, context: ReportContext) -> String {
        report.findings.sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }.map { finding in
            let location = finding.location
            return "\(report.displayPath(location.file)):\(location.line):\(location.column): "
                + "\(finding.severity.rawValue): \(finding.oneLineMessage) [\(finding.rule)]\n"
        }.joined()
    }
}
