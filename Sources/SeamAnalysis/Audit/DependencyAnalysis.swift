import SeamLocking

/// Cross-type facts the rules share: who injects what, who reaches which singleton, and the graph.
struct DependencyAnalysis: Sendable {
    /// Type → its injected dependencies, for non-test types of the codebase.
    private(set) var injections: [String: [InjectedDependency]] = [:]
    /// Type → the services it takes through `init` (see `serviceInjections(of:in:)`), for `injection-bypass`.
    private(set) var serviceInjections: [String: [InjectedDependency]] = [:]
    /// Protocol → conforming types of the codebase (not in test files, not test doubles by name, see `isTestDouble(_:)`).
    private(set) var conformers: [String: [String]] = [:]
    /// Type → the codebase protocols it conforms to, directly or through inheritance.
    private(set) var ownProtocols: [String: Set<String>] = [:]
    /// Types a singleton holds or a service locator hands out: services whatever their names.
    private(set) var handedOut: Set<String> = []
    /// Types another type of the codebase keeps as the elements of a collection property (`var noteList: [Note]`,
    /// `projects = [Project]()`, `conversationsByID: [ConversationID: Conversation]`).
    private(set) var keptInCollections: Set<String> = []
    /// The types of ``keptInCollections`` of no service role: entities a store manages (see ``isEntityCandidate(_:)``).
    private(set) var entities: Set<String> = []
    /// Classes that reach a service through a singleton, a locator member or a container: services themselves
    /// when they keep no state (see `decideIsService`).
    private var reachingServices: Set<String> = []
    /// Accesses that are not allow-listed.
    private(set) var accesses: [SingletonAccess] = []
    /// Declarations that are not allow-listed.
    private(set) var declarations: [SingletonDeclaration] = []
    /// ``isService(_:in:)``'s verdicts so far, by type name.
    private let serviceMemo = ServiceMemo()

    init(codebase: Codebase, configuration: AuditConfiguration) {
        let allowed = AllowList(configuration.allowedSingletons)
        // The instances a dependency container holds for others (`AppDependencies.Live.api = APIClient()`, as
        // `seam migrate` retires singletons) are the composition root's graph, not singletons; reads of them
        // outside the composition root and defaults stay service-locator accesses.
        // Nor is a singleton of a type compiled only in debug builds (AltTab's `#if DEBUG` `QAMenu.shared`): it ships
        // to no user.
        declarations = codebase.singletonDeclarations.filter { declaration in
            !allowed.contains(declaration) && !codebase.isContainerInstance(declaration)
                && !(declaration.kind == .staticProperty && codebase.types[declaration.typeName]?.isDebugOnly == true)
        }
        accesses = codebase.singletonAccesses.filter { access in
            !allowed.contains(
                type: access.singletonType, property: access.propertyName, isGlobal: access.isGlobalInstance)
        }
        for type in codebase.types.values where type.kind != .protocol && type.kind != .external {
            let protocols = Self.ownProtocols(of: type, in: codebase)
            ownProtocols[type.name] = Set(protocols)
            guard !type.isInTestFile, !Self.isTestDouble(type.simpleName) else { continue }
            for name in protocols { conformers[name, default: []].append(type.name) }
        }
        for key in conformers.keys { conformers[key]?.sort() }
        for type in codebase.types.values where type.kind != .protocol && type.kind != .external && !type.isInTestFile {
            for property in type.properties where !property.isStatic {
                guard let element = property.elementTypeName,
                    let kept = codebase.type(named: element, from: type.name), kept.name != type.name
                else { continue }
                keptInCollections.insert(kept.name)
                if Self.isEntityCandidate(kept) { entities.insert(kept.name) }
            }
        }
        for type in codebase.types.values where type.kind != .protocol && type.kind != .external && !type.isInTestFile {
            var dependencies: [InjectedDependency] = []
            let isModel = Self.isPersistentModel(type, in: codebase)
            func isRelationship(_ target: String, _ property: StoredProperty? = nil) -> Bool {
                if let property, Self.isRelationship(property) { return true }
                return isModel && codebase.types[target].map { Self.isPersistentModel($0, in: codebase) } == true
            }
            for property in type.properties
            where !property.isStatic && property.initialValue == nil && !property.isComputed {
                guard let target = Self.dependencyType(property.typeName, from: type.name, in: codebase),
                    !isRelationship(target, property)
                else { continue }
                // A store's current entity (FSNotes' `Storage.welcomeNote: Note?` beside its `noteList: [Note]`) is
                // data it holds, not a dependency: Note reaching `Storage.shared()` closes no cycle.
                dependencies.append(
                    InjectedDependency(
                        via: .storedProperty, name: property.name, typeName: target, location: property.location,
                        isOwning: !Self.isBackReference(property, target: target, in: codebase)
                            && !entities.contains(target)))
            }
            // Where an `init` parameter can be kept: every stored property, with an initial value or not.
            let stored = type.properties.lazy.filter { !$0.isStatic && !$0.isComputed }
            for parameter in type.initParameters {
                guard let target = Self.dependencyType(parameter.typeName, from: type.name, in: codebase),
                    !isRelationship(target),
                    !dependencies.contains(where: {
                        $0.via == .initParameter && $0.name == parameter.name && $0.typeName == target
                    })
                else { continue }
                // A parameter kept in a back-reference (`init(delegate:)` for `weak var delegate`) owns nothing, and
                // neither does one no stored property keeps (by its name, else by its type): it is used while the
                // instance is made (zotero's `UserControllers(controllers: self)` reads it and captures it `weak`).
                let sameName = stored.filter { $0.name == parameter.name }
                let keepers =
                    sameName.isEmpty
                    ? stored.filter { Self.dependencyType($0.typeName, from: type.name, in: codebase) == target }
                    : sameName
                let isOwning = keepers.contains { !Self.isBackReference($0, target: target, in: codebase) }
                dependencies.append(
                    InjectedDependency(
                        via: .initParameter, name: parameter.name, typeName: target, location: parameter.location,
                        isOwning: isOwning))
            }
            if !dependencies.isEmpty { injections[type.name] = dependencies }
        }
        // What singletons and locators hand out is a service by that alone (`enum ServiceLocator { static var
        // stores: StoresManager }`, `Locator.shared.analytics`), whatever its name.
        for declaration in codebase.singletonDeclarations where declaration.evidence == .heldInstance {
            if let held = declaration.instanceType { handedOut.insert(held) }
        }
        for access in codebase.singletonAccesses {
            if let provided = access.providedType { handedOut.insert(provided) }
        }
        // safe-ios-legacy's `final class TokenListMerger { private var repository: TokenListItemRepository {
        // DomainRegistry.tokenListItemRepository } }`: a class doing its work with the app's services is one.
        // A default argument is what a caller may replace, not something the class reaches.
        for access in accesses where !access.site.isWiring && !access.isInjectionDefault {
            guard let owner = access.enclosingType, let reached = codebase.types[access.dependencyType],
                reached.kind != .external,
                reached.role == .service || handedOut.contains(reached.name)
                    || (reached.sharesOwnInstance && reached.kind == .class),
                !reached.isAmbient
            else { continue }
            reachingServices.insert(owner)
        }
        for type in codebase.types.values where type.kind != .protocol && type.kind != .external && !type.isInTestFile {
            let services = serviceInjections(of: type, in: codebase)
            if !services.isEmpty { serviceInjections[type.name] = services }
        }
    }

