/// The result of auditing a codebase: every finding, the progress metrics and the dependency graph.
public struct AuditReport: Sendable, Codable {
    /// The version of the JSON schema this report encodes to (see `Docs/audit-report-schema.md`).
    public static let schemaVersion = 1

    /// The audited root directory, as given.
    public var root: String
    /// Findings, sorted by location, after suppressions and the allow-list are applied.
    public var findings: [Finding]
    /// The migration progress table.
    public var metrics: AuditMetrics
    /// Who reaches which singleton and who injects what.
    public var graph: DependencyGraph

    /// Creates a report, storing the parts as given (findings are not sorted or filtered).
    public init(root: String, findings: [Finding], metrics: AuditMetrics, graph: DependencyGraph) {
        self.root = root
        self.findings = findings
        self.metrics = metrics
        self.graph = graph
    }
}
