extension RuleID {
    /// A type that injects a dependency and still reaches the singleton that provides it.
    public static let injectionBypass: RuleID = "injection-bypass"
}

/// `injection-bypass`: a type that takes its services through `init` and still reaches services through
/// singletons.
///
/// It reports each access site (one finding per site; `metrics.injectionBypasses` counts them) of a
/// singleton in a type whose injection is set up — it takes at least one service through `init` (or an
/// injecting property wrapper such as `@EnvironmentObject`) — when either
/// - the singleton provides one of the injected services (`init(store: DataStoreProtocol)` and
///   `DataStore.shared`): the injected one should be used, or
/// - the type is a view model or a service, not itself a singleton, and the singleton is another service
///   (`init(api: APIClient)` and `Analytics.shared`; loggers excepted): it should come through `init` like
///   the others.
///
/// Wiring is not a bypass: accesses in static members and composition roots (types named `…Factory`,
/// `…Container`, `…Assembly`, `…Assembler`, `…Builder`, `…CompositionRoot`, `…DependencyProvider`,
/// `…Dependencies`, `…Resolver`, app and scene delegates, SwiftUI apps), singletons assigned or passed as
/// arguments in an initialiser (an alternative `init` filling the defaults), `#if DEBUG` code, identity
/// comparisons (`player === Player.active`) and writes to the singleton property. Values (structs, enums,
/// models) a type takes for state are not services. The `s ?? S.shared` fallback is
/// `injected-singleton-default`'s (`InjectedSingletonDefaultRule`), not a bypass.
struct InjectionBypassRule: AuditRule {
    static let description = RuleDescription(
        id: .injectionBypass, name: "InjectionBypass", defaultSeverity: .error,
        summary: "A type takes services through init and still reaches a service through a singleton.",
        help: "Use the injected dependency, or inject the other service through init too.",
        discussion: """
            One finding per access site, in a type that takes services through `init` (or `@EnvironmentObject`/\
            `@Injected`-style wrappers): a singleton providing one of the injected services (its own type, or a \
            protocol it conforms to), or, in a view model or service that is not itself a singleton, any other \
            service singleton (loggers excepted). Not reported: static members, composition roots (`…Factory`, \
            `…Container`, `…Assembly`, `…Builder`, `…DependencyProvider`, app and scene delegates, SwiftUI \
            `App`s), singletons assigned or passed in an `init`, `#if DEBUG` code, identity comparisons and \
            writes to the singleton property. A finding is named by its type and the singleton reached: its \
            fingerprint leaves out the message, which lists the injected services, so adding an `init` parameter \
            keeps a baselined bypass known.
            """,
        triggeringExamples: [
            """
            protocol DataStoreProtocol { func load() }
            final class DataStore: DataStoreProtocol { static let shared = DataStore(); func load() {} }
            final class SpotsViewModel {
                let store: DataStoreProtocol
                init(store: DataStoreProtocol) { self.store = store }
                func refresh() { DataStore.shared.load() }
            }
            """
        ],
        nonTriggeringExamples: [
            """
            protocol DataStoreProtocol { func load() }
            final class DataStore: DataStoreProtocol { static let shared = DataStore(); func load() {} }
            final class SpotsViewModel {
                let store: DataStoreProtocol
                init(store: DataStoreProtocol) { self.store = store }
                convenience init() { self.init(store: DataStore.shared) }
                func refresh() { store.load() }
            }
            """
        ],
        fingerprintOmitsMessage: true)

    private static let compositionRootSuffixes = [
        "Factory", "Container", "Assembly", "Assembler", "Builder", "CompositionRoot", "DependencyProvider",
        "Dependencies", "Resolver", "AppDelegate", "SceneDelegate",
    ]
    private static let compositionRootConformances: Set<String> = [
        "App", "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate", "WKApplicationDelegate",
    ]

    func findings(in context: RuleContext) -> [Finding] {
        context.analysis.accesses.compactMap { access in
            switch access.kind {
            case .injectedDefault, .defaultArgument:
                return nil
            case .direct, .serviceLocator:
                let expression =
                    access.isGlobalInstance ? access.propertyName : "\(access.singletonType).\(access.propertyName)"
                return bypass(access, expression: expression, in: context)
            }
        }
    }

    private func bypass(_ access: SingletonAccess, expression: String, in context: RuleContext) -> Finding? {
        let analysis = context.analysis
        guard let owner = access.enclosingType, let injected = analysis.serviceInjections[owner],
            !Self.isWiring(access.site), let type = context.codebase.types[owner], !Self.isCompositionRoot(type)
        else { return nil }
        let provided = [access.singletonType] + (access.providedType.map { [$0] } ?? [])
        if let dependency = injected.first(where: { dependency in
            provided.contains { analysis.provides($0, dependency.typeName) }
        }) {
            return Finding(
                .injectionBypass, at: access.location,
                "'\(owner)' injects '\(dependency.name): \(dependency.typeName)' but still reaches '\(expression)'",
                fix: "Use the injected '\(dependency.name)' instead of '\(expression)'",
                typeName: owner, subject: access.singletonType)
        }
        // A singleton wiring its own dependencies is the singleton rules' business, not a set-up injection.
        guard type.role == .viewModel || type.role == .service, !type.isSingleton else { return nil }
        let reached = access.providedType ?? access.singletonType
        guard let service = context.codebase.types[reached], analysis.isService(service, in: context.codebase),
            !Self.isLogger(service.simpleName)
        else { return nil }
        let services = injected.prefix(3).map { "'\($0.name): \($0.typeName)'" }.joined(separator: ", ")
        let more = injected.count > 3 ? " and \(injected.count - 3) more" : ""
        let reachedText = access.locatorMember.map { "\(expression).\($0)" } ?? expression
        return Finding(
            .injectionBypass, at: access.location,
            "'\(owner)' takes \(services)\(more) through init but reaches '\(reachedText)' directly",
            fix: "Inject '\(reached)' through init like the other services",
            typeName: owner, subject: access.singletonType)
    }

    /// Loggers are ambient by convention (`FileLog.shared`, `Logger.shared`): not counted as another service.
    private static func isLogger(_ name: String) -> Bool {
        name.hasSuffix("Log") || name.hasSuffix("Logger") || name.hasSuffix("Logging")
    }

    /// Whether an access is wiring rather than use: in a static member or `#if DEBUG` code, an identity
    /// comparison, a write to the singleton property, or a singleton assigned or passed in an initialiser.
    private static func isWiring(_ site: SingletonAccess.Site) -> Bool {
        if !site.isDisjoint(with: [.staticMember, .debugOnly, .comparison, .assignmentTarget]) { return true }
        return site.contains(.initializer) && !site.isDisjoint(with: [.assignedValue, .argument])
    }

    /// Whether a type builds the object graph: a factory, container or assembly by name, an app or scene
    /// delegate, a SwiftUI `App`.
    private static func isCompositionRoot(_ type: CodebaseType) -> Bool {
        compositionRootSuffixes.contains { type.simpleName.hasSuffix($0) }
            || type.conformances.contains { compositionRootConformances.contains($0) }
    }
}