    /// Property wrappers through which a framework or a DI library hands a type its dependency.
    private static let injectingWrappers: Set<String> = [
        "EnvironmentObject", "Environment", "ObservedObject", "Injected", "Inject", "LazyInjected", "WeakInjected",
        "Dependency",
        "InjectService", "LazyInjectService",
    ]

    /// The services a type takes from outside, the sign that injection is set up: `init` parameters
    /// (``CodebaseType/initParameters``, the memberwise ones of a struct included) and properties filled by an injecting property wrapper
    /// (`@EnvironmentObject`, `@Injected`…), whose type is a service (see `isService`). Values and data
    /// classes taken for state are not services.
    private func serviceInjections(of type: CodebaseType, in codebase: Codebase) -> [InjectedDependency] {
        var services: [InjectedDependency] = []
        func add(_ via: InjectedDependency.Via, _ name: String, _ typeName: String?, _ location: SourceLocation) {
            guard
                let target = serviceType(typeName, from: type.name, in: codebase)
                    ?? sdkServiceType(typeName, from: type.name, in: codebase),
                !services.contains(where: { $0.name == name && $0.typeName == target })
            else { return }
            services.append(InjectedDependency(via: via, name: name, typeName: target, location: location))
        }
        for property in type.properties where !property.isStatic && property.initialValue == nil && !property.isComputed
        {
            if property.attributes.contains(where: Self.injectingWrappers.contains),
                Self.isTakenFromOutside(property, by: type)
            {
                add(.storedProperty, property.name, property.typeName, property.location)
            }
        }
        // A collection of services (Meshtastic's `init(transports: [any Transport])`) is services taken too.
        let inherited = Self.inheritedInitParameters(of: type, in: codebase)
        for (via, parameters) in [
            (InjectedDependency.Via.initParameter, type.initParameters), (.inheritedInitParameter, inherited),
        ] {
            for parameter in parameters
            where !Self.isCallbackTarget(parameter.name, parameter.typeName ?? parameter.elementTypeName) {
                add(via, parameter.name, parameter.typeName ?? parameter.elementTypeName, parameter.location)
            }
        }
        return services
    }

    /// For a class declaring no designated `init`, the parameters of the designated initialisers of the nearest
    /// codebase superclass declaring one, which Swift lets it inherit (`final class DetailViewModel: BaseViewModel
    /// {}` is made with `BaseViewModel`'s `init(api:)`); its own convenience initialisers stay its own
    /// (``CodebaseType/initParameters``). Empty for any other type.
    static func inheritedInitParameters(of type: CodebaseType, in codebase: Codebase) -> [InitParameter] {
        func designated(_ type: CodebaseType) -> [InitDeclaration] {
            type.initializers.filter { !$0.isInExtension && !$0.traits.isConvenience }
        }
        guard type.kind == .class, designated(type).isEmpty else { return [] }
        var ancestor = type
        var seen: Set<String> = [type.name]
        while let superclass = superclass(of: ancestor, in: codebase), seen.insert(superclass.name).inserted {
            let initializers = designated(superclass)
            if !initializers.isEmpty { return initializers.flatMap(\.parameters) }
            ancestor = superclass
        }
        return []
    }

