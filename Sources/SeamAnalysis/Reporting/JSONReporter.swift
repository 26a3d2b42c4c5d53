import Foundation

/// The report as a versioned JSON document (schema: `Docs/audit-report.schema.json`, described in
/// `Docs/audit-report-schema.md`). Keys are sorted and every optional field is present (`null` when absent),
/// so the output is stable enough to diff and to validate.
public struct JSONReporter: AuditReporter {
    /// Creates a JSON reporter; it has no options.
    public init() {}

    /// The JSON document, pretty-printed with sorted keys; `context` supplies the tool version and `baselineMatched`.
    public func render(_ report: AuditReport, context: ReportContext) throws -> String {
        let document = Document(report: report, context: context)
        return try Self.encode(document)
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct Document: Encodable {
        let schemaVersion = AuditReport.schemaVersion
        let tool: Tool
        let root: String
        let metrics: Metrics
        let findingCounts: FindingCounts
        let baselineMatched: Int
        let findings: [FindingEntry]
        let graph: GraphDocument

        init(report: AuditReport, context: ReportContext) {
            tool = Tool(name: "seam", version: context.toolVersion)
            root = report.root
            metrics = Metrics(report.metrics)
            let counts = report.severityCounts
            findingCounts = FindingCounts(
                total: report.findings.count, error: counts[.error] ?? 0, warning: counts[.warning] ?? 0,
                note: counts[.note] ?? 0
            )
            baselineMatched = context.baselineMatched
            findings = report.findings.sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }.map(FindingEntry.init)
            graph = GraphDocument(report.graph)
        }
    }

    struct Tool: Encodable {
        let name: String
        let version: String
    }

    struct FindingCounts: Encodable {
        let total: Int
        let error: Int
        let warning: Int
        let note: Int
    }

    /// The metrics as the report writes them (and the history file's lines hold them: see `MetricsHistory`).
    struct Metrics: Codable {
        let files: Int
        let lines: Int
        let singletons: Int
        let singletonAccesses: Int
        let singletonAccessesByRole: [String: Int]
        let testSingletons: Int
        let testSingletonAccesses: Int
        let viewModelsUsingInjection: Int
        let viewModels: Int
        let servicesWithProtocols: Int
        let services: Int
        let injectionBypasses: Int
        let injectedSingletonDefaults: Int
        let cycles: Int

        init(_ metrics: AuditMetrics) {
            files = metrics.files
            lines = metrics.lines
            singletons = metrics.singletons
            singletonAccesses = metrics.singletonAccesses
            singletonAccessesByRole = Dictionary(
                uniqueKeysWithValues: TypeRole.allCases.map { ($0.rawValue, metrics.singletonAccessesByRole[$0] ?? 0) }
            )
            testSingletons = metrics.testSingletons
            testSingletonAccesses = metrics.testSingletonAccesses
            viewModelsUsingInjection = metrics.viewModelsUsingInjection
            viewModels = metrics.viewModels
            servicesWithProtocols = metrics.servicesWithProtocols
            services = metrics.services
            injectionBypasses = metrics.injectionBypasses
            injectedSingletonDefaults = metrics.injectedSingletonDefaults
            cycles = metrics.cycles
        }

        /// The metrics back as `AuditMetrics`; a role this version does not know is left out.
        var auditMetrics: AuditMetrics {
            var metrics = AuditMetrics()
            metrics.files = files
            metrics.lines = lines
            metrics.singletons = singletons
            metrics.singletonAccesses = singletonAccesses
            for (role, count) in singletonAccessesByRole {
                if let role = TypeRole(rawValue: role) { metrics.singletonAccessesByRole[role] = count }
            }
            metrics.testSingletons = testSingletons
            metrics.testSingletonAccesses = testSingletonAccesses
            metrics.viewModelsUsingInjection = viewModelsUsingInjection
            metrics.viewModels = viewModels
            metrics.servicesWithProtocols = servicesWithProtocols
            metrics.services = services
            metrics.injectionBypasses = injectionBypasses
            metrics.injectedSingletonDefaults = injectedSingletonDefaults
            metrics.cycles = cycles
            return metrics
        }
    }

    struct FindingEntry: Encodable {
        let finding: Finding

        enum CodingKeys: String, CodingKey {
            case rule, severity, file, line, column, message, fixHint, type, subject, fingerprint
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(finding.rule.rawValue, forKey: .rule)
            try container.encode(finding.severity.rawValue, forKey: .severity)
            try container.encode(finding.location.file, forKey: .file)
            try container.encode(finding.location.line, forKey: .line)
            try container.encode(finding.location.column, forKey: .column)
            try container.encode(finding.message, forKey: .message)
            try container.encode(finding.fixHint, forKey: .fixHint)
            try container.encode(finding.typeName, forKey: .type)
            try container.encode(finding.subject, forKey: .subject)
            try container.encode(finding.fingerprint, forKey: .fingerprint)
        }
    }
}

/// The dependency graph as JSON: nodes, edges flagged when they lie on a cycle, the listed cycles' paths and
/// the strongly connected components (with how many cycles each has and how many are listed).
struct GraphDocument: Encodable {
    struct NodeEntry: Encodable {
        let node: DependencyGraph.Node

        enum CodingKeys: String, CodingKey { case name, role, isSingleton, location }
        enum LocationKeys: String, CodingKey { case file, line, column }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(node.name, forKey: .name)
            try container.encode(node.role.rawValue, forKey: .role)
            try container.encode(node.isSingleton, forKey: .isSingleton)
            if let location = node.location {
                var nested = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
                try nested.encode(location.file, forKey: .file)
                try nested.encode(location.line, forKey: .line)
                try nested.encode(location.column, forKey: .column)
            } else {
                try container.encodeNil(forKey: .location)
            }
        }
    }

    struct EdgeEntry: Encodable {
        let from: String
        let to: String
        let kind: String
        let inCycle: Bool
    }

    let nodes: [NodeEntry]
    let edges: [EdgeEntry]
    let cycles: [[String]]
    let components: [DependencyGraph.Component]

    init(_ graph: DependencyGraph) {
        let cycleEdges = graph.cycleEdges
        nodes = graph.nodes.sorted { $0.name < $1.name }.map(NodeEntry.init)
        edges = graph.edges.sorted { ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue) }.map {
            EdgeEntry(
                from: $0.from, to: $0.to, kind: $0.kind.rawValue,
                inCycle: DependencyGraph.isOnCycle($0, cycleEdges)
            )
        }
        cycles = graph.cycles
        components = graph.components
    }
}

extension DependencyGraph {
    struct Pair: Hashable {
        let from: String
        let to: String
    }

    /// The (from, to) pairs of owning edges that lie on at least one cycle: both ends in the same component.
    var cycleEdges: Set<Pair> {
        var componentOf: [String: Int] = [:]
        for (index, component) in components.enumerated() {
            for name in component.types { componentOf[name] = index }
        }
        var pairs = Set<Pair>()
        for edge in edges where edge.kind != .weakReference && edge.from != edge.to {
            if let from = componentOf[edge.from], from == componentOf[edge.to] {
                pairs.insert(Pair(from: edge.from, to: edge.to))
            }
        }
        return pairs
    }

    /// Whether `edge` lies on a cycle, given `cycleEdges`: a `.weakReference` edge never does.
    static func isOnCycle(_ edge: Edge, _ cycleEdges: Set<Pair>) -> Bool {
        edge.kind != .weakReference && cycleEdges.contains(Pair(from: edge.from, to: edge.to))
    }
}
