/// The cross-file tables built once every file is parsed: every type with its extensions merged, name
/// lookup, singleton properties and global instances.
struct TypeIndex: Sendable {
    private(set) var types: [String: CodebaseType] = [:]
    /// Simple name → qualified names, sorted.
    private(set) var simpleNames: [String: [String]] = [:]
    /// The last components of nested types' names (`Inner` for `Outer.Inner`): only these need the
    /// enclosing scopes searched.
    private var nestedSimpleNames: Set<String> = []
    /// Qualified alias name → the type it names (`Store` → `DataStore`); a type of the same name wins.
    private var aliases: [String: String] = [:]
    /// Type → singleton property name → declaration.
    private(set) var singletonProperties: [String: [String: SingletonDeclaration]] = [:]
    /// Container type → registration name → the registration (Factory's `var api: Factory<APIClient> { … }`
    /// in `extension Container`; its `typeName` is the registered type, resolved from the container).
    private(set) var registrations: [String: [String: StoredProperty]] = [:]
    /// Swinject registrations keeping one instance, by the registered type (resolved): what `resolve(T.self)` reaches.
    private(set) var scopedRegistrations: [String: SingletonDeclaration] = [:]
    /// Type → static member → the private singleton it forwards to: the static functions and computed properties
    /// code outside reaches a type's one instance through when that instance is private (a static facade:
    /// breadwallet's `Store.perform(action:)`, `Store.state` and `Backend.apiClient` over `private static let shared`).
    /// A type with any other way to its instance (a `shared` or an accessor code outside can call) is no facade: its
    /// static members are what they are. Every static member of a facade is taken to forward: the type keeps no
    /// other instance to work on.
    private(set) var facadeMembers: [String: [String: SingletonDeclaration]] = [:]
    /// Every singleton property name (and facade member), for a quick first test at each member access.
    private(set) var singletonPropertyNames: Set<String> = []
    /// Global variable name → target → the global instance that target declares under that name.
    private var globalInstances: [String: [String: SingletonDeclaration]] = [:]
    /// Global variable name → the targets declaring a stored global of that name, instance or not.
    private var globalTargets: [String: Set<String>] = [:]
    /// Whether the codebase declares any global instance.
    var hasGlobalInstances: Bool { !globalInstances.isEmpty }
    /// The lengths and first bytes of `globalInstances`' names, for a first test at each bare reference
    /// without making a `String` (every plain name a file reads is a candidate).
    private(set) var globalInstanceShapes = NameShapes()
    /// Global instances of types the codebase does not declare (`let prefs = UserDefaults(suiteName: id)!`).
    private(set) var undeclaredGlobalInstances: [SingletonDeclaration] = []
    /// Class → properties whose writes must happen on the main actor (`@Published`, or every stored `var`
    /// of an `@Observable` class but `@ObservationIgnored` ones), for view models and observed classes that
    /// are not main-actor types (see `InheritedIsolation`). Handles of subscriptions, tasks and timers
    /// (``isHandle(_:in:)``) are no UI state.
    private(set) var uiStateProperties: [String: Set<String>] = [:]

    /// The simple names of the codebase's aliases of function types (`Handler` for
    /// `typealias Handler = (Bool) -> Void`).
    private(set) var functionTypeAliases: Set<String> = []

    init() {}