    /// Whether a property filled by an injecting wrapper comes from outside: always, except an `@ObservedObject` a view
    /// builds in its own `init` (canvas's `colors = env.subscribe(GetCustomColors())` in `init(_ enrollment:)`), which is
    /// taken only when the memberwise `init` or an explicit one has a parameter of its name or type.
    private static func isTakenFromOutside(_ property: StoredProperty, by type: CodebaseType) -> Bool {
        guard property.attributes.contains("ObservedObject"),
            !property.attributes.contains(where: { $0 != "ObservedObject" && injectingWrappers.contains($0) })
        else { return true }
        // A struct whose own declaration has no `init` keeps the memberwise one (see ``CodebaseType/initParameters``).
        if !type.initializers.contains(where: { !$0.isInExtension }) { return true }
        return type.initializers.contains { initializer in
            initializer.parameters.contains {
                $0.name == property.name || ($0.typeName != nil && $0.typeName == property.typeName)
            }
        }
    }

    /// Whether an `init` parameter hands the type the object its events go to rather than a service it uses: a
    /// delegate or a module's output (`output: ProfileModuleOutput?`, `delegate: LoginDelegate`, a listener or
    /// observer), by its name or its type's name. How it is stored does not tell: a context object kept `weak`
    /// or `unowned` (zotero's `private unowned let controllers: Controllers`) is still the services it holds.
    static func isCallbackTarget(_ name: String, _ typeName: String?) -> Bool {
        let lowered = name.lowercased()
        if callbackWords.contains(where: { lowered.hasUTF8Suffix($0) }) { return true }
        guard var simple = typeName?.lastNameComponent[...] else { return false }
        // A VIPER module's output behind its protocol (`presenter: AssetListInteractorOutputProtocol`).
        if simple.hasUTF8Suffix("Protocol"), simple.utf8.count > 8 { simple = simple.dropLast(8) }
        return callbackTypeSuffixes.contains { simple.hasUTF8Suffix($0) }
    }

    private static let callbackWords = ["output", "delegate", "listener", "observer"]
    /// A `…Routable` is where a screen's navigation goes (tangem's `weak var coordinator: AuthRoutable?`).
    private static let callbackTypeSuffixes = ["Output", "Delegate", "Listener", "Observer", "Routable"]

    /// `typeName`, resolved from `owner`, if it names a service (see `isService`).
    private func serviceType(_ typeName: String?, from owner: String, in codebase: Codebase) -> String? {
        guard let typeName, let type = codebase.type(named: typeName, from: owner), type.name != owner,
            isService(type, in: codebase)
        else { return nil }
        return type.name
    }

    /// `typeName`, resolved from `owner`, if it names an SDK service: a type the codebase does not declare (it
    /// may extend it) whose name says it is a service (see ``isSDKServiceName(_:)``): `OCCore`,
    /// `NSManagedObjectContext`, `CLLocationManager`. Its content is out of sight, so its name is all there is.
    private func sdkServiceType(_ typeName: String?, from owner: String, in codebase: Codebase) -> String? {
        guard let typeName else { return nil }
        let declared = codebase.type(named: typeName, from: owner)
        guard declared == nil || declared?.kind == .external else { return nil }
        let name = declared?.name ?? typeName
        return Self.isSDKServiceName(name) ? name : nil
    }

    /// The ends of names of SDK classes that are services, and of context objects that carry them: managers,
    /// stores, clients and services (`CLLocationManager`, `HKHealthStore`), sessions (`URLSession`,
    /// `WCSession`), contexts (`NSManagedObjectContext`, `LAContext`) and cores (an SDK's per-account engine,
    /// `OCCore`). Fewer than the role's service suffixes: an SDK `…Provider` or `…Handler` is as often a
    /// value handed over (`NSItemProvider`).
    private static let sdkServiceSuffixes = ["Manager", "Service", "Store", "Client", "Session", "Context", "Core"]

    /// Whether a type the codebase does not declare is a service by its name (see `sdkServiceSuffixes`);
    /// constant-like names (`…Configuration`, `…Formatter`) never are.
    static func isSDKServiceName(_ name: String) -> Bool {
        let simple = name.lastNameComponent
        // A library's bare `Context`, `Session` or `Client` (the XMPP library Martin's `Context`) is its engine too.
        if contextNames.contains(simple) || simple == "Client" { return true }
        return sdkServiceSuffixes.contains { simple.hasUTF8Suffix($0) && simple.utf8.count > $0.utf8.count }
            && !SingletonClassifier.isConstantLike(simple)
    }

    /// The names of context objects, alone or at the end of a name: what a type is handed to reach an engine's API
    /// (`NSManagedObjectContext`, Delta Chat's `DcContext` with its 124 methods, an SDK's `OCCore`).
    private static let contextNames: Set<String> = ["Context", "Session", "Core"]

