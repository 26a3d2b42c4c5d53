import Foundation

/// Runs `seam audit`: loads a codebase, applies every rule, the allow-list, rule switches, severity
/// overrides and `// seam:ignore` suppressions, and computes the progress metrics and the dependency graph.
///
/// ```swift
/// let auditor = Auditor(configuration: AuditConfiguration())
/// let report = try await auditor.audit(root: URL(filePath: "Examples/LegacyApp"))
/// print(report.metrics.singletons, report.metrics.singletonAccesses)
/// ```
public struct Auditor: Sendable {
    /// What to audit and how strictly.
    public var configuration: AuditConfiguration
    /// How many files to work on at once; `nil` means one per active processor.
    public var threads: Int?
    /// Where unchanged files' facts are taken from instead of parsing them, and kept (`nil`: every file is parsed).
    public var cache: AnalysisCache?

    /// Creates an auditor.
    public init(
        configuration: AuditConfiguration = AuditConfiguration(), threads: Int? = nil, cache: AnalysisCache? = nil
    ) {
        self.configuration = configuration
        self.threads = threads
        self.cache = cache
    }

    /// Loads the codebase at `root` and audits it.
    ///
    /// With a ``cache``, an audit of files that have not changed since the cache's last report of `root` returns
    /// that report (every file is read once to tell); otherwise the changed files are parsed and the report stored.
    ///
    /// - Throws: `AuditError` when `root` does not exist or cannot be read.
    public func audit(root: URL, progress: (@Sendable (LoadProgress) -> Void)? = nil) async throws -> AuditReport {
        let inventory = try Codebase.Inventory(root: root, configuration: configuration)
        let width = Codebase.width(threads: threads)
        let key = await cache?.runKey(for: inventory, configuration: configuration, width: width)
        if let key, let report = cache?.report(for: key) { return report }
        let report = audit(
            await Codebase.load(
                inventory, configuration: configuration, threads: width, retainingSyntax: false, cache: cache,
                progress: progress))
        if let key { cache?.store(report, for: key) }
        return report
    }

    /// Audits an already loaded codebase (the folder, globs and role patterns it was loaded with stand).
    public func audit(_ codebase: Codebase) -> AuditReport {
        audit(context: context(for: codebase))
    }

    /// The refactoring roadmap for an already loaded codebase: the audit's findings and metrics arranged as the
    /// reference roadmap's six phases, each with its tasks and an effort estimate scaled from `calibration`.
    public func roadmap(_ codebase: Codebase, calibration: EffortCalibration = .reference) -> Roadmap {
        auditAndRoadmap(codebase, calibration: calibration).roadmap
    }

    /// The audit and the roadmap of an already loaded codebase, from one analysis (`seam report` shows both).
    public func auditAndRoadmap(
        _ codebase: Codebase, calibration: EffortCalibration = .reference
    ) -> (report: AuditReport, roadmap: Roadmap) {
        let context = context(for: codebase)
        let report = audit(context: context)
        return (report, RoadmapBuilder(context: context, report: report, calibration: calibration).roadmap())
    }

    /// The analysis, graph and observations every rule reads, computed once.
    func context(for codebase: Codebase) -> RuleContext {
        let analysis = DependencyAnalysis(codebase: codebase, configuration: configuration)
        let graph = DependencyGraphBuilder.build(codebase: codebase, analysis: analysis)
        return RuleContext(codebase: codebase, configuration: configuration, analysis: analysis, graph: graph)
    }

    func audit(context: RuleContext) -> AuditReport {
        let codebase = context.codebase
        let graph = context.graph
        var suppressions: [String: Suppressions] = [:]
        for file in codebase.files where !file.suppressions.comments.isEmpty {
            suppressions[file.path] = file.suppressions
        }
        var findings: [Finding] = []
        for rule in AuditRules.all where configuration.isEnabled(type(of: rule).description.id) {
            for var finding in rule.findings(in: context) {
                if suppressions[finding.location.file]?.suppresses(finding.rule, atLine: finding.location.line) == true
                {
                    continue
                }
                finding.severity = configuration.severity(of: finding.rule, default: finding.severity)
                findings.append(finding)
            }
        }
        findings.sort { ($0.location, $0.rule) < ($1.location, $1.rule) }
        let metrics = Self.metrics(context: context, findings: findings)
        return AuditReport(root: codebase.root.relativePath, findings: findings, metrics: metrics, graph: graph)
    }

    /// The progress table. Counts describe the codebase after the allow-list; suppressions silence findings
    /// but do not change the counts. Test files are left out of the debt figures (singletons and `.shared`
    /// sites in test code are counted apart) and their types out of the view model and service totals.
    static func metrics(context: RuleContext, findings: [Finding]) -> AuditMetrics {
        let codebase = context.codebase
        let analysis = context.analysis
        var metrics = AuditMetrics()
        metrics.files = codebase.files.count
        metrics.lines = codebase.lineCount
        // Test code is reported apart: its singletons and `.shared` sites are not the app's debt.
        let isTest = context.isTestFile
        let testDeclarations = analysis.declarations.filter { isTest($0.file) }.count
        // A singleton as an injected value's default is injection already: counted in its own row.
        let sites = analysis.accesses.filter { !$0.isInjectionDefault }
        // A `#Preview`'s set-up is counted with the tests'.
        let isTestSite = { (access: SingletonAccess) in isTest(access.file) || access.site.contains(.preview) }
        let testAccesses = sites.filter(isTestSite)
        metrics.singletons = analysis.declarations.count - testDeclarations
        metrics.singletonAccesses = sites.count - testAccesses.count
        metrics.testSingletons = testDeclarations
        metrics.testSingletonAccesses = testAccesses.count
        var byRole = Dictionary(uniqueKeysWithValues: TypeRole.allCases.map { ($0, 0) })
        for access in sites where !isTestSite(access) { byRole[access.enclosingRole, default: 0] += 1 }
        metrics.singletonAccessesByRole = byRole
        let viewModels = codebase.types.values.filter {
            $0.role == .viewModel && !$0.isInTestFile && $0.kind != .external
        }
        metrics.viewModels = viewModels.count
        metrics.viewModelsUsingInjection = viewModels.filter { analysis.injections[$0.name]?.isEmpty == false }.count
        let services = context.services
        metrics.services = services.count
        metrics.servicesWithProtocols = services.filter { !$0.protocols.isEmpty }.count
        metrics.injectionBypasses = InjectionBypassRule().findings(in: context).count
        metrics.injectedSingletonDefaults =
            analysis.accesses.filter {
                $0.kind == .injectedDefault || $0.kind == .defaultArgument
            }.count
        metrics.cycles = context.graph.components.count
        return metrics
    }
}