    init(
        fragments: [DeclaredFragment], globals: [DeclaredGlobal], aliases: [DeclaredAlias] = [],
        capitalizedFunctions: Set<String> = [], generatedFiles: Set<String> = [], testFiles: Set<String>? = nil,
        projectIsolation: ProjectIsolation = ProjectIsolation(), configuration: AuditConfiguration
    ) {
        let classifier = RoleClassifier(configuration: configuration)
        // A top-level name that two targets each declare names two types: each is keyed by its target too.
        var declaringTargets: [Substring: String] = [:]
        for fragment in fragments where !fragment.isExtension {
            let top = fragment.name.firstNameComponent
            if let target = declaringTargets[top], target != fragment.target {
                collidingNames.insert(String(top))
            } else {
                declaringTargets[top] = fragment.target
            }
        }
        // Declarations first, so that extensions find the types they extend.
        // A file's fragments come together: its test-path verdict is worked out once (the loaded files' own verdict
        // when given, see `ParsedFile.isTest`).
        var lastFile: (path: String, isTest: Bool)?
        for fragment in fragments where !fragment.isExtension {
            let key = key(of: fragment.name, in: fragment.target)
            if types[key] != nil {
                types[key]!.merge(fragment)
            } else {
                let file = fragment.fragment.file
                let isTest =
                    lastFile?.path == file ? lastFile!.isTest : testFiles?.contains(file) ?? file.isTestFilePath
                lastFile = (file, isTest)
                var type = CodebaseType(declared: fragment, isInTestFile: isTest)
                type.name = key
                types[key] = type
                simpleNames[key.lastNameComponent, default: []].append(key)
            }
        }
        // A copy no target builds is the last choice for a name (DuckDuckGo's leftover `UserAuthenticator`).
        let notBuilt = ProjectTargets.notBuilt + "."
        for key in simpleNames.keys {
            simpleNames[key]?.sort { ($0.hasPrefix(notBuilt) ? 1 : 0, $0) < ($1.hasPrefix(notBuilt) ? 1 : 0, $1) }
        }
        insertNestedSimpleNames(of: types.keys)
        // Aliases before extensions, so that `extension Store` extends the type `Store` names.
        resolveAliases(aliases)
        for fragment in fragments where fragment.isExtension {
            let name = resolve(fragment.name, from: nil, in: fragment.target) ?? fragment.name
            if types[name] != nil {
                types[name]!.merge(fragment)
            } else {
                var external = CodebaseType(declared: fragment, isInTestFile: false)
                external.name = name
                types[name] = external
            }
        }
        // Extensions of types declared elsewhere add external types, nested ones too.
        insertNestedSimpleNames(of: types.keys)
        // Singletons, roles and UI state are worked out on a snapshot of the merged types, then written back in
        // place once the snapshot is gone (a type written while the snapshot holds it would be copied whole).
        var roles: [String: TypeRole] = [:]
        var mainActorTypes: Set<String> = []
        var singletonsByType: [String: [SingletonDeclaration]] = [:]
        do {
            let singletonClassifier = SingletonClassifier(configuration: configuration)
            let merged = self
            for (name, type) in types {
                let lookup = SingletonClassifier.Lookup(
                    resolve: { merged.resolve($0, from: name) }, type: { merged.types[$0] },
                    isFunction: { capitalizedFunctions.contains($0) })
                var found = singletonClassifier.singletons(of: type, generatedFiles: generatedFiles, lookup: lookup)
                // swift-dependencies' `extension DependencyValues { var api: APIClient { get { self[APIClientKey.self] }
                // … } }`: what `@Dependency(\.api)` asks for (the key's `liveValue` is the singleton, if any). A
                // home-made locator of that shape is read the same way (see `isValuesLocator`).
                if Self.isValuesLocator(type) {
                    for var property in type.computedProperties where property.typeName != nil {
                        property.typeName = property.typeName.map { merged.resolve($0, from: name) ?? $0 }
                        registrations[name, default: [:]][property.name] = property
                    }
                }
                for var property in type.properties {
                    guard let scope = property.registrationScope else { continue }
                    property.typeName = property.typeName.map { merged.resolve($0, from: name) ?? $0 }
                    registrations[name, default: [:]][property.name] = property
                    guard !Self.perResolutionScopes.contains(scope) else { continue }
                    found.append(
                        SingletonDeclaration(
                            kind: .containerRegistration, evidence: .containerScope, instanceType: property.typeName,
                            isOptional: false, isMutable: false, isValue: false, typeName: name,
                            propertyName: property.name, file: property.location.file, location: property.location,
                            declaredTypeName: type.declaredName == name ? nil : type.declaredName))
                }
                for registration in type.scopedRegistrations {
                    let registered = registration.typeName.map { merged.resolve($0, from: name) ?? $0 }
                    let declaration = SingletonDeclaration(
                        kind: .scopedRegistration, evidence: .containerScope, instanceType: registered,
                        isOptional: false, isMutable: false, isValue: false, typeName: name,
                        propertyName: registration.name, file: registration.location.file,
                        location: registration.location,
                        declaredTypeName: type.declaredName == name ? nil : type.declaredName)
                    found.append(declaration)
                    // A test assembly's registration (Trio's `TestAssembly`) is the tests' wiring, not what the app
                    // resolves. Of several, the first in the files' order is taken, whatever the types' order.
                    if let registered, !type.isInTestFile {
                        let first = scopedRegistrations[registered].map { ($0.location.file, $0.location.line) }
                        if first.map({ (registration.location.file, registration.location.line) < $0 }) ?? true {
                            scopedRegistrations[registered] = declaration
                        }
                    }
                }
                if !found.isEmpty { singletonsByType[name] = found }
            }
            var isolation = InheritedIsolation(types: types, resolve: { merged.resolve($0, from: $1) })
            for (name, type) in merged.types {
                // Isolated to the main actor by its own attribute, what it inherits (a `UIViewController`, a
                // SwiftUI `View`, a codebase `@MainActor` protocol), or its target's default isolation.
                let byDefault =
                    type.kind != .actor && type.kind != .protocol && type.kind != .external
                    && type.location.map { projectIsolation.settings(for: $0.file).mainActorByDefault } == true
                let isMainActor = byDefault || isolation.isMainActor(name)
                if isMainActor { mainActorTypes.insert(name) }
                var singletons = singletonsByType[name] ?? []
                // A task kept to make the instance once (Suwatte's `private static var sharedTask: Task<RealmActor,
                // Never>?` behind `static func shared() async -> RealmActor`) holds the type's own instance.
                for fragment in type.fragments {
                    for accessor in fragment.staticAccessors where accessor.returnsOwnType {
                        guard
                            let index = singletons.firstIndex(where: {
                                $0.propertyName == accessor.reads && $0.instanceType == "Task"
                            })
                        else { continue }
                        singletons[index].instanceType = name
                        singletonsByType[name] = singletons
                    }
                }
                // The function code calls to reach a singleton (the first plain one reading it): what a rewrite calls.
                for fragment in type.fragments {
                    for accessor in fragment.staticAccessors where !accessor.hasEffects {
                        guard
                            let index = singletons.firstIndex(where: {
                                $0.propertyName == accessor.reads && $0.kind == .staticProperty
                            }),
                            singletons[index].accessorFunction == nil,
                            !singletons.contains(where: { $0.accessorFunction == accessor.function })
                        else { continue }
                        singletons[index].accessorFunction = accessor.function
                        singletons[index].isReadThroughNonOptionalAccessor = accessor.returnsNonOptional
                        singletonsByType[name] = singletons
                    }
                }
                let role = classifier.role(
                    name: type.simpleName, kind: type.kind, conformances: type.conformances,
                    attributes: type.attributes,
                    // An assembly registering singletons in a container is the composition root, not one of them;
                    // a holder of other types' instances is not one either (see `sharesOwnInstance`).
                    declaresSingleton: type.sharesOwnInstance(among: singletons))
                roles[name] = role
                for declaration in singletons where declaration.kind == .staticProperty {
                    singletonProperties[name, default: [:]][declaration.propertyName] = declaration
                    singletonPropertyNames.insert(declaration.propertyName)
                }
                // `Cache.sharedInstance()` reads the singleton the function returns.
                for fragment in type.fragments {
                    for accessor in fragment.staticAccessors where singletonProperties[name]?[accessor.function] == nil
                    {
                        guard let declaration = singletonProperties[name]?[accessor.reads] else { continue }
                        singletonProperties[name, default: [:]][accessor.function] = declaration
                        singletonPropertyNames.insert(accessor.function)
                    }
                }
                if let facade = Self.facadeSingleton(of: type, among: singletonProperties[name] ?? [:]) {
                    let members =
                        type.fragments.flatMap(\.staticFunctionNames)
                        + type.properties.filter { $0.isStatic && $0.isComputed && !$0.isPrivate }.map(\.name)
                    for member in members where singletonProperties[name]?[member] == nil {
                        facadeMembers[name, default: [:]][member] = facade
                        singletonPropertyNames.insert(member)
                    }
                }
                // `@Published` is UI state in what SwiftUI observes or what is a view model by role (a UIKit view
                // model publishing to its controller); elsewhere it is a plain Combine publisher.
                if type.kind == .class, !isMainActor, role == .viewModel || isolation.isObserved(name) {
                    let observable = type.isObservable
                    let state = type.instanceProperties.filter { property in
                        !property.isLet && !property.attributes.contains("MainActor")
                            && (property.attributes.contains("Published")
                                || (observable && !property.attributes.contains("ObservationIgnored")))
                            && !isHandle(property, in: name)
                    }
                    if !state.isEmpty { uiStateProperties[name] = Set(state.map(\.name)) }
                }
            }
        }
        // Factory's `Container.shared.api()`: the container's `shared` is looked at where registrations exist.
        if !registrations.isEmpty { singletonPropertyNames.insert("shared") }
        var superclasses: [String: String?] = [:]
        for (name, type) in types {
            if let written = type.superclass { superclasses[name] = resolveSuperclass(written, of: name) }
        }
        for (name, superclass) in superclasses { types[name]?.superclass = superclass }
        for (name, role) in roles {
            types[name]?.role = role
            if mainActorTypes.contains(name) { types[name]?.isolatedToMainActor = true }
            if let singletons = singletonsByType[name] { types[name]?.singletonDeclarations = singletons }
        }
        // `public let reporter = reporterClass.init()` beside `public var reporterClass = Reporter.self` (mixin):
        // built through a global holding a type, the instance is of that type.
        var metatypeGlobals: [String: String] = [:]
        for global in globals { if let metatype = global.metatype { metatypeGlobals[global.name] = metatype } }
        for var global in globals {
            if global.isConstructed, let held = metatypeGlobals[global.typeName] { global.typeName = held }
            globalTargets[global.name, default: []].insert(global.target)
            if let declaration = globalInstance(global, generatedFiles: generatedFiles, functions: capitalizedFunctions)
            {
                globalInstances[global.name, default: [:]][global.target] = declaration
                globalInstanceShapes.insert(global.name)
                if types[declaration.typeName] != nil {
                    types[declaration.typeName]?.singletonDeclarations.append(declaration)
                } else {
                    undeclaredGlobalInstances.append(declaration)
                }
            }
        }
    }