    /// Whether a codebase class is a context object by its name (`…Context`, `…Session`, `…Core`): a service its
    /// holders reach an engine through, whatever the role its members give it.
    static func isContextObjectName(_ name: String) -> Bool {
        let simple = name.lastNameComponent
        return contextNames.contains { simple.hasUTF8Suffix($0) } && !SingletonClassifier.isConstantLike(simple)
    }

    /// Whether values of `type` are services: a codebase protocol, a class or actor that has a singleton, or
    /// one with the service or coordinator role, or a view model by name (`*ViewModel`; an `ObservableObject`
    /// holding data is not), or a context object (see ``holdsServices(_:in:)``). Other classes (`Podcast`,
    /// `Server`, `Episode`) and structs and enums are data a type is given to show or edit, not services, except a
    /// struct with the service role or bundling two services or more (an app's `struct AppDependencies`).
    ///
    /// A protocol is a service unless every conformer of the codebase is data (`protocol BaseEpisode`
    /// adopted by `Episode` and `UserEpisode`); one without conformers here is an abstraction, a service.
    func isService(_ type: CodebaseType, in codebase: Codebase) -> Bool {
        // Asked for every parameter of every type, most of them of a few types: each type is decided once.
        if let known = serviceMemo.verdict(for: type.name) { return known }
        let verdict = decideIsService(type, in: codebase)
        serviceMemo.record(verdict, for: type.name)
        return verdict
    }

    private func decideIsService(_ type: CodebaseType, in codebase: Codebase) -> Bool {
        // A struct of another role may still bundle services (see below).
        guard TypeIndex.isDependency(type) || type.kind == .struct, type.role != .model, type.role != .view else {
            return false
        }
        if handedOut.contains(type.name) { return true }
        if entities.contains(type.name) { return false }
        if type.kind == .protocol {
            // A protocol named like a service describes one, whatever adopts it (nos's `protocol
            // RelaySubscriptionManager`, adopted by an actor named `…Actor`).
            if RoleClassifier.hasServiceName(type.simpleName) { return true }
            // One whose requirements do asynchronous or failing work describes a service when an object adopts it,
            // or none does yet (values and models adopting a `func validate() throws` stay data).
            if type.fragments.contains(where: \.declaresEffectfulMethod) {
                let adopters = (conformers[type.name] ?? []).compactMap { codebase.types[$0] }
                if adopters.isEmpty || adopters.contains(where: { $0.kind.isReferenceType && $0.role != .model }) {
                    return true
                }
            }
            guard type.role == .other, let found = conformers[type.name], !found.isEmpty else { return true }
            return found.contains { name in codebase.types[name].map { isService($0, in: codebase) } ?? false }
        }
        // A struct with the service role is one (kiwix's `struct DownloadTaskManager` over a `URLSession`, clients
        // made of closures); other values are state.
        // So is a struct bundling services, handed to others whole (amakaflow's `struct AppDependencies { let
        // apiService: APIServiceProviding; let pairingService: PairingServiceProviding; … }`, taken by its view models
        // as `init(dependencies:)`): two services or more it hands on.
        if type.kind == .struct {
            guard !SingletonClassifier.isValueLike(type) else { return false }
            return type.role == .service || handsOnServices(type, in: codebase, atLeast: 2)
        }
        guard type.kind.isReferenceType else { return false }
        // An `ObservableObject` document or store of data (`WorkspaceDocument`) has the view-model role by its
        // conformance only; a view model by name is one.
        if type.sharesOwnInstance || type.role == .service || Self.isNamedViewModel(type) { return true }
        // An actor is a class here: green's `actor WalletDataModel` hands on its `let wallet: WalletManager`.
        guard type.kind.isReferenceType else { return false }
        // A context object by name, unless it is data: WWDC's Realm `class Session: Object, Decodable` is a talk.
        if Self.isContextObjectName(type.name), !SingletonClassifier.isValueLike(type),
            !Self.isPersistentModel(type, in: codebase)
        {
            return true
        }
        if holdsServices(type, in: codebase) { return true }
        // A coordinator keeping only navigation state (palace's `NavigationCoordinator`: a path and the routes'
        // payloads) is no service; one reaching services hands on their work.
        if type.role == .coordinator { return reachingServices.contains(type.name) }
        // A subclass of a service or context object is one (flowcrypt's `AppContextWithUser: AppContext`), decided
        // on the ancestors' own traits, not recursively (a hostile hierarchy may loop).
        var seen: Set<String> = [type.name]
        var ancestor = Self.superclass(of: type, in: codebase)
        while let current = ancestor, current.kind != .external, seen.insert(current.name).inserted {
            if serviceMemo.verdict(for: current.name) == true || current.sharesOwnInstance || current.role == .service
                || Self.isContextObjectName(current.name) || holdsServices(current, in: codebase)
            {
                return true
            }
            ancestor = Self.superclass(of: current, in: codebase)
        }
        // A class keeping no state of its own that reaches services does its work with them (safe-ios-legacy's
        // `TokenListMerger`). One with state is what it keeps (CotEditor's `DirectoryDocument`, a document that reads
        // the syntax manager); a data class with a shortcut to a service (green's `WalletItem: Codable { var store:
        // DataStore { DataStore.shared } }`) stays data.
        return type.kind == .class && reachingServices.contains(type.name) && !SingletonClassifier.isValueLike(type)
            && !type.properties.contains { !$0.isStatic && !$0.isComputed }
    }

