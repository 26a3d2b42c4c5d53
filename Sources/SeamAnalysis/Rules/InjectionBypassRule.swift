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
/// `…Dependencies`, `…Resolver`, app and scene delegates, SwiftUI apps), singletons passed as arguments in an
/// initialiser (`super.init(store: Store.shared)`), parameters' default values (a caller passing nothing reads them),
/// `#if DEBUG` code, identity
/// comparisons (`player === Player.active`) and writes to the singleton property. Values (structs, enums,
/// models) a type takes for state are not services. The `s ?? S.shared` fallback is
/// `injected-singleton-default`'s (`InjectedSingletonDefaultRule`), not a bypass.
///
/// What a type takes through `init` is `CodebaseType.initParameters` (a struct's memberwise `init` included);
/// which of those are services, and what counts as reaching one, is `DependencyAnalysis`'s (`isService`,
/// `isViewState`, `isReachedDependency`): context objects (a class holding a service, `ClientContext` with
/// its `weak var core: OCCore?`) and SDK types named like services (`…Manager`, `…Session`, `…Context`,
/// `…Core`) are services; a view model by name, or an observed class holding no service, is view state.
struct InjectionBypassRule: AuditRule {
    static let description = RuleDescription(
        id: .injectionBypass, name: "InjectionBypass", defaultSeverity: .error,
        summary: "A type takes services through init and still reaches a service through a singleton.",
        help: "Use the injected dependency, or inject the other service through init too.",
        discussion: """
            One finding per access site, in a type that takes services through `init` (its own, or the one a \
            subclass declaring none inherits) or through `@EnvironmentObject`, `@Environment(Store.self)` and \
            `@Injected`-style wrappers: a singleton, service locator member or DI container resolution providing \
            one of the injected services (its own type, or a protocol it conforms to), or any other service, \
            anywhere in the type (methods, closures built in `init`, stored-property initial values, `lazy` vars, \
            extensions in other files), whatever the type's role (the roadmap's definition). A struct's memberwise \
            `init` takes its stored properties; a context object (a class holding a service, such as a \
            `ClientContext` with a `weak var core: OCCore?`) and an SDK type named like a service (`…Manager`, \
            `…Session`, `…Context`, `…Core`) are services; reading the app's current-value singleton \
            (`Settings.cached`) reaches a dependency. The roadmap's truly \
            global services (loggers, analytics, crash reporting, the keychain) are no bypass, and a view given \
            only its view model has no injection set up; nor has a helper given only its owner's interface (a \
            protocol only view models adopt: `ChatVerificationCoordinator(context: self)`), nor a type given only \
            entities a store keeps in collections (`MoveViewController(notes: [Note])` beside `Storage.noteList: \
            [Note]`). A parameterless `init` filling what another `init` takes (`private init() { self.init(monitor: \
            Monitor.shared) }`) is that `init`'s set of defaults. Not reported: static members, composition roots (`…Factory`, \
            `…Container`, `…Assembly`, `…Builder`, `…DependencyProvider`, app and scene delegates, SwiftUI \
            `App`s), singletons passed as arguments in an `init`, parameters' default values (read for a caller \
            passing nothing), `#if DEBUG` code, identity comparisons, \
            writes to the singleton property, and persistent models (a Core Data entity's `init(context:)` inserts it \
            into that context: it takes no services). A finding is named by its type and the singleton reached: its \
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
            """,
            """
            import CoreData
            final class FileStore { static let shared = FileStore(); func remove(_ name: String) {} }
            final class FileMessageEntity: NSManagedObject {
                convenience init(context: NSManagedObjectContext, name: String) { self.init(context: context) }
                func deleteFile() { FileStore.shared.remove("") }
            }
            """,
        ],
        fingerprintOmitsMessage: true)

    func findings(in context: RuleContext) -> [Finding] {
        context.analysis.accesses.compactMap { access in
            switch access.kind {
            case .injectedDefault, .defaultArgument:
                return nil
            case .direct, .serviceLocator, .container, .staticFacade:
                let expression =
                    access.isGlobalInstance ? access.propertyName : "\(access.singletonType).\(access.propertyName)"
                return bypass(access, expression: expression, in: context)
            }
        }
    }

    private func bypass(_ access: SingletonAccess, expression: String, in context: RuleContext) -> Finding? {
        let analysis = context.analysis
        guard let owner = access.enclosingType, var injected = analysis.serviceInjections[owner],
            // Wiring is no use (``SingletonAccess/Site/isWiring``). One assigned in an initialiser is a default only when
            // another `init` takes the property (`injected-singleton-default`'s); otherwise it is a hidden dependency
            // (damus's `self.storekit_manager = StoreKitManager.standard` beside `init(settings:)`).
            !access.site.subtracting(.propertyWrapper).isWiring,
            // A parameter's default (`context: Context = Store.shared.viewContext`) is read for a caller passing nothing.
            !access.site.contains(.parameterDefault), let type = context.codebase.types[owner], !type.isCompositionRoot,
            // A parameterless `init` filling what another `init` takes (`private init() { self.init(monitor:
            // Monitor.shared) }`, or assigning each property) is that `init`'s default set.
            !(access.site.contains(.parameterlessInitializer)
                && type.initializers.contains(where: { !$0.parameters.isEmpty }))
        else { return nil }
        // A DI library's wrapper (`@Injected`, `@LazyInjected`) is how a type without init injection gets its
        // services; beside services taken through `init` it reaches the container instead (ios-pass's view models).
        if access.site.contains(.propertyWrapper) {
            injected = injected.filter(\.isInitParameter)
            guard !injected.isEmpty else { return nil }
        }
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
        // Any type whose injection is set up (a view model, a service, a controller, a singleton taking
        // services through its init) and that still reaches another service bypasses it (the roadmap's
        // definition); models hold no services.
        // A view given its view model takes state, not services: it has no injection set up to bypass.
        let services = analysis.takenServices(of: type, in: context.codebase).filter { service in
            injected.contains { $0.name == service.name && $0.typeName == service.typeName }
        }
        // A Core Data entity's `init(context:)` inserts it into that context (threema's `FileMessageEntity` reading
        // `FileUtility.shared`): a persistent model takes no services, whatever its initialisers take.
        guard type.role != .model, !services.isEmpty, !DependencyAnalysis.isPersistentModel(type, in: context.codebase)
        else { return nil }
        let reached = access.dependencyType
        guard let service = context.codebase.types[reached],
            analysis.isReachedDependency(service, in: context.codebase),
            !service.isAmbient, !AllowList.isAmbient(access.locatorMember ?? "")
        else { return nil }
        let named = services.prefix(3).map { "'\($0.name): \($0.typeName)'" }.joined(separator: ", ")
        let more = services.count > 3 ? " and \(services.count - 3) more" : ""
        // `Locator.shared.api`; a static locator member (`ServiceLocator.stores`) is the expression itself.
        let reachedText =
            access.locatorMember.flatMap { $0 == access.propertyName ? nil : "\(expression).\($0)" } ?? expression
        return Finding(
            .injectionBypass, at: access.location,
            "'\(owner)' takes \(named)\(more) through init but reaches '\(reachedText)' directly",
            fix: "Inject '\(reached)' through init like the other services",
            typeName: owner, subject: access.singletonType)
    }
}