    /// Whether a property holds handles of work rather than state a view shows: a subscription
    /// (`AnyCancellable`, `Cancellable`, `Set<AnyCancellable>`), a task (`Task<Void, Never>?`), a
    /// `DispatchWorkItem`, a `Timer` or a notification observer's token (`NSObjectProtocol`), or a collection
    /// of them. A type of the codebase of the same name (a model `struct Task`) is no handle, unless the
    /// annotation names the module (`_Concurrency.Task`).
    private func isHandle(_ property: StoredProperty, in owner: String) -> Bool {
        guard let written = property.elementTypeName ?? property.typeName else { return false }
        // `Combine.AnyCancellable`: qualified by its module, the name cannot be the codebase's.
        if let dot = written.firstIndex(of: "."), Self.handleModules.contains(String(written[..<dot])) {
            return Self.handleTypes.contains(String(written[written.index(after: dot)...]))
        }
        // A codebase's own cancellation handle (nos's `typealias SubscriptionCancellables = [SubscriptionCancellable]`).
        if written.hasSuffix("Cancellable") || written.hasSuffix("Cancellables") { return true }
        guard Self.handleTypes.contains(written) else { return false }
        if let declared = resolve(written, from: owner), let type = types[declared], type.kind != .external {
            return false
        }
        return true
    }