    /// Whether reaching `type` through a singleton reaches a dependency: a service (see `isService`), a struct
    /// with the service role and a singleton of its own, or a type whose one current value is a singleton
    /// (`static var cached: LayoutSettings = .default`), which its readers depend on whatever its conformances
    /// make of its role. A copy of that value handed to `init` is state.
    func isReachedDependency(_ type: CodebaseType, in codebase: Codebase) -> Bool {
        isService(type, in: codebase) || type.singletonDeclarations.contains { $0.evidence == .currentValue }
            // A service by name kept as a struct's shared instance (damus's `struct DamusCacheManager { static var
            // shared = DamusCacheManager() }`, whose methods clear the app's caches): reached, a service all the same.
            || (type.kind == .struct && type.role == .service && type.isSingleton)
            // A struct's shared instance over an SDK store or service it keeps to itself (kiwix's `struct Database {
            // static let shared = Database(); private let container: NSPersistentContainer }`): the store's facade.
            // One that hands its services out (Pocket's `struct Services { let userDefaults: UserDefaults … }`) is a
            // locator, whose members are reached one by one.
            || (type.kind == .struct && type.isSingleton && hidesSDKService(type))
            // A view with a shared instance of its own (WeatherXM's `Toast.shared.show(text:)`, `LoaderView.shared`,
            // a HUD): one on-screen component the whole app drives, a hidden dependency of whoever reaches it.
            || (type.role == .view && type.kind == .class && type.sharesOwnInstance)
    }

    /// Whether a type keeps an SDK store or service in a `private` stored property.
    private func hidesSDKService(_ type: CodebaseType) -> Bool {
        type.properties.contains { property in
            guard !property.isStatic else { return false }
            guard !property.isComputed, property.isPrivate, let written = property.typeName else { return false }
            return Self.isSDKServiceName(written)
                || SingletonClassifier.sdkStoreClasses.contains(written.lastNameComponent)
        }
    }

    /// Whether `type` is a view model by its name (`…ViewModel`, `…VM`), not merely by its conformance to
    /// `ObservableObject` or `@Observable`.
    static func isNamedViewModel(_ type: CodebaseType) -> Bool {
        type.role == .viewModel && (type.simpleName.hasSuffix("ViewModel") || type.simpleName.hasSuffix("VM"))
    }

    /// Whether values of `type` are the state a view is given rather than services: a view model by name, or an
    /// `ObservableObject`/`@Observable` class holding no service (`WorkspaceDocument` with its files). An observed
    /// class that holds services is a container or context object (`@Observable final class AppEnvironment {
    /// let settings: SettingsManager … }`): a type taking it has its injection set up.
    func isViewState(_ type: CodebaseType, in codebase: Codebase) -> Bool {
        // A view model's protocol (`VaultListViewModelProtocol`, `…ViewModelType`, or one only view models adopt): what
        // a controller is given.
        if type.kind == .protocol {
            let name = ["Protocol", "Type", "Providing"].reduce(Substring(type.simpleName)) { name, suffix in
                name.hasUTF8Suffix(suffix) && name.utf8.count > suffix.utf8.count ? name.dropLast(suffix.count) : name
            }
            if name.hasUTF8Suffix("ViewModel") { return true }
            // The interface a view model gives the helpers it makes (bitchat's `ChatVerificationCoordinator(context:
            // self)` taking `any ChatVerificationContext`, adopted by `ChatViewModel` alone): a back-reference to its
            // owner's state, no service.
            let adopters = (conformers[type.name] ?? []).compactMap { codebase.types[$0] }
            return !adopters.isEmpty
                && adopters.allSatisfy { $0.kind != .protocol && isViewState($0, in: codebase) }
        }
        // One with its own shared instance is app-wide state (nostur's `DMsVM.shared`), a service like any singleton;
        // one that only keeps another object in a static (metatext's `AttachmentViewModel.wifiMonitor`) is not.
        guard type.role == .viewModel, !type.sharesOwnInstance else { return false }
        return Self.isNamedViewModel(type) || !holdsServices(type, in: codebase)
    }

    /// Whether `owner` is given `type` as the state it shows rather than a service (see ``isViewState(_:in:)``):
    /// also a view's or view controller's model by name (green's `WalletTabBarViewController(walletTabBarModel:
    /// WalletTabBarModel)`), a class that may hold the services it uses for the view.
    func isViewState(_ type: CodebaseType, givenTo owner: CodebaseType, in codebase: Codebase) -> Bool {
        if isViewState(type, in: codebase) { return true }
        // A view's view model by name is what it shows, also one with a shared instance of its own (dashwallet's
        // `HomeViewContent` given `HomeViewModel`, which has `static let shared`); an observed container of services is not.
        if owner.role == .view, Self.isNamedViewModel(type) { return true }
        guard owner.role == .view, type.kind == .class, !type.sharesOwnInstance else { return false }
        return ["Model", "VM"].contains { type.simpleName.hasUTF8Suffix($0) }
            && !Self.isPersistentModel(type, in: codebase)
    }

