import Foundation

/// SARIF 2.1.0, the format code-scanning tools (GitHub code scanning, Azure DevOps, SonarQube) ingest.
///
/// `tool.driver.rules` documents every rule; each result has `ruleId`, `ruleIndex`, `level`, a message and
/// one location whose artifact URI is relative to the `%SRCROOT%` base (set in `originalUriBaseIds` when
/// `ReportContext.absoluteRoot` is known). The finding's fingerprint goes in `partialFingerprints` so
/// tools can follow a finding across edits; the progress metrics go in the run's `properties`. Columns are in
/// UTF-16 code units, SARIF's default `columnKind`: they differ from the other formats' UTF-8 columns only
/// after non-ASCII text on the same line, and are converted by reading that line under the audited root.
public struct SARIFReporter: AuditReporter {
    /// The `uriBaseId` every artifact location is relative to.
    public static let sourceRootBase = "%SRCROOT%"

    /// Creates a SARIF reporter; it has no options.
    public init() {}

    /// The SARIF 2.1.0 log as pretty-printed JSON: one run, every rule documented, results sorted by location.
    public func render(_ report: AuditReport, context: ReportContext) throws -> String {
        try JSONReporter.encode(Log(report: report, context: context))
    }

    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }

        init(report: AuditReport, context: ReportContext) {
            var rules = RuleDocumentation.all
            for rule in Set(report.findings.map(\.rule)).sorted() where !rules.contains(where: { $0.id == rule }) {
                rules.append(RuleDocumentation.of(rule))
            }
            let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
            let driver = Driver(
                name: "seam", semanticVersion: context.toolVersion, version: context.toolVersion,
                rules: rules.map(ReportingDescriptor.init)
            )
            let baseIDs = context.absoluteRoot.map { root in
                [SARIFReporter.sourceRootBase: ArtifactLocation(uri: Self.directoryURI(root), uriBaseId: nil)]
            }
            var columns = UTF16Columns(absoluteRoot: context.absoluteRoot)
            let results = report.findings.sorted { ($0.location, $0.rule) < ($1.location, $1.rule) }.map { finding in
                Result(
                    finding: finding, ruleIndex: ruleIndex[finding.rule] ?? 0,
                    column: columns.column(of: finding.location))
            }
            runs = [
                Run(
                    tool: Tool(driver: driver), originalUriBaseIds: baseIDs, results: results,
                    properties: RunProperties(root: report.root, metrics: JSONReporter.Metrics(report.metrics))
                )
            ]
        }

        /// `file:///abs/path/` with a trailing slash, as SARIF requires for a base URI.
        static func directoryURI(_ path: String) -> String {
            var url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.absoluteString
            if !url.hasSuffix("/") { url += "/" }
            return url
        }
    }

    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: ArtifactLocation]?
        let results: [Result]
        let properties: RunProperties
    }

    struct RunProperties: Encodable {
        let root: String
        let metrics: JSONReporter.Metrics
    }

    struct Tool: Encodable {
        let driver: Driver
    }

    struct Driver: Encodable {
        let name: String
        let semanticVersion: String
        let version: String
        let rules: [ReportingDescriptor]
    }

    struct Message: Encodable {
        let text: String
    }

    struct ReportingDescriptor: Encodable {
        let id: String
        let name: String
        let shortDescription: Message
        let fullDescription: Message
        let help: Message
        let defaultConfiguration: Configuration

        struct Configuration: Encodable {
            let level: String
        }

        init(_ documentation: RuleDocumentation) {
            id = documentation.id.rawValue
            name = documentation.name
            shortDescription = Message(text: documentation.summary)
            fullDescription = Message(text: "\(documentation.summary) \(documentation.help)")
            help = Message(text: documentation.help)
            defaultConfiguration = Configuration(level: documentation.defaultSeverity.rawValue)
        }
    }

    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let partialFingerprints: [String: String]
        let properties: ResultProperties

        /// - Parameter column: the finding's column in UTF-16 code units.
        init(finding: Finding, ruleIndex: Int, column: Int) {
            ruleId = finding.rule.rawValue
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Message(text: finding.message)
            let uri =
                finding.location.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
                ?? finding.location.file
            locations = [
                Location(
                    physicalLocation: PhysicalLocation(
                        artifactLocation: ArtifactLocation(uri: uri, uriBaseId: SARIFReporter.sourceRootBase),
                        region: Region(
                            startLine: max(finding.location.line, 1), startColumn: max(column, 1)
                        )
                    )
                )
            ]
            partialFingerprints = ["seamFingerprint/v\(Finding.fingerprintVersion)": finding.fingerprint]
            properties = ResultProperties(
                fixHint: finding.fixHint, typeName: finding.typeName, subject: finding.subject)
        }
    }

    struct ResultProperties: Encodable {
        let fixHint: String
        let typeName: String?
        let subject: String?
    }

    struct Location: Encodable {
        let physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }
}