    /// Factory scopes that make a new instance per resolution: their registrations are no singletons.
    /// Whether `type` or one of its codebase superclasses declares a property `name`, stored or computed: a member a
    /// reference inside the type reads rather than a global of that name (canvas's tests reading their base class's
    /// `router`, its view models' `private var router: Router { env.router }`, not the app's `let router = Router(…)`).
    func declaresMember(_ name: String, in type: String) -> Bool {
        var current: String? = type
        var seen: Set<String> = []
        while let owner = current, seen.insert(owner).inserted {
            // Asked only for a reference that names a global: the type's own lists are short enough to scan.
            guard let type = types[owner] else { return false }
            if type.properties.contains(where: { $0.name == name })
                || type.computedProperties.contains(where: { $0.name == name })
                || type.fragments.contains(where: { $0.otherComputedPropertyNames.contains(name) })
            {
                return true
            }
            current = type.superclass
        }
        return false
    }

    /// The private singleton a static facade forwards to (see ``facadeMembers``): the type's one singleton of its own
    /// instance, declared `private` or `fileprivate`, with no accessor code outside may call.
    /// - Parameter singletons: the type's singleton properties and accessor functions, by name.
    private static func facadeSingleton(of type: CodebaseType, among singletons: [String: SingletonDeclaration])
        -> SingletonDeclaration?
    {
        guard let declaration = singletons.values.first, type.kind != .protocol, type.kind != .external,
            singletons.values.allSatisfy({ $0.propertyName == declaration.propertyName }),
            declaration.instanceType == type.name || declaration.instanceType == type.simpleName,
            type.properties.contains(where: { $0.isStatic && $0.isPrivate && $0.name == declaration.propertyName })
        else { return nil }
        let callable = Set(type.fragments.flatMap(\.staticFunctionNames))
        return singletons.keys.contains(where: { $0 != declaration.propertyName && callable.contains($0) })
            ? nil : declaration
    }

