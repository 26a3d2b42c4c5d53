/// The migration progress table: the figures a team tracks while moving from singletons to injection.
///
/// Mirrors the tables of the reference roadmaps ("76 singletons, 1,214 `.shared` sites,
/// ViewModels using DI: 2/15, services with protocols: 5/76").
public struct AuditMetrics: Hashable, Codable, Sendable {
    /// Swift files audited.
    public var files: Int = 0
    /// Source lines audited.
    public var lines: Int = 0
    /// Singleton declarations outside test code (see `SingletonDeclaration` for what counts).
    public var singletons: Int = 0
    /// Singleton access sites in total, outside test code; a singleton as an injected value's default
    /// (`init(store: Store = .shared)`) is counted in `injectedSingletonDefaults` instead.
    public var singletonAccesses: Int = 0
    /// Singleton declarations in test files (test doubles, fixtures): reported, not counted as debt.
    public var testSingletons: Int = 0
    /// Singleton access sites in test files: reported, not counted as debt.
    public var testSingletonAccesses: Int = 0
    /// Singleton access sites per role of the enclosing type (top-level code counts as `.other`).
    public var singletonAccessesByRole: [TypeRole: Int] = [:]
    /// View models that take at least one dependency through `init` or a stored property.
    public var viewModelsUsingInjection: Int = 0
    /// View models in total.
    public var viewModels: Int = 0
    /// Singletons and services that conform to a protocol of the codebase's own.
    public var servicesWithProtocols: Int = 0
    /// Singletons and services in total.
    public var services: Int = 0
    /// `injection-bypass` access sites, one per finding (not types): see `InjectionBypassRule`.
    public var injectionBypasses: Int = 0
    /// Injected dependencies that default to a singleton (`s ?? S.shared`).
    public var injectedSingletonDefaults: Int = 0
    /// Dependency cycles, counted as the strongly connected components of two or more types in the
    /// dependency graph (`DependencyGraph.components`); weak back-references close none.
    public var cycles: Int = 0

    /// Creates metrics with every count at zero.
    public init() {}
}
