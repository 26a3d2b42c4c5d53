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

    struct Metrics: Encodable {
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

/// The dependency graph as JSON: nodes, edges flagged when they lie on a cycle, and the cycles' paths.
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

    init(_ graph: DependencyGraph) {
        let cycleEdges = graph.cycleEdges
        nodes = graph.nodes.sorted { $0.name < $1.name }.map(NodeEntry.init)
        edges = graph.edges.sorted { ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue) }.map {
            EdgeEntry(
                from: $0.from, to: $0.to, kind: $0.kind.rawValue,
                inCycle: cycleEdges.contains(DependencyGraph.Pair(from: $0.from, to: $0.to))
            )
        }
        cycles = graph.cycles
    }
}

extension DependencyGraph {
    struct Pair: Hashable {
        let from: String
        let to: String
    }

    /// The (from, to) pairs that lie on at least one cycle.
    var cycleEdges: Set<Pair> {
        var pairs = Set<Pair>()
        for cycle in cycles where cycle.count >= 2 {
            for index in 0..<(cycle.count - 1) {
                pairs.insert(Pair(from: cycle[index], to: cycle[index + 1]))
            }
        }
        return pairs
    }
}