    /// Factory's and Swinject's scopes that make a new instance at each resolution.
    static let perResolutionScopes: Set<String> = ["unique", "graph"]

    /// Whether a type hands out its dependencies as computed properties read by key path: swift-dependencies'
    /// `DependencyValues`, or a struct of the codebase holding its own current instance (Mask's `struct InjectValues
    /// { static var current = InjectValues() }` extended with `var settingsStore: SettingsStore { Self[Key.self] }`,
    /// the shape of SwiftUI's `EnvironmentValues`).
    static func isValuesLocator(_ type: CodebaseType) -> Bool {
        if type.kind == .external { return type.simpleName == "DependencyValues" }
        return type.kind == .struct
            && type.properties.contains { $0.isStatic && !$0.isComputed && $0.typeName == type.simpleName }
            && type.computedProperties.contains { !$0.isStatic }
    }

    /// The types of handles (see ``isHandle(_:in:)``).
    private static let handleTypes: Set<String> = [
        "AnyCancellable", "Cancellable", "Task", "DispatchWorkItem", "Timer", "NSObjectProtocol",
    ]
    /// The modules declaring them, as a qualified name writes them (`Combine.AnyCancellable`).
    private static let handleModules: Set<String> = ["Combine", "_Concurrency", "Dispatch", "Foundation", "ObjectiveC"]

    /// The global instance a reference to `name` in `target` reads: the target's own global of that name when it
    /// declares one (instance or not: damus's app target aliases `let this_app = UIApplication.shared` where its
    /// extensions build `UIApplication()`), else another target's (a framework's global).
    func globalInstance(named name: String, in target: String) -> SingletonDeclaration? {
        guard let declared = globalInstances[name] else { return nil }
        if globalTargets[name]?.contains(target) == true { return declared[target] }
        return declared.min { $0.key < $1.key }?.value
    }

