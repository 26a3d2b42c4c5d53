/// Everything a rule may look at.
struct RuleContext: Sendable {
    let codebase: Codebase
    let configuration: AuditConfiguration
    let analysis: DependencyAnalysis
    let graph: DependencyGraph
    /// The services and singletons the progress table counts and `missing-protocol` checks.
    let services: [ServiceCensus.Member]
    /// The body walk's observations of every file, by the rule they belong to, in file and source order.
    let observations: [RuleID: [FileObservations.Observation]]

    init(codebase: Codebase, configuration: AuditConfiguration, analysis: DependencyAnalysis, graph: DependencyGraph) {
        self.codebase = codebase
        self.configuration = configuration
        self.analysis = analysis
        self.graph = graph
        services = ServiceCensus.services(codebase: codebase, analysis: analysis)
        var observations: [RuleID: [FileObservations.Observation]] = [:]
        for file in codebase.files {
            for observation in file.observations.observations {
                observations[observation.rule, default: []].append(observation)
            }
        }
        self.observations = observations
    }

    /// Whether the file at `path` is test code, whose singletons and sites are counted apart and whose own
    /// fixtures are no findings.
    func isTestFile(_ path: String) -> Bool {
        codebase.file(at: path)?.isTest ?? false
    }
}

/// One audit rule, in one file: its description (id, default severity, documentation, examples) and its
/// check. Rules report at their default severity; the auditor applies `.seam.yml` overrides, switches rules
/// off, and applies suppressions. A rule reported from the body walk also holds its hook into the walk in
/// its file (an extension of `FileCollector`), so the walk stays one pass.
protocol AuditRule: Sendable {
    /// The rule's id, default severity, documentation and examples.
    static var description: RuleDescription { get }
    /// The rule's findings, at its default severity.
    func findings(in context: RuleContext) -> [Finding]
}

/// A rule reported straight from the body walk's observations: one finding per observation of its id.
protocol ObservationRule: AuditRule {
    /// The message and fix hint of the finding for `observation`.
    static func describe(_ observation: FileObservations.Observation) -> (message: String, fix: String)
    /// Whether `observation` is reported, decided once its enclosing type is known (every one, by default).
    static func isReported(_ observation: FileObservations.Observation) -> Bool
}

extension ObservationRule {
    static func isReported(_ observation: FileObservations.Observation) -> Bool { true }

    func findings(in context: RuleContext) -> [Finding] {
        (context.observations[Self.description.id] ?? []).lazy.filter(Self.isReported).map { observation in
            let (message, fix) = Self.describe(observation)
            return Finding(
                observation.rule, at: observation.location, message, fix: fix, typeName: observation.typeName,
                subject: observation.subject)
        }
    }
}

/// The rules of `seam audit`, each listed once, in documentation order. Rule ids, default severities and
/// the documentation reports show come from here.
public enum AuditRules {
    /// One instance of each rule, in documentation order.
    static let all: [any AuditRule] = [
        SingletonDeclarationRule(), SingletonAccessRule(), InjectionBypassRule(), InjectedSingletonDefaultRule(),
        MissingProtocolRule(), DependencyCycleRule(), FatViewModelRule(), HardcodedURLRule(), HardcodedIntervalRule(),
        DuplicatedLiteralRule(), ForceUnwrapRule(), ForceTryRule(), ForceCastRule(), UIStateOffMainActorRule(),
        ParseErrorRule(),
    ]

    /// Every rule's description, in documentation order.
    public static let descriptions: [RuleDescription] = all.map { type(of: $0).description }

    private static let byID: [RuleID: RuleDescription] = Dictionary(
        descriptions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The description of the rule `id`, or `nil` for an id this version does not know.
    public static func description(of id: RuleID) -> RuleDescription? { byID[id] }
}

extension RuleID {
    /// The severity a rule reports at unless `.seam.yml` overrides it (its description's; `warning` for an id
    /// this version does not know).
    public var defaultSeverity: Severity { AuditRules.description(of: self)?.defaultSeverity ?? .warning }
}

extension Finding {
    /// A finding at the rule's default severity.
    init(
        _ rule: RuleID, at location: SourceLocation, _ message: String, fix: String, typeName: String? = nil,
        subject: String? = nil
    ) {
        self.init(
            rule: rule, severity: rule.defaultSeverity, location: location, message: message, fixHint: fix,
            typeName: typeName, subject: subject)
    }
}