    /// The services `owner` takes through `init` or an injecting property wrapper, leaving out the view state it
    /// is given (see ``isViewState(_:givenTo:in:)``): the sign that its injection is set up.
    func takenServices(of owner: CodebaseType, in codebase: Codebase) -> [InjectedDependency] {
        (serviceInjections[owner.name] ?? []).filter { dependency in
            codebase.types[dependency.typeName].map { !isViewState($0, givenTo: owner, in: codebase) } ?? true
        }
    }

    /// Whether a class hands services around, a context object: it holds a service others can reach (not
    /// `private`), strongly or weakly — a singleton's type, a type with the service or coordinator role, what a locator hands out
    /// (`final class ClientContext { weak var sessions: SessionManager? }`), or an SDK service
    /// (`weak var core: OCCore?`, see ``isSDKServiceName(_:)``). A type taking one through `init` has its
    /// injection set up. Data classes (`Episode`, `Podcast`) hold values, not services.
    private func holdsServices(_ type: CodebaseType, in codebase: Codebase) -> Bool {
        type.kind.isReferenceType && handsOnServices(type, in: codebase, atLeast: 1)
    }

    /// Whether `type` hands on at least `minimum` services through its properties (see ``holdsServices(_:in:)``).
    private func handsOnServices(_ type: CodebaseType, in codebase: Codebase, atLeast minimum: Int) -> Bool {
        // Only what it hands on: a `private` service is the type's own dependency (CotEditor's `Document`, given its
        // `private let encodingManager` by `seam migrate`, stays a document, and whoever takes it takes no service).
        // Computed ones too: session's `Dependencies` hands out `var storage: Storage { get … set … }`; a data
        // class's computed shortcut to a service (green's `WalletItem: Codable { var session: SessionManager? { … } }`)
        // makes no context object of it.
        let handsOutComputed = !type.computedProperties.isEmpty && !SingletonClassifier.isValueLike(type)
        var found = 0
        for properties in [type.properties, handsOutComputed ? type.computedProperties : []] {
            for property in properties where handsOnService(property) {
                found += 1
                if found >= minimum { return true }
            }
        }
        return false
        func handsOnService(_ property: StoredProperty) -> Bool {
            guard !property.isStatic, !property.isPrivate, let written = property.typeName else { return false }
            guard let held = codebase.type(named: written, from: type.name), held.kind != .external else {
                return Self.isSDKServiceName(written)
            }
            guard held.name != type.name, held.role != .model, held.role != .view else { return false }
            if held.sharesOwnInstance || handedOut.contains(held.name) { return true }
            // An enum named like a service is a value (Unstoppable's `enum Provider: String` of DEXes, held by the data
            // class `SwapModule.Dex`), not a service handed on; so is a value-like struct.
            let canServe =
                held.kind.isReferenceType || held.kind == .protocol
                || (held.kind == .struct && !SingletonClassifier.isValueLike(held))
            // A bundle of several (a struct handing on two services or more) may hold them behind any protocol that
            // describes a service: named so, or with asynchronous or failing requirements that an object adopts or none
            // does yet (`APIServiceProviding`), as `decideIsService` reads a protocol; a `Validating` adopted by values
            // only is data. A class holding one such protocol may still be data (palace's `Book` and its
            // `ImageCacheType`). Its conformers are judged by kind and role only: one may be this bundle.
            if held.kind == .protocol, minimum > 1 {
                if handedOut.contains(held.name) || RoleClassifier.hasServiceName(held.simpleName) { return true }
                guard held.fragments.contains(where: \.declaresEffectfulMethod) else { return false }
                let adopters = (conformers[held.name] ?? []).compactMap { codebase.types[$0] }
                return adopters.isEmpty || adopters.contains { $0.kind.isReferenceType && $0.role != .model }
            }
            return canServe && (held.role == .service || held.role == .coordinator)
        }
    }

    /// Whether `property` points back without owning: `weak`/`unowned`, or named `delegate`/`…Delegate` and
    /// typed by a protocol (a delegate that cannot be `weak` is still a back-reference by intent), or typed by a
    /// protocol naming where events go (see ``isCallbackTarget(_:_:)``): a `…Routable` (tangem's `let router:
    /// QRScanViewRoutable`, the coordinator that made the view model), a VIPER module's output (nova's `var presenter:
    /// AssetListInteractorOutputProtocol?`).
    static func isBackReference(_ property: StoredProperty, target: String, in codebase: Codebase) -> Bool {
        if property.isWeak { return true }
        guard codebase.types[target]?.kind == .protocol else { return false }
        return property.name == "delegate" || property.name.hasSuffix("Delegate")
            || isCallbackTarget(property.name, target)
    }

