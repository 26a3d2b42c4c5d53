/// Everything a rule may look at.
struct RuleContext: Sendable {
    let codebase: Codebase
    let configuration: AuditConfiguration
    let analysis: DependencyAnalysis
    let graph: DependencyGraph
    /// The services and singletons the progress table counts and `missing-protocol` checks.
    let services: [ServiceCensus.Member]

    init(codebase: Codebase, configuration: AuditConfiguration, analysis: DependencyAnalysis, graph: DependencyGraph) {
        self.codebase = codebase
        self.configuration = configuration
        self.analysis = analysis
        self.graph = graph
        services = ServiceCensus.services(codebase: codebase, analysis: analysis)
    }
}

/// One or more related audit rules. Rules report at their default severity; the auditor applies
/// `.seam.yml` overrides, switches rules off, and applies suppressions.
protocol AuditRule: Sendable {
    /// The rule ids this rule reports.
    var ids: [RuleID] { get }
    func findings(in context: RuleContext) -> [Finding]
}

extension RuleID {
    /// The severity a rule reports at unless `.seam.yml` overrides it.
    public var defaultSeverity: Severity {
        switch self {
        case .injectionBypass, .dependencyCycle, .uiStateOffMainActor: .error
        case .injectedSingletonDefault, .hardcodedInterval, .duplicatedLiteral: .note
        default: .warning
        }
    }
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