    /// The global instance a top-level variable declares, if it is one: an instance of a class or actor of the
    /// codebase (or a mutable struct or enum), or one built by calling a type the codebase does not declare
    /// (`let prefs = UserDefaults(suiteName: id)!`); never a value-like type, nor a constant-like one unless a
    /// `var` holds a class of the codebase (`var logger = AppLogger()` is a replaceable shared object,
    /// `let log = Logger(subsystem: …)` a constant), nor a global without a type or named as a fixture (damus's
    /// `let test_damus_state = DamusState(…)`).
    /// - Parameter functions: the codebase's capitalized top-level functions, whose calls construct nothing.
    private func globalInstance(_ global: DeclaredGlobal, generatedFiles: Set<String>, functions: Set<String>)
        -> SingletonDeclaration?
    {
        guard !global.typeName.isEmpty, !generatedFiles.contains(global.location.file),
            !SingletonClassifier.isFixtureName(global.name)
        else { return nil }
        // At top level a plain name sees top-level types only (`Package` in a manifest is not `Foo.Package`).
        let resolved =
            global.typeName.contains(".") ? resolve(global.typeName, from: nil) : type(named: global.typeName)
        let declared = resolved.flatMap { types[$0] }
        // A global accessor hands out the object a static keeps: a class's or a protocol's.
        if global.isAccessor {
            guard let resolved, let type = declared, type.kind == .protocol || type.kind.isReferenceType,
                type.kind != .external, !SingletonClassifier.isValueLike(type)
            else { return nil }
            return SingletonDeclaration(
                kind: .globalInstance, evidence: .globalInstance, instanceType: resolved, isOptional: false,
                isMutable: false, isValue: false, typeName: resolved, propertyName: global.name,
                file: global.location.file, location: global.location,
                declaredTypeName: type.declaredName == resolved ? nil : type.declaredName)
        }
        let isSharedObject = !global.isLet && declared.map { $0.kind.isReferenceType && $0.kind != .external } == true
        guard isSharedObject || !SingletonClassifier.isConstantLike(global.typeName) else { return nil }
        let typeName: String
        let isValue: Bool
        if let resolved, let type = declared {
            guard type.kind.isReferenceType || (!global.isLet && (type.kind == .struct || type.kind == .enum)),
                !SingletonClassifier.isValueLike(type)
            else { return nil }
            typeName = resolved
            isValue = !type.kind.isReferenceType
        } else {
            guard global.isConstructed, !SingletonClassifier.isCFunctionName(global.typeName),
                !functions.contains(global.typeName),
                !SingletonClassifier.isConstantName(global.name)
            else { return nil }
            typeName = global.typeName
            isValue = false
        }
        return SingletonDeclaration(
            kind: .globalInstance, evidence: .globalInstance, instanceType: typeName, isOptional: false,
            isMutable: !global.isLet, isValue: isValue, typeName: typeName, propertyName: global.name,
            file: global.location.file, location: global.location,
            declaredTypeName: declared.flatMap { $0.declaredName == typeName ? nil : $0.declaredName })
    }

    /// Whether values of `type` are dependencies (services, not data): a codebase protocol, a singleton's
    /// type, a class or actor, or a type with the service, coordinator or view model role. Models, views,
    /// external types and plain structs and enums are data.
    static func isDependency(_ type: CodebaseType) -> Bool {
        switch type.kind {
        case .external: return false
        case .protocol: return true
        default:
            if type.isSingleton { return true }
            if type.role == .model || type.role == .view { return false }
            return type.kind.isReferenceType || type.role != .other
        }
    }

    /// Top-level names that more than one target declares: their types are keyed `Target.Name`.
    private(set) var collidingNames: Set<String> = []

    /// The key of a type declared as `name` in `target`: the name, qualified by the target when another
    /// target declares the same top-level name.
    func key(of name: String, in target: String) -> String {
        guard isColliding(name), !target.isEmpty else { return name }
        return target + "." + name
    }

    /// Whether `name`'s top-level component is declared by more than one target (see ``key(of:in:)``).
    private func isColliding(_ name: String) -> Bool {
        !collidingNames.isEmpty && collidingNames.contains(String(name.firstNameComponent))
    }