    /// The codebase protocols `type` conforms to: directly, through protocol inheritance, or through its
    /// codebase superclasses (`final class LiveStore: BaseStore` adopts what `BaseStore` adopts).
    static func ownProtocols(of type: CodebaseType, in codebase: Codebase) -> [String] {
        var found = Set(codebase.ownProtocols(of: type))
        var current = type
        var seen: Set<String> = [type.name]
        while let resolved = superclass(of: current, in: codebase), seen.insert(resolved.name).inserted {
            found.formUnion(codebase.ownProtocols(of: resolved))
            current = resolved
        }
        return found.sorted()
    }

    /// Attributes of a stored property that an object-relational mapper fills: Core Data's `@NSManaged`,
    /// SwiftData's `@Relationship`, Realm's `@Persisted`. A model's reference to another model (and its inverse
    /// back) is data the store keeps, not a dependency: no edge of the graph, no cycle.
    private static let relationshipAttributes: Set<String> = ["NSManaged", "Relationship", "Persisted"]

    /// Superclasses of persistent models: Core Data's `NSManagedObject`, Realm's `Object` and
    /// `EmbeddedObject`, GRDB's `Record`.
    private static let persistentModelBases: Set<String> = ["NSManagedObject", "Object", "EmbeddedObject", "Record"]

    /// Whether `property` is a relationship kept by an object-relational mapper (see `relationshipAttributes`).
    static func isRelationship(_ property: StoredProperty) -> Bool {
        property.attributes.contains(where: relationshipAttributes.contains)
    }

    /// Whether `type` is a persistent model: a SwiftData `@Model` class, or a subclass (directly or through
    /// codebase classes) of a persistent model base (see `persistentModelBases`). References between two
    /// persistent models are relationships, not dependencies, whatever their attributes.
    static func isPersistentModel(_ type: CodebaseType, in codebase: Codebase) -> Bool {
        var current = type
        var seen: Set<String> = []
        while current.kind == .class, seen.insert(current.name).inserted {
            if current.attributes.contains("Model") { return true }
            if current.conformances.contains(where: { persistentModelBases.contains($0.lastNameComponent) }) {
                return true
            }
            guard let resolved = superclass(of: current, in: codebase) else { return false }
            current = resolved
        }
        return false
    }

    /// The codebase class `type` inherits from, if it is a class and its superclass is declared here.
    static func superclass(of type: CodebaseType, in codebase: Codebase) -> CodebaseType? {
        // The type index resolved it once (``CodebaseType/superclass``): no name is looked up again here.
        guard type.kind == .class, let name = type.superclass, name != type.name, let superclass = codebase.types[name],
            superclass.kind == .class
        else { return nil }
        return superclass
    }

    /// Whether a type's name marks a test double (see ``TestDoubles``).
    static func isTestDouble(_ name: String) -> Bool { TestDoubles.isTestDouble(name) }

    /// The type a property or parameter of `typeName` depends on, if it is a dependency: a codebase protocol,
    /// a class or actor, a service, coordinator or view model, or any singleton's type. Models and views
    /// are values, not dependencies.
    private static func dependencyType(_ typeName: String?, from owner: String, in codebase: Codebase) -> String? {
        guard let typeName, let target = codebase.type(named: typeName, from: owner), target.name != owner,
            TypeIndex.isDependency(target)
        else { return nil }
        return target.name
    }

    /// Whether a type kept in another's collection is an entity that store manages rather than a service it holds (see
    /// ``entities``): a class or struct of no service role, not named like a service, sharing no instance of its own
    /// (a coordinator's `childCoordinators: [Coordinator]` and a `[any Transport]` stay what they are).
    private static func isEntityCandidate(_ type: CodebaseType) -> Bool {
        (type.kind == .class || type.kind == .struct) && (type.role == .other || type.role == .model)
            && !type.sharesOwnInstance && !RoleClassifier.hasServiceName(type.simpleName)
    }

    /// Whether `singletonType` provides `dependency`: it is that type or conforms to that protocol.
    func provides(_ singletonType: String, _ dependency: String) -> Bool {
        singletonType == dependency || ownProtocols[singletonType]?.contains(dependency) == true
    }

    /// The type an injected dependency stands for in the graph: the type itself; for a protocol with
    /// exactly one conformer outside tests, that conformer (the protocol is a thin wrapper over the one
    /// live type); otherwise the protocol itself — a real abstraction with several implementations, or
    /// none. Fanning out to every conformer would turn a protocol such as `SyntaxProtocol`, adopted by
    /// hundreds of types, into hundreds of edges per injection and thousands of false cycles.
    func targets(of dependency: String, in codebase: Codebase) -> [String] {
        guard codebase.types[dependency]?.kind == .protocol, let found = conformers[dependency], found.count == 1
        else { return [dependency] }
        return found
    }
}

