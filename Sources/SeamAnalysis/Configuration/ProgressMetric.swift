/// A progress metric of the audit that `.seam.yml` may set a goal for (`goals:`), and that `seam report` charts over
/// time with that goal drawn as a line: the reference roadmap's tracking table, with its targets.
///
/// ```yaml
/// goals:
///   singletons: 3
///   singleton-accesses: 0
///   view-models-using-injection: 100%
/// ```
public enum ProgressMetric: String, CaseIterable, Sendable, Hashable, Codable, CodingKeyRepresentable {
    /// Singleton declarations outside test code (``AuditMetrics/singletons``).
    case singletons
    /// `.shared` sites outside test code (``AuditMetrics/singletonAccesses``).
    case singletonAccesses = "singleton-accesses"
    /// The share of view models taking a dependency through `init`, as a percentage.
    case viewModelsUsingInjection = "view-models-using-injection"
    /// The share of services conforming to a protocol of the codebase, as a percentage.
    case servicesWithProtocols = "services-with-protocols"
    /// Injection bypasses (``AuditMetrics/injectionBypasses``).
    case injectionBypasses = "injection-bypasses"
    /// Injected parameters still defaulting to a singleton (``AuditMetrics/injectedSingletonDefaults``).
    case injectedSingletonDefaults = "injected-singleton-defaults"
    /// Dependency cycles (``AuditMetrics/cycles``).
    case cycles

    /// Whether the metric is a share, whose goal is a percentage from 0 to 100.
    public var isPercentage: Bool { self == .viewModelsUsingInjection || self == .servicesWithProtocols }
}