    /// The qualified name a reference resolves to, looked up from inside `enclosing` (innermost scope
    /// first, then a unique simple name, then the first of several in name order), in `target` (by default
    /// `enclosing`'s): a name two targets declare is the one of the reference's target, else of a module the
    /// file imports (`importing`; safe-ios-legacy's `DomainRegistry`, declared by two frameworks and read from a
    /// third that imports one). A type alias resolves to the type it names.
    func resolve(_ name: String, from enclosing: String?, in target: String? = nil, importing imports: [String] = [])
        -> String?
    {
        if isColliding(name) {
            if let target = target ?? enclosing.flatMap({ types[$0]?.target }),
                case let qualified = key(of: name, in: target), qualified != name, let found = type(named: qualified)
            {
                return found
            }
            for module in imports {
                if let found = type(named: module + "." + name) { return found }
            }
        }
        let simple = name.lastNameComponent
        if var scope = enclosing, nestedSimpleNames.contains(simple) {
            while true {
                if let found = type(named: scope + "." + name) { return found }
                guard let dot = scope.lastDotIndex else { break }
                scope = String(scope[..<dot])
            }
        }
        return type(named: name) ?? simpleNames[simple]?.first
    }

    /// `qualified` if a type has that name, the aliased type if an alias has it.
    private func type(named qualified: String) -> String? {
        types[qualified] != nil ? qualified : aliases[qualified]
    }

    /// Adds the last components of the dotted names among `names` to `nestedSimpleNames`.
    private mutating func insertNestedSimpleNames(of names: some Sequence<String>) {
        for name in names {
            if name.lastDotIndex != nil { nestedSimpleNames.insert(name.lastNameComponent) }
        }
    }

    /// Records the aliases that name a type of the codebase, in as many rounds as aliases of aliases need.
    /// Runs when only declared types are known: a declared type of the same name wins.
    private mutating func resolveAliases(_ declared: [DeclaredAlias]) {
        functionTypeAliases = Set(declared.filter(\.isFunctionType).map { String($0.name.lastNameComponent) })
        var pending = declared.filter { types[$0.name] == nil && !$0.isFunctionType }
        insertNestedSimpleNames(of: pending.map(\.name))
        while !pending.isEmpty {
            let before = pending.count
            pending.removeAll { alias in
                // A composition names the first of its protocols the codebase declares (the others may be SDK or
                // Objective-C ones it cannot see).
                var named: String?
                if alias.components.isEmpty {
                    named = resolve(alias.target, from: alias.scope)
                } else {
                    for component in alias.components {
                        if let resolved = resolve(component, from: alias.scope), types[resolved]?.kind == .protocol {
                            named = resolved
                            break
                        }
                    }
                }
                guard let target = named, target != alias.name else { return false }
                aliases[alias.name] = target
                return true
            }
            if pending.count == before { break }
        }
    }
}

extension TypeIndex {
    /// What a class's first inherited name refers to when it is a superclass: a codebase class (its qualified
    /// name) or a class the codebase does not declare (the name as written); `nil` for a protocol.
    func resolveSuperclass(_ written: String, of name: String) -> String? {
        if let resolved = resolve(written, from: name), resolved != name, let type = types[resolved] {
            switch type.kind {
            case .class: return resolved
            case .external: break
            default: return nil
            }
        }
        if Self.wellKnownProtocols.contains(written) { return nil }
        if ["Delegate", "DataSource", "Protocol", "Convertible", "Representable"].contains(where: written.hasSuffix) {
            return nil
        }
        return written
    }

    /// Protocols a class commonly lists first that the codebase does not declare.
    static let wellKnownProtocols: Set<String> = [
        "ObservableObject", "Sendable", "AnyObject", "Equatable", "Hashable", "Identifiable", "Codable", "Decodable",
        "Encodable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError",
        "Comparable", "Observable", "NSObjectProtocol", "NSCopying", "NSCoding", "NSSecureCoding", "Actor",
        "CaseIterable", "RawRepresentable", "View", "App", "Scene", "PreviewProvider", "ViewModifier",
    ]
}

extension CodebaseType {
    mutating func merge(_ declared: DeclaredFragment) {
        for conformance in declared.conformances where !conformances.contains(conformance) {
            conformances.append(conformance)
        }
        for attribute in declared.attributes where !attributes.contains(attribute) && !declared.isExtension {
            attributes.append(attribute)
        }
        fragments.append(declared.fragment)
        properties += declared.properties
        computedProperties += declared.computedProperties
        initializers += declared.initializers
        scopedRegistrations += declared.scopedRegistrations
    }
}