/// `allowedSingletons` entries: a type name (`Logger`), a qualified access (`Logger.shared`) or a global
/// variable name (`analytics`).
package struct AllowList: Sendable {
    private let entries: Set<String>

    package init(_ entries: Set<String>) { self.entries = entries }

    package var isEmpty: Bool { entries.isEmpty }

    package func contains(type: String, property: String, isGlobal: Bool) -> Bool {
        guard !entries.isEmpty else { return false }
        let simple = type.lastNameComponent
        if entries.contains(type) || entries.contains(simple) { return true }
        if isGlobal { return entries.contains(property) }
        return entries.contains("\(type).\(property)") || entries.contains("\(simple).\(property)")
    }

    /// Whether a service is one of the roadmap's truly global ones, by its type's or locator member's name:
    /// loggers (`FileLog`, `Logger`, `…Logging`), analytics (`Analytics`, `…Tracking`, a type named `Tracker`), crash
    /// reporting (`CrashLogging`, `…CrashReporter`, a `…Reporter` with a `report` method, a wrapper named after such an
    /// SDK: `SentryService`, `MixPanelManager`) and the keychain, also behind a service-like suffix
    /// (`LoggingService`, `AnalyticsManager`, `KeychainHelper`). Reaching them directly is no injection bypass.
    ///
    /// - Parameter declaresLoggingMethod: for a type the codebase declares, whether it has a logger's method
    ///   (`log`, `info`, `track`…): a `…Log` is a logger only with one (a `DeletionLog` keeps records), and a
    ///   `…Tracker` or `…Reporter` with one is an event log (`ErrorActivityTracker.log(_:)`, `Reporter.report(error:)`;
    ///   a `LocationTracker` has none).
    ///   `nil` for a name alone.
    package static func isAmbient(_ name: String, declaresLoggingMethod: Bool? = nil) -> Bool {
        var lowered = Substring(name.lowercased())
        // An event tracker by that name alone (safe-ios-legacy's `Tracker.shared.track(event:)`); a
        // `LocationTracker` is no analytics.
        if lowered == "tracker" { return true }
        // A keychain wrapper by its first word (udomains' `KeychainPrivateKeyStorage`).
        if lowered.hasUTF8Prefix("keychain") { return true }
        var written = Substring(name)
        if let suffix = serviceSuffixes.first(where: { lowered.hasUTF8Suffix($0) && lowered.utf8.count > $0.utf8.count }
        ) {
            lowered = lowered.dropLast(suffix.count)
            written = written.dropLast(suffix.count)
        }
        if lowered.hasUTF8Suffix("tracker") { return declaresLoggingMethod == true }
        // An error and event reporter (mixin's `Reporter` over Bugsnag, with `report(error:)` and `report(event:)`);
        // a `ProgressReporter` without such a method is none.
        if lowered.hasUTF8Suffix("reporter"), !lowered.hasUTF8Suffix("crashreporter") {
            return declaresLoggingMethod == true
        }
        // `Log` as a word: `FileLog`, not `Catalog` or `Dialog`.
        if lowered.hasUTF8Suffix("log") {
            return (written == "log" || written.hasUTF8Suffix("Log")) && declaresLoggingMethod != false
        }
        return ambientSDKNames.contains(lowered) || ambientSuffixes.contains { lowered.hasUTF8Suffix($0) }
    }

    /// Whether a singleton is one of the roadmap's truly global ones, by its type or by the type of the instance it
    /// holds (`AnalyticsManager.shared: AnalyticsProviding`): kept by the roadmap and the migration.
    /// Without a codebase, by the names alone.
    package static func isAmbient(_ declaration: SingletonDeclaration, in codebase: Codebase?) -> Bool {
        isAmbient(typeNamed: declaration.typeName, in: codebase)
            || declaration.instanceType.map { isAmbient(typeNamed: $0, in: codebase) } == true
    }

    /// Whether a type, by its qualified name, is a truly global service: ``CodebaseType/isAmbient`` for a type of
    /// `codebase`, by its name for any other (`Logger`, `OSLog`) or without a codebase.
    package static func isAmbient(typeNamed name: String, in codebase: Codebase?) -> Bool {
        codebase?.types[name]?.isAmbient ?? isAmbient(name.lastNameComponent)
    }

    private static let serviceSuffixes = ["service", "manager", "provider", "client", "helper", "wrapper", "stack"]

    private static let ambientSuffixes = [
        "logger", "logging", "analytics", "tracking", "crashreporter", "crashreporting", "keychain",
    ]

    /// Wrappers named after a crash-reporting or analytics SDK, by the whole name once a service suffix is dropped
    /// (amakaflow's `SentryService`, krystal's `MixPanelManager`; an audio app's `AmplitudeMeter` is none).
    private static let ambientSDKNames: Set<Substring> = [
        "sentry", "crashlytics", "bugsnag", "mixpanel", "amplitude", "appsflyer",
    ]

    package func contains(_ declaration: SingletonDeclaration) -> Bool {
        contains(
            type: declaration.typeName, property: declaration.propertyName,
            isGlobal: declaration.kind == .globalInstance)
    }
}

/// ``DependencyAnalysis/isService(_:in:)``'s verdicts, by type name: shared by the copies of one analysis.
private final class ServiceMemo: Sendable {
    private let verdicts = Locked<[String: Bool]>([:])

    func verdict(for name: String) -> Bool? { verdicts.withLock { $0[name] } }

    func record(_ verdict: Bool, for name: String) { verdicts.withLock { $0[name] = verdict } }
}