extension String {
    /// The index of the last `.` of a dotted name, found on UTF-8 bytes (names are resolved at every access
    /// site; a search by `Character` cost more than the lookups).
    var lastDotIndex: String.Index? {
        // Over the contiguous bytes: the collection algorithm on the view cost ~500 instructions a name.
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var offset = bytes.count
            while offset > 0 {
                offset -= 1
                if bytes[offset] == UInt8(ascii: ".") { return offset }
            }
            return nil
        }
        guard let found else { return utf8.lastIndex(of: UInt8(ascii: ".")) }
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    /// The index of the first `.` of a dotted name, found on UTF-8 bytes.
    var firstDotIndex: String.Index? {
        let found = utf8.withContiguousStorageIfAvailable { bytes in bytes.firstIndex(of: UInt8(ascii: ".")) }
        guard let found else { return utf8.firstIndex(of: UInt8(ascii: ".")) }
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    /// The first component of a dotted name (`Outer` for `Outer.Inner`), the name itself when it has no dot.
    var firstNameComponent: Substring {
        guard let dot = firstDotIndex else { return self[...] }
        return self[..<dot]
    }

    /// The last component of a dotted name (`Inner` for `Outer.Inner`), the name itself when it has no dot.
    var lastNameComponent: String {
        guard let dot = lastDotIndex else { return self }
        return String(self[utf8.index(after: dot)...])
    }

    /// Whether a relative path is a test file (the one rule the audit and the migration share): under a folder named `Tests`, `*Tests` or `*Test`, or a file
    /// named `*Tests.swift`, `*Test.swift`, `*.test.swift`, `*Mock*.swift`.
    package var isTestFilePath: Bool {
        // On UTF-8 bytes, without splitting or copying: asked for every file and every type's file.
        var path = self
        return path.withUTF8 { bytes in
            var componentStart = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                let component = UnsafeBufferPointer(rebasing: bytes[componentStart..<index])
                if index == bytes.count {
                    return component.hasSuffix("Tests.swift") || component.hasSuffix("Test.swift")
                        || component.hasSuffix(".test.swift") || component.contains("Mock")
                }
                if component.hasSuffix("Tests") || component.hasSuffix("Test") { return true }
                componentStart = index + 1
            }
            return false
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    fileprivate func hasSuffix(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard self.count >= count else { return false }
        return (0..<count).allSatisfy { self[self.count - count + $0] == suffix.utf8Start[$0] }
    }

    fileprivate func contains(_ part: StaticString) -> Bool {
        let count = part.utf8CodeUnitCount
        guard self.count >= count else { return false }
        return (0...(self.count - count)).contains { start in
            (0..<count).allSatisfy { self[start + $0] == part.utf8Start[$0] }
        }
    }
}

/// A set of names reduced to their lengths and first bytes: `mayContain` is false only for a name that is
/// surely not in the set.
struct NameShapes: Sendable {
    /// Bit `n` set: some name is `n` bytes long (names of 64 bytes or more all set bit 63).
    private var lengths: UInt64 = 0
    /// Bit `b % 64` of word `b / 64` set: some name starts with byte `b`.
    private var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    mutating func insert(_ name: String) {
        guard let first = name.utf8.first else { return }
        lengths |= 1 << UInt64(min(name.utf8.count, 63))
        let bit: UInt64 = 1 << UInt64(first % 64)
        switch first / 64 {
        case 0: firstBytes.0 |= bit
        case 1: firstBytes.1 |= bit
        case 2: firstBytes.2 |= bit
        default: firstBytes.3 |= bit
        }
    }

    func mayContain<Bytes: Collection<UInt8>>(_ name: Bytes) -> Bool {
        guard let first = name.first, lengths & (1 << UInt64(min(name.count, 63))) != 0 else { return false }
        let word: UInt64
        switch first / 64 {
        case 0: word = firstBytes.0
        case 1: word = firstBytes.1
        case 2: word = firstBytes.2
        default: word = firstBytes.3
        }
        return word & (1 << UInt64(first % 64)) != 0
    }
}
