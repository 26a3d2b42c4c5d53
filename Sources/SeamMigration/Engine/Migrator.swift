import Foundation
import SeamAnalysis
import SwiftSyntax

/// Plans the mechanical part of a singleton-to-injection migration: extract protocols, write mocks,
/// inject `.shared` uses, register the dependencies in the container.
///
/// Planning never writes: it returns a ``MigrationPlan`` (the new text of every file, a diff and notes).
/// Every rewritten file is parsed again before the plan is returned; the rewrite that would leave a file
/// unparsable is dropped (with a note saying where and why) and the rest of the plan still goes through.
/// Running it again on its own output plans nothing.
///
/// ```swift
/// let plan = try Migrator().plan(root: "Examples/LegacyApp")
/// print(plan.unifiedDiff())
/// print(plan.summaryText)
/// ```
public struct Migrator: Sendable {
    /// How the codebase is read (folders, globs) and which singletons stay (`allow`).
    public var configuration: AuditConfiguration
    /// Which rewrites to make and how to name what they write.
    public var options: MigrationOptions
    /// How many files to parse at once; `nil` means one per core.
    public var threads: Int?

    /// Creates a migrator.
    ///
    /// - Parameters:
    ///   - configuration: The audit configuration (its allow-list names singletons that stay).
    ///   - options: Which rewrites to make and how to name what they write.
    ///   - threads: How many files to parse at once; `nil` means one per core.
    public init(
        configuration: AuditConfiguration = AuditConfiguration(), options: MigrationOptions = MigrationOptions(),
        threads: Int? = nil
    ) {
        self.configuration = configuration
        self.options = options
        self.threads = threads
    }

    /// Plans the migration of the Swift files under `root`.
    public func plan(root: String) async throws -> MigrationPlan {
        try await plan(root: root, excluding: [])
    }

    /// Plans the migration without the `excluded` edit groups (those a build blamed).
    func plan(root: String, excluding excluded: Set<EditGroup>) async throws -> MigrationPlan {
        try options.validate()
        var resolved = self
        resolved.options.mocksDirectory = try options.mocksDirectory.map { try Self.mocksDirectory($0, in: root) }
        return try await resolved.planResolved(root: root, excluding: excluded)
    }

    /// `--mocks-dir` as a path relative to `root`: an absolute path inside the root is made relative to it; a
    /// path (absolute, or with `..`) outside the root is refused, since mocks are only written inside it.
    static func mocksDirectory(_ directory: String, in root: String) throws(MigrationError) -> String {
        guard let relative = MockPlacement.directory(directory, inside: root) else {
            throw MigrationError.invalidOption(
                name: "--mocks-dir",
                reason: "\(directory) is outside \(root); mocks are written inside the migrated folder")
        }
        return relative
    }

    private func planResolved(root: String, excluding excluded: Set<EditGroup>) async throws -> MigrationPlan {
        let codebase: Codebase
        do {
            codebase = try await Codebase.load(
                root: URL(fileURLWithPath: root, isDirectory: true), configuration: configuration, threads: threads)
        } catch let error as AuditError {
            throw MigrationError.unreadableRoot(path: root, reason: error.description)
        }
        // Planning parses the files it may touch again and walks their trees with `SyntaxVisitor`s, which recurse
        // once per level: on a large stack,
        // so that the deepest file the audit parses cannot overflow it.
        let migrator = self
        return try LargeStack.run {
            Result {
                let input = MigrationInput(
                    codebase: codebase,
                    stays: {
                        migrator.stays($0, allowList: AllowList(codebase.configuration.allowedSingletons), in: codebase)
                    })
                return try migrator.plan(input: input, root: root, excluding: excluded)
            }
        }.get()
    }

    func plan(input: MigrationInput, root: String, excluding blamed: Set<EditGroup> = []) throws -> MigrationPlan {
        // Draft, check every result parses, drop the groups that broke a file, draft again without them.
        var excluded = blamed
        var droppedNotes: [MigrationNote] = []
        while true {
            let draft = self.draft(input: input, root: root, excluding: excluded)
            let assembly = PlanAssembly(input: input, draft: draft)
            let newlyDropped = assembly.failures.filter { !excluded.contains($0.group) }
            guard !newlyDropped.isEmpty else {
                var summary = draft.summary
                summary.droppedEditGroups = excluded.sorted().map(\.description)
                let notes = draft.notes + assembly.notes + droppedNotes
                return MigrationPlan(
                    root: root, changes: assembly.changes, notes: notes.sorted(), summary: summary,
                    groupsByPath: assembly.groupsByPath)
            }
            for failure in newlyDropped where excluded.insert(failure.group).inserted {
                droppedNotes.append(failure.note)
            }
        }
    }

    /// Every edit the rewrites would make, leaving out the `excluded` groups.
    func draft(input: MigrationInput, root: String, excluding excluded: Set<EditGroup>) -> MigrationDraft {
        var draft = MigrationDraft()
        draft.notes = input.notes

        // Which singletons move, and who reaches them.
        let candidates = input.singletons.filter { singleton in
            !stays(singleton, allowList: input.allowList, in: input.model)
                && !excluded.contains(.protocolOf(singleton.typeName))
                && (options.onlySingletons.isEmpty || options.onlySingletons.contains(singleton.typeName)
                    || options.onlySingletons.contains(singleton.simpleName))
        }
        // A private type, or a value-type, optional or differently typed singleton (snapshotted wrongly): it stays as it is.
        let eligibility = Eligibility(input: input)
        let migrating = candidates.filter { singleton in
            guard
                let refusal = eligibility.visibilityRefusal(for: singleton)
                    ?? eligibility.snapshotRefusal(for: singleton)
            else { return true }
            draft.notes.append(
                MigrationNote(
                    kind: .leftUntouched, location: singleton.location,
                    message: "`\(singleton.accessExpression)` is not migrated: \(refusal)"))
            return false
        }
        let migratingSet = Set(migrating.map(\.id))
        // Each site of a refused singleton says so where it is, pointing at the reason (DuckDuckGo's 57 sites of
        // `AppDependencyProvider.shared` had no note of their own).
        let refused = Dictionary(
            candidates.filter { !migratingSet.contains($0.id) }.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        for site in input.accessSites where !site.isInjectionDefault && site.enclosingType != site.singletonType {
            guard let singleton = refused[site.singletonID] else { continue }
            draft.notes.append(
                MigrationNote(
                    kind: .leftUntouched, location: site.location,
                    message:
                        "`\(singleton.accessExpression)` stays: it is not migrated (\(singleton.location.file):\(singleton.location.line) says why)"
                ))
        }
        var targets: [String: Set<SingletonID>] = [:]
        // Sites outside any type: a top-level function takes a defaulted parameter (``GlobalFunctionInjection``).
        var topLevelSites: [SingletonAccess] = []
        for site in input.accessSites where migratingSet.contains(site.singletonID) {
            guard let owner = site.enclosingType else {
                // A `#Preview`'s own set-up is wiring, as a test's is (the audit counts it with the test sites): the
                // preview keeps the singleton, or the mocks it installs.
                if site.isInjectionDefault || site.site.contains(.preview) { continue }
                if options.rewrites.contains(.inject) {
                    topLevelSites.append(site)
                } else {
                    draft.notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: site.location,
                            message: "`\(site.singletonID.accessExpression)` in top-level code, outside any type"))
                }
                continue
            }
            if owner == site.singletonType { continue }
            // The composition root is where singletons are meant to be reached.
            if options.containerTypeNames.contains(owner) { continue }
            // The app's entry points are made at launch, before the app sets itself up: a default evaluated in
            // their `init` would create the singleton earlier than its first use did (trio's `AppDelegate` built
            // `TrioRemoteControl`, and the services it resolves, before the Core Data stack existed).
            if let type = input.model?.types[owner], Self.isLaunchEntryPoint(type) {
                if !site.isInjectionDefault {
                    draft.notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: site.location,
                            message:
                                "`\(site.singletonID.accessExpression)` in `\(owner)`, an entry point the system creates at launch: a default there would create the singleton before the app sets itself up, so the use stays with the composition root"
                        ))
                }
                continue
            }
            if excluded.contains(.injection(into: owner)) { continue }
            guard let declaration = input.declaration(of: owner) else {
                if site.isInjectionDefault { continue }
                let declarations = input.model?.types[owner]?.fragments.filter { !$0.isExtension }.count ?? 0
                let why =
                    declarations > 1
                    ? "a type declared \(declarations) times (per-platform twins under `#if`, say), which seam does not inject; inject it by hand in each"
                    : "a type whose declaration is not among the migrated files"
                draft.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: site.location,
                        message: "`\(site.singletonID.accessExpression)` in `\(owner)`, \(why)"))
                continue
            }
            // An extension in another package (an app target extending a library's type) cannot give the
            // declaration a property typed by a protocol the library does not see.
            let declaringPackage = input.packageRoot(of: input.files[declaration.file].path)
            if input.packageRoot(of: site.location.file) != declaringPackage {
                if site.isInjectionDefault { continue }
                draft.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: site.location,
                        message:
                            "`\(site.singletonID.accessExpression)` in an extension of `\(owner)` from another package than its declaration; inject it by hand"
                    ))
                continue
            }
            targets[owner, default: []].insert(site.singletonID)
        }

        // 1. Protocols (extracted or completed) for the singletons that are reached from other types.
        let usedMembers = Self.usedMembers(of: migratingSet, in: input.accessSites)
        var plans = ProtocolPlans()
        let reached = Set(targets.values.flatMap { $0 }).union(topLevelSites.map(\.singletonID))
        let extraction = ProtocolExtraction(input: input, options: options)
        // Protocols for singletons nobody reaches only when protocols are asked for without injection.
        let protocolsAlone = options.rewrites.contains(.protocols) && !options.rewrites.contains(.inject)
        // The name each singleton's injected property and live value take.
        let propertyNames = Self.propertyNames(of: input.singletons)
        // The classes a previous run's defaults take with their live values.
        let takenAsClass = Self.liveDefaultsTakingTheClass(in: input)
        for singleton in migrating where reached.contains(singleton.id) || protocolsAlone {
            guard plans[singleton] == nil else { continue }
            // Declared as a protocol of the codebase: its users take that protocol, as every use already does.
            if let declared = eligibility.declaredProtocol(of: singleton) {
                var plan = ProtocolExtraction.existing(declared, for: singleton.typeName, input: input)
                plan.isDeclaredType = true
                plans[type: singleton.typeName] = plan
                continue
            }
            // Holding another class (a namespace's `static let shared = ZimCookieStore(…)`): its users take that class.
            if let held = Eligibility.heldClass(of: singleton, in: input.model) {
                guard let declaration = input.declaration(of: held.name), !declaration.view.isGeneric,
                    let file = input.fileIndex[singleton.location.file]
                else {
                    draft.notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: singleton.location,
                            message:
                                "`\(singleton.accessExpression)` is not migrated: it holds `\(held.declaredName)`, whose declaration is generic or not read here; inject it by hand"
                        ))
                    continue
                }
                let owner = input.model?.types[singleton.typeName]
                let isMainActor =
                    held.isolatedToMainActor || owner?.isolatedToMainActor == true
                    || owner?.properties.contains {
                        $0.isStatic && $0.name == singleton.propertyName && $0.attributes.contains("MainActor")
                    } == true
                plans.plan(
                    member: singleton,
                    as: ProtocolPlan(
                        typeName: singleton.typeName, protocolName: held.simpleName, referenceName: held.declaredName,
                        isNew: true, items: [], isMainActor: isMainActor, isSendable: false,
                        isPublic: declaration.view.isPublic, file: file,
                        isConcrete: true, heldTypeName: held.declaredName))
                continue
            }
            // A previous run injected it as its class (no member used through it could be declared in a protocol
            // then): extracting one now, from the uses left, would be a second run's change (keyapp's `HistoryDebug`).
            if let type = input.model?.types[singleton.typeName], type.kind == .class || type.kind == .actor,
                let name = propertyNames[singleton.id],
                [type.name, type.simpleName, type.declaredName].contains(where: {
                    takenAsClass.contains(LiveDefault(typeName: $0, liveName: name))
                }),
                let file = input.fileIndex[singleton.location.file]
            {
                plans[type: singleton.typeName] = .concrete(
                    for: singleton, isMainActor: type.isolatedToMainActor,
                    isPublic: input.declaration(of: type.name)?.view.isPublic ?? false, file: file)
                continue
            }
            let result = extraction.run(
                typeName: singleton.typeName, usedMembers: usedMembers[singleton.typeName] ?? [])
            // A type the codebase only extends (an SDK class the app gives a `static var shared`: ivpn's
            // `UserDefaults.shared`, 300 sites) has no declaration to take a protocol: its users take the class.
            if result.plan == nil, let type = input.model?.types[singleton.typeName], type.kind == .external,
                let file = input.fileIndex[singleton.location.file]
            {
                // Declared by another module, which the codebase imports: `public`.
                plans[type: singleton.typeName] = .concrete(
                    for: singleton, isMainActor: type.isolatedToMainActor, isPublic: true, file: file)
                continue
            }
            // A new protocol with no requirement gives a caller nothing to call: no member used through the
            // singleton can be declared in one (or none is used: it is only passed around). The types that use it
            // take the concrete type instead, with the same default: injected all the same, without a mock.
            if var plan = result.plan, plan.isNew, plan.items.isEmpty {
                plan.isConcrete = true
                plans[type: singleton.typeName] = plan
                continue
            }
            draft.add(result.edits, to: .protocolOf(singleton.typeName))
            draft.notes += result.notes
            guard let plan = result.plan else { continue }
            plans[type: singleton.typeName] = plan
            if plan.isNew {
                draft.summary.protocolsExtracted.append(plan.protocolName)
            } else if !result.edits.isEmpty {
                draft.summary.protocolsCompleted.append(plan.protocolName)
            }
        }

        // 2. Injection, never creating an initialization cycle between singletons.
        var injectedSingletons: [String: SingletonInjection.Dependency] = [:]
        // The files of the types, functions and views that take each singleton type's protocol: where its mock is
        // of use.
        var consumerFiles: [String: Set<String>] = [:]
        var liveDefaults: [String: SingletonInjection.Dependency] = [:]
        // SwiftUI views read the environment instead (step 5); their container may be generated.
        var views = ViewEnvironmentStep(input: input, options: options, root: root)
        // The singletons code replaces at run time.
        let replaced = Self.replacedSingletons(in: input, among: migrating)
        views.route(
            targets: &targets, plans: plans, propertyNames: propertyNames, replaced: replaced,
            excluded: excluded, notes: &draft.notes)
        let container =
            options.rewrites.contains(.container) && options.defaultSource == .container
                && !excluded.contains(.container)
            ? input.containerDeclaration(named: options.containerTypeNames).flatMap { entry in
                [.class, .struct, .enum, .actor].contains(entry.view.kind) && !entry.view.isGeneric ? entry.type : nil
            }
            : nil
        var handled: Set<SingletonInjection.SitePosition> = []
        // The singletons an injected default names (`= Store.shared`, where the container is out of sight).
        var namedByDefaults: [SingletonID: String] = [:]
        // The types given dependencies through `init` by this draft.
        var injectedTypes: Set<String> = []
        // Per type, the dependencies it holds in stored properties, and those its initializers take last (``ConstructionForwarding``).
        var held: [String: [SingletonInjection.Dependency]] = [:]
        var takers: [String: [SingletonInjection.Dependency]] = [:]
        // The singletons injected into a type of the container's target, which the container can register (one only
        // another target injects, DuckDuckGo's VPN extension's, may be invisible there).
        let containerTarget = input.containerDeclaration(named: options.containerTypeNames)?.type.target
        var registrable: Set<String> = []
        // DI container resolutions a type keeps (``ContainerResolutionInjection``), decided first: the singleton injection
        // adds them to the initializers it changes, and the others get theirs on their own below.
        let resolutions = ContainerResolutionInjection(input: input)
        var resolutionPlans: [String: ContainerResolutionInjection.Plan] = [:]
        if options.rewrites.contains(.inject), options.onlySingletons.isEmpty {
            let planned = resolutions.plans()
            resolutionPlans = planned.plans
            draft.notes += planned.notes
        }
        // The modules each file gains an `import` of, for the names the rewrites write into it.
        let moduleImports = ModuleImports(input: input)
        var addedImports: [Int: Set<String>] = [:]
        if options.rewrites.contains(.inject) {
            let injection = SingletonInjection(input: input)
            var initEdges: [String: Set<String>] = [:]
            let singletonTypes = Set(input.singletons.map(\.typeName))
            // A singleton whose initializer reads another one already (primal's `RemoteSignerManager.init` calls
            // `PushNotificationsManager.instance`) has that edge as surely as an injected default: a default back
            // would re-enter its creation, so the type on the other end takes the closure.
            for site in input.accessSites where site.site.contains(.initializer) && !site.isInjectionDefault {
                guard let owner = site.enclosingType, singletonTypes.contains(owner), owner != site.singletonType else {
                    continue
                }
                initEdges[owner, default: []].insert(site.singletonType)
            }
            // So does one whose initializer calls a function that reads one (nostur's `NRTextParser.init` calls
            // `UIFont.nosturBody()`, which reads `SettingsStore.shared`).
            // And one whose initializer calls a method of its own that reads one (Mammoth's `InstanceManager.init`
            // calls `updateUserInstances()`, which reads `AccountsManager.shared`: injected into `AccountsManager`
            // with a plain default, each would make the other while it is made, a crash at launch).
            let readsByFunction = Self.singletonsReadByFunctions(input)
            if !readsByFunction.isEmpty {
                for owner in singletonTypes.sorted() {
                    let calls = Self.calls(whileInitializing: owner, input: input)
                    let simpleName = input.model?.types[owner]?.simpleName ?? owner
                    let methods = calls.methods.map { FunctionKey(typeName: simpleName, function: $0, isMethod: true) }
                    for key in calls.functions.union(methods) {
                        for read in readsByFunction[key, default: []] where read != owner {
                            initEdges[owner, default: []].insert(read)
                        }
                    }
                }
            }
            // So does one whose initializer defaults to another's live value (`init(contactsManager: … =
            // AppDependencies.Live.contactsManager)`, a previous run's): made without the argument, as `shared` makes
            // it, it makes that one (linphone's second run gave the edge back a plain default: a launch hang).
            let singletonsByLiveName = Dictionary(
                input.singletons.compactMap { singleton in propertyNames[singleton.id].map { ($0, singleton.typeName) }
                },
                uniquingKeysWith: { first, _ in first })
            func singletonsDefaulted(by type: CodebaseType) -> Set<String> {
                Self.singletonsDefaulted(by: type, liveNames: singletonsByLiveName)
            }
            for owner in singletonTypes.sorted() {
                guard let type = input.model?.types[owner] else { continue }
                initEdges[owner, default: []].formUnion(singletonsDefaulted(by: type))
            }
            var injectedPairs: Set<String> = []
            var builtByType: [String: Set<String>] = [:]
            // Why a pair (`Type|S.shared`) is given a closure, when not for a cycle between two singletons.
            func built(_ typeName: String) -> Set<String> {
                if let known = builtByType[typeName] { return known }
                let names = Self.typesBuiltWhileInitializing(typeName, input: input)
                builtByType[typeName] = names
                return names
            }
            // The singletons whose defaults the types `typeName` builds while it is made would create (each type's
            // targets are what it may take through `init`), as edges from `typeName`, and so on from those.
            var buildEdgeCache: [String: Set<String>] = [:]
            func buildEdges(from typeName: String) -> [String: Set<String>] {
                var edges: [String: Set<String>] = [:]
                var pending = [typeName]
                while let current = pending.popLast() {
                    guard edges[current] == nil else { continue }
                    let reached =
                        buildEdgeCache[current]
                        ?? {
                            let names = built(current)
                            // What they take now, and what a previous run made them default to.
                            let found = Set(
                                targets.filter { names.contains(input.model?.types[$0.key]?.simpleName ?? "") }
                                    .flatMap { $0.value.compactMap { input.singletonsByID[$0]?.typeName } }
                            )
                            .union(
                                names.flatMap { input.model?.types(simplyNamed: $0) ?? [] }.flatMap(
                                    singletonsDefaulted(by:)))
                            buildEdgeCache[current] = found
                            return found
                        }()
                    edges[current] = reached
                    pending += reached.filter { edges[$0] == nil && singletonTypes.contains($0) }
                }
                return edges
            }
            // Superclasses first, so that a subclass reuses the property its superclass was just given.
            var injectedProperties: [String: Set<String>] = [:]
            // A `public` initializer's default may name only public declarations (Brave's `public init` of
            // `BrowserViewController` named the internal `AppDependencies.Live`).
            let containerIsPublic = container.flatMap { input.declaration(of: $0.name) }?.view.isPublic ?? false
            for typeName in Self.superclassesFirst(targets.keys, model: input.model) {
                // A default names only what the type's target sees: the container's `Live` values in the container's
                // own target, the singleton (which the type reaches today) everywhere else, and in a file another
                // target compiles too (Aidoku's `Shared/`, habitica's widget), which may lack it.
                let declaration = input.declaration(of: typeName)
                let isShared =
                    declaration.map { input.model?.isCompiledBySeveralTargets(input.files[$0.file].path) == true }
                    ?? false
                let hasPublicInitializer =
                    declaration.map { SingletonInjection.hasPublicInitializer(in: $0.view) } ?? false
                let seesContainer =
                    !isShared && container.map { declaration?.type.target == $0.target } == true
                    && (!hasPublicInitializer || containerIsPublic)
                let defaults =
                    seesContainer
                    ? container?.declaredName
                    : container != nil || isShared || hasPublicInitializer
                        ? nil : views.generatedContainerForDefaults(in: typeName)
                var dependencies: [SingletonInjection.Dependency] = []
                for id in targets[typeName, default: []].sorted(by: { $0.accessExpression < $1.accessExpression }) {
                    guard let singleton = input.singletonsByID[id], let plan = plans[singleton] else { continue }
                    // Two singletons that would create each other: this one takes a closure, called where it read
                    // `.shared` (the roadmap's lazy edge), so creating it creates nothing.
                    var isProvider = false
                    var providerReason: String?
                    if singletonTypes.contains(typeName) {
                        // Through the types the singleton builds while it is made, and the singletons their defaults
                        // create (Unstoppable's `Core.init` makes a `DeepLinkViewManager`, whose default creates
                        // `Coordinator.shared`, whose default would read `Core.shared` before it is set).
                        if Self.reaches(
                            from: singleton.typeName, to: typeName,
                            edges: initEdges.merging(buildEdges(from: singleton.typeName)) { $0.union($1) })
                        {
                            isProvider = true
                        } else {
                            initEdges[typeName, default: []].insert(singleton.typeName)
                        }
                    }
                    // A type the singleton builds while it is made (Aidoku's `DownloadManager.init` makes a
                    // `DownloadQueue`): a default read in its `init` would re-enter the singleton's own creation.
                    if !isProvider, let simpleName = input.model?.types[typeName]?.simpleName,
                        built(singleton.typeName).contains(simpleName)
                    {
                        isProvider = true
                        providerReason = "the singleton makes it while it is made"
                    }
                    // An instance code replaces at run time (element's `ThemePublisher.configure(themeId:)` sets a new
                    // `_shared`), or an optional `var` filled in later (damus's `UserSettingsStore.shared`, set at
                    // login): a copy taken at `init` would keep the old one, so the type reads it through a closure.
                    if !isProvider, replaced.contains(singleton.id) {
                        isProvider = true
                        providerReason =
                            singleton.isOptional
                            ? "the optional is filled in later" : "the instance is replaced at run time"
                    }
                    var dependency = SingletonInjection.Dependency(
                        singleton: singleton, plan: plan, container: defaults,
                        propertyName: propertyNames[singleton.id],
                        isProvider: isProvider, live: LiveValues(style: options.containerStyle))
                    if let providerReason { dependency.providerReason = providerReason }
                    dependencies.append(dependency)
                }
                guard !dependencies.isEmpty else { continue }
                let result = injection.run(
                    typeName: typeName, dependencies: dependencies, injectedAbove: injectedProperties,
                    adding: resolutionPlans[typeName]?.addedParameters ?? [])
                // All or nothing per type: a type that takes some singletons through `init` and still reaches
                // another one directly would become an injection bypass. A type whose injection is set up already
                // (or is set up by its container resolutions becoming parameters, as a second run would find it) is a
                // bypass for every singleton it still reaches: each is decided on its own.
                let takesServices = input.typesTakingServices.contains(typeName) || result.addedParametersApplied
                if !result.injected.isEmpty, !takesServices,
                    let kept = keptSite(in: typeName, after: result, input: input)
                {
                    draft.notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: kept.location,
                            message:
                                "`\(typeName)` is not injected: `\(kept.singletonID.accessExpression)` stays reached directly here, and a type taking some services through `init` while reaching others bypasses injection; migrate them together"
                        ))
                    continue
                }
                draft.add(result.edits, to: .injection(into: typeName))
                // A file now naming a singleton's class or protocol of another module imports it.
                draft.add(
                    moduleImports.edits(
                        for: result.injected.map(\.singleton),
                        plans: plans,
                        in: result.edits, added: &addedImports),
                    to: .injection(into: typeName))
                if !result.edits.isEmpty, let plan = resolutionPlans.removeValue(forKey: typeName) {
                    if result.addedParametersApplied {
                        draft.add(plan.removals, to: .injection(into: typeName))
                        draft.summary.sitesRewritten += plan.sites.count
                        draft.summary.injections += plan.injections.map { "\(typeName) ← \($0) (container)" }
                    } else {
                        draft.notes += plan.sites.map {
                            resolutions.note(
                                $0,
                                "the singleton injection gives the type an initializer this cannot add the parameter to (a memberwise, forwarding, converted or twin one); make it a parameter by hand"
                            )
                        }
                    }
                }
                if !result.injected.isEmpty { injectedTypes.insert(typeName) }
                held[typeName] = result.injected.filter {
                    result.properties.contains($0.propertyName) && !$0.isProvider
                }
                if !result.forwardable.isEmpty { takers[typeName] = result.forwardable }
                draft.notes += result.notes
                if !result.properties.isEmpty { injectedProperties[typeName] = result.properties }
                draft.summary.sitesRewritten += result.rewrittenSites.count
                handled.formUnion(result.rewrittenSites)
                for injected in result.injected {
                    // The container holds the instance, whichever way this type reads it.
                    var dependency = injected
                    dependency.isProvider = false
                    let how =
                        injected.isProvider
                        ? " (a closure: \(injected.providerReason))" : injected.isClass ? " (as its class)" : ""
                    draft.summary.injections.append(
                        "\(typeName) ← \(dependency.singleton.propertyName == "shared" ? dependency.singleton.typeName : dependency.singleton.accessExpression)\(how)"
                    )
                    injectedPairs.insert("\(typeName)|\(dependency.singleton.accessExpression)")
                    if input.model?.types[typeName]?.target == containerTarget {
                        registrable.insert(dependency.singleton.accessExpression)
                    }
                    if dependency.container == nil { namedByDefaults[dependency.singleton.id] = typeName }
                    // A type that takes the class gets no registration or mock. Its default, the container's
                    // `Live` value, is then typed by the class, which serves the protocol's consumers too.
                    if dependency.container != nil,
                        dependency.isClass || liveDefaults[dependency.singleton.accessExpression]?.isClass != true
                    {
                        liveDefaults[dependency.singleton.accessExpression] = dependency
                    }
                    if !injected.isClass {
                        injectedSingletons[dependency.singleton.accessExpression] = dependency
                        consumerFiles[dependency.singleton.typeName, default: []].formUnion(
                            result.rewrittenSites.map(\.file))
                    }
                }
            }

            // A type that took a dependency passes it on where it builds another that took the same one.
            for (owner, edits) in ConstructionForwarding(input: input).edits(owners: held, takers: takers) {
                draft.add(edits, to: .injection(into: owner))
            }

            // Top-level functions take a defaulted parameter, whose default names what the file's target sees.
            let globals = GlobalFunctionInjection(input: input, references: injection.parameterInjection.references)
                .run(sites: topLevelSites) { id, path in
                    guard let singleton = input.singletonsByID[id], let plan = plans[singleton] else { return nil }
                    let target = input.model?.file(at: path)?.target
                    let isShared = input.model?.isCompiledBySeveralTargets(path) == true
                    let defaults =
                        !isShared && container.map { $0.target == target } == true
                        ? container?.declaredName
                        : container != nil || isShared
                            ? nil : target.flatMap(views.generatedContainerForDefaults(inTarget:))
                    return SingletonInjection.Dependency(
                        singleton: singleton, plan: plan, container: defaults,
                        propertyName: propertyNames[singleton.id],
                        live: LiveValues(style: options.containerStyle))
                }
            draft.notes += globals.notes
            for function in globals.injections where !excluded.contains(.injection(into: function.function)) {
                draft.add(function.edits, to: .injection(into: function.function))
                draft.summary.sitesRewritten += function.rewrittenSites.count
                handled.formUnion(function.rewrittenSites)
                let target = function.rewrittenSites.first.flatMap { input.model?.file(at: $0.file)?.target }
                for dependency in function.dependencies {
                    draft.summary.injections.append(
                        "func \(function.function) ← \(dependency.singleton.accessExpression)\(dependency.isClass ? " (as its class)" : "")"
                    )
                    if target == containerTarget { registrable.insert(dependency.singleton.accessExpression) }
                    if dependency.container == nil {
                        namedByDefaults[dependency.singleton.id] = "func \(function.function)"
                    }
                    if dependency.container != nil,
                        dependency.isClass || liveDefaults[dependency.singleton.accessExpression]?.isClass != true
                    {
                        liveDefaults[dependency.singleton.accessExpression] = dependency
                    }
                    if !dependency.isClass {
                        injectedSingletons[dependency.singleton.accessExpression] = dependency
                        consumerFiles[dependency.singleton.typeName, default: []].formUnion(
                            function.rewrittenSites.map(\.file))
                    }
                }
            }

            for (view, dependency) in views.injections {
                draft.summary.injections.append(
                    "\(view) ← \(dependency.singleton.propertyName == "shared" ? dependency.singleton.typeName : dependency.singleton.accessExpression) (environment)"
                )
                // A view holder that takes the class (CotEditor's `Presentation`) uses no protocol, as an `init` does not.
                if !dependency.isClass {
                    injectedSingletons[dependency.singleton.accessExpression] =
                        injectedSingletons[dependency.singleton.accessExpression] ?? dependency
                    consumerFiles[dependency.singleton.typeName, default: []].formUnion(
                        input.model?.types[view]?.fragments.map(\.file) ?? [])
                }
            }

            // Sites the analysis found that no rewrite reached.
            let noted = Set(draft.notes.map(\.location))
            for site in input.accessSites
            where !site.isInjectionDefault
                && injectedPairs.contains("\(site.enclosingType ?? "")|\(site.singletonID.accessExpression)")
            {
                let position = SingletonInjection.SitePosition(file: site.location.file, offset: site.offset)
                guard !handled.contains(position), !noted.contains(site.location) else { continue }
                draft.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: site.location,
                        message:
                            "`\(site.singletonID.accessExpression)` is not written as `\(site.singletonID.accessExpression)` here (an implicit `.\(site.propertyName)`?); inject it by hand"
                    ))
            }
        }

        // The container resolutions of the types the singleton injection left alone get their parameters on their own.
        for typeName in resolutionPlans.keys.sorted() where !excluded.contains(.injection(into: typeName)) {
            guard let plan = resolutionPlans[typeName] else { continue }
            switch resolutions.edits(for: plan) {
            case .success(let edits):
                draft.add(edits, to: .injection(into: typeName))
                draft.summary.sitesRewritten += plan.sites.count
                draft.summary.injections += plan.injections.map { "\(typeName) ← \($0) (container)" }
            case .failure(let refusal):
                draft.notes += plan.sites.map { resolutions.note($0, refusal.message) }
            }
        }

        // Protocols extracted for singletons that no type ended up injected with are taken back.
        if options.rewrites.contains(.inject) {
            let injectedTypes = Set(injectedSingletons.values.map(\.singleton.typeName))
            for typeName in plans.byType.keys.sorted() where !injectedTypes.contains(typeName) {
                guard let plan = plans[type: typeName], plan.isNew else { continue }
                draft.remove(.protocolOf(typeName))
                draft.summary.protocolsExtracted.removeAll { $0 == plan.protocolName }
                plans[type: typeName] = nil
            }
        }

        // 6. The singletons nothing reaches any more are created by the container (the `Live` values, written
        // with the registrations below).
        var retirement = SingletonRetirement.Result()
        if options.rewrites.isSuperset(of: [.retire, .inject, .container]), !excluded.contains(.container),
            let holder = container.map({ ($0.name, $0.target) }) ?? views.generatedContainer
        {
            // A global instance stays where it is declared: only `static` singletons move into the container.
            let ready = migrating.filter {
                !excluded.contains(.retirement(of: $0.typeName)) && $0.kind != .globalInstance
            }
            retirement = SingletonRetirement(input: input).run(
                singletons: ready, container: holder, settled: handled.union(views.movingSites),
                namedByDefaults: namedByDefaults, propertyNames: propertyNames,
                keepsShared: options.keepsSharedAccessors,
                live: LiveValues(style: options.containerStyle))
            for retired in retirement.retired {
                draft.add(retired.edits, to: .retirement(of: retired.singleton.typeName))
            }
            draft.notes += retirement.notes
            draft.summary.singletonsRetired = retirement.retired.map(\.singleton.accessExpression)
        }

        // 3. Mocks for the protocols of the injected singletons.
        if options.rewrites.contains(.mocks) {
            for typeName in Set(injectedSingletons.values.map(\.singleton.typeName)).sorted()
            where !excluded.contains(.mock(typeName)) {
                guard let plan = plans[type: typeName] else { continue }
                switch mockFile(for: plan, consumers: consumerFiles[typeName, default: []], input: input, root: root) {
                case .file(let path, let text):
                    draft.created[path] = (.mock(typeName), text)
                    draft.summary.mocksGenerated.append(path)
                case .exists:
                    break
                case .impossible(let note):
                    draft.notes.append(note)
                }
            }
        }

        // 4. Container registration.
        if options.rewrites.contains(.container) && !excluded.contains(.container) {
            let registration = ContainerRegistration(input: input)
            let reached = registrable.union(views.injections.map(\.1.singleton.accessExpression))
            let dependencies = injectedSingletons.keys.sorted().filter(reached.contains).compactMap {
                injectedSingletons[$0]
            }
            let live = liveDefaults.keys.sorted().compactMap { liveDefaults[$0] }
            let result = registration.run(
                containerNames: options.containerTypeNames, dependencies: dependencies, liveDefaults: live,
                retired: retirement.retired, allPlans: plans, live: LiveValues(style: options.containerStyle))
            draft.add(result.edits, to: .container)
            // The container names each registered singleton's class and protocol, maybe of a framework it links.
            draft.add(
                moduleImports.edits(
                    for: dependencies.map(\.singleton) + live.map(\.singleton) + retirement.retired.map(\.singleton),
                    plans: plans,
                    in: result.edits, added: &addedImports),
                to: .container)
            draft.notes += result.notes
            draft.summary.containerRegistrations = result.registered
            // Phase 2's last step: a factory in the container for each view model that takes services.
            if options.rewrites.contains(.inject),
                let entry = input.containerDeclaration(named: options.containerTypeNames)
            {
                addFactories(
                    in: entry, input: input, viewModels: injectedTypes, registered: Set(result.registered),
                    dependencies: dependencies, excluded: excluded, draft: &draft)
            }
            // 5. Views read the container from the environment.
            let rewritten = views.emit(
                registered: Set(result.registered), live: live, retired: retirement.retired, draft: &draft)
            draft.summary.sitesRewritten += rewritten.count

            // 7. With Seam keys: the keys, their test values and the manifest's dependency on Seam.
            if options.containerStyle == .seam, options.rewrites.contains(.inject), !excluded.contains(.seamKeys) {
                addSeamKeys(
                    container: container, views: views, live: live, retired: retirement.retired, input: input,
                    draft: &draft)
            }
        }
        return draft
    }

    /// The Seam keys of the container's live instances (``SeamKeyRegistration``), in their own edit group.
    private func addSeamKeys(
        container: CodebaseType?, views: ViewEnvironmentStep, live: [SingletonInjection.Dependency],
        retired: [SingletonRetirement.Retired], input: MigrationInput, draft: inout MigrationDraft
    ) {
        let holder: SeamKeyRegistration.Holder
        if let container, let entry = input.declaration(of: container.name) {
            holder = SeamKeyRegistration.Holder(
                name: container.name, path: input.files[entry.file].path,
                isPublic: entry.view.isPublic, isMainActor: container.isolatedToMainActor)
        } else if let generated = views.generatedContainer, let path = views.choice?.newFile {
            holder = SeamKeyRegistration.Holder(
                name: generated.name, path: path, isPublic: false, isMainActor: live.contains { $0.plan.isMainActor })
        } else {
            return
        }
        // The files whose new code reads the Seam container: they import Seam (a default argument may only call
        // what its own file imports).
        let read = "\(holder.name).\(LiveValues.seamContainerName)["
        let reading = draft.edits.filter { $0.value.contains { $0.edit.replacement.contains(read) } }.keys.sorted()
        let result = SeamKeyRegistration(input: input, options: options).run(
            holder: holder, live: live, retired: retired, created: draft.created, reading: reading)
        draft.add(result.edits, to: .seamKeys)
        for (path, text) in result.created { draft.created[path] = (.seamKeys, text) }
        draft.notes += result.notes
        draft.summary.seamKeys = result.keys
    }

    // MARK: Helpers

    /// The view models' factory methods (``ViewModelFactories``), after the container's last `make…` method or
    /// at the end of its members, each in its own edit group.
    private func addFactories(
        in entry: MigrationInput.Declaration, input: MigrationInput, viewModels: Set<String>, registered: Set<String>,
        dependencies: [SingletonInjection.Dependency],
        excluded: Set<EditGroup>, draft: inout MigrationDraft
    ) {
        let view = entry.view
        // A struct's `lazy` properties cannot be read by a non-mutating method.
        if view.kind == .struct,
            view.memberBlock.members.contains(where: {
                $0.decl.as(VariableDeclSyntax.self)?.modifiers.contains("lazy") == true
            })
        {
            return
        }
        // What the container holds: its properties by the type they are written with, and the ones registered now.
        var services: [String: String] = [:]
        for member in view.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic,
                let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let type = binding.typeAnnotation?.type.trimmedDescription
            else { continue }
            services[type.replacingOccurrences(of: "any ", with: "")] = name
        }
        for dependency in dependencies where registered.contains(dependency.singleton.typeName) {
            services[dependency.plan.protocolName] = services[dependency.plan.protocolName] ?? dependency.propertyName
        }
        let factories = ViewModelFactories(input: input).factories(
            in: entry, of: viewModels, services: services, draft: draft)
        let lastFactory = view.memberBlock.members.last { member in
            member.decl.as(FunctionDeclSyntax.self)?.name.text.hasPrefix("make") == true
        }
        let position =
            (lastFactory ?? view.memberBlock.members.last)?.endPositionBeforeTrailingTrivia
            ?? view.memberBlock.leftBrace.endPositionBeforeTrailingTrivia
        for factory in factories where !excluded.contains(.factory(of: factory.viewModel)) {
            draft.add(
                [(entry.file, .insert("\n\n" + factory.text, at: position, order: 3))],
                to: .factory(of: factory.viewModel))
            draft.summary.factoriesAdded.append(factory.viewModel)
        }
    }

    /// The type names sorted by how many codebase superclasses each has, then by name.
    static func superclassesFirst(_ names: some Sequence<String>, model: Codebase?) -> [String] {
        func depth(_ name: String) -> Int {
            var depth = 0
            var visited: Set<String> = [name]
            var current = model?.types[name]?.superclass
            while let superclass = current, let type = model?.types[superclass], visited.insert(superclass).inserted {
                depth += 1
                current = type.superclass
            }
            return depth
        }
        return names.map { (depth($0), $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// A site in `typeName` that still reaches a singleton directly after `result`'s rewrites (not an
    /// injection default, not allow-listed), if any.
    func keptSite(in typeName: String, after result: SingletonInjection.Result, input: MigrationInput)
        -> SingletonAccess?
    {
        let rewritten = Set(result.rewrittenSites)
        // Wiring (a static member's read, `#if DEBUG` code, a comparison, a write: no bypass, as the analysis
        // decides) does not hold the type's injection back.
        func isKept(_ site: SingletonAccess) -> Bool {
            site.enclosingType == typeName && !site.isInjectionDefault && site.singletonType != typeName
                && !site.site.subtracting(.propertyWrapper).isWiring
                && !input.isAllowed(site) && !keepsGlobal(site.dependencyType, in: input)
                && !rewritten.contains(SingletonInjection.SitePosition(file: site.location.file, offset: site.offset))
        }
        // A container's resolution (Factory's `@Injected(\.chatService)`) that no parameter replaces stays too, and so
        // does a static facade's member (BRD's `Store.perform(action:)`: injecting the type's other singletons made
        // it a bypass).
        return input.accessSites.first(where: isKept) ?? input.containerSites.first(where: isKept)
            ?? input.facadeSites.first(where: isKept)
    }

    /// Whether a service stays global by the roadmap (a logger, analytics, crash reporting, the keychain),
    /// unless `--include-global-services`: the audit's own decision (`AllowList.isAmbient(typeNamed:in:)`).
    func keepsGlobal(_ typeName: String, in input: MigrationInput) -> Bool {
        options.keepsGlobalServices && AllowList.isAmbient(typeNamed: typeName, in: input.model)
    }

    /// Whether a singleton stays as it is, whatever the rewrites: allow-listed, or global by the roadmap (by its
    /// type or the instance it holds).
    func stays(_ singleton: SingletonDeclaration, allowList: AllowList, in codebase: Codebase?) -> Bool {
        allowList.contains(singleton) || options.keepsGlobalServices && AllowList.isAmbient(singleton, in: codebase)
    }

    /// The members called through `S.shared.member`, per singleton type, as the analysis resolved them.
    static func usedMembers(of singletons: Set<SingletonID>, in sites: [SingletonAccess]) -> [String: Set<String>] {
        var members: [String: Set<String>] = [:]
        for site in sites where !site.isInjectionDefault && site.singletonType != site.enclosingType {
            guard let member = site.member, singletons.contains(site.singletonID) else { continue }
            members[site.singletonType, default: []].insert(member)
        }
        return members
    }

    /// The names of shared-instance accessors, which say nothing of what they hold.
    private static let accessorNames: Set<String> = [
        "shared", "sharedInstance", "instance", "default", "standard", "current", "main",
    ]

    /// A type taken through `init` with a container's live value as its default: what a previous run writes for a
    /// singleton injected as its class (`historyDebug: HistoryDebug = AppDependencies.Live.historyDebug`).
    struct LiveDefault: Hashable {
        /// The parameter's type, as written.
        var typeName: String
        /// The live value's name (`historyDebug`).
        var liveName: String
    }

    /// Every ``LiveDefault`` the codebase's non-test initializers take, read once per migration (a parameter typed by a
    /// protocol never names a singleton's class, so it never matches one).
    static func liveDefaultsTakingTheClass(in input: MigrationInput) -> Set<LiveDefault> {
        var found: Set<LiveDefault> = []
        guard let model = input.model else { return [] }
        for consumer in model.types.values where !consumer.isInTestFile {
            for parameter in consumer.initParameters {
                guard let typeName = parameter.typeName, let value = parameter.defaultValue,
                    let live = value.range(of: ".Live.", options: .backwards)
                else { continue }
                found.insert(LiveDefault(typeName: typeName, liveName: String(value[live.upperBound...])))
            }
        }
        return found
    }

    /// The injected property's name for each singleton instance: the type's name (`store` for
    /// `Store.shared`), prefixed by the property when the type has several instances (`backupStore` for
    /// `Store.backup`), so two instances never collapse into one property; a namespace's member holding another type
    /// by its own name (`corePreferences` for `AppServices.corePreferences`) when no other singleton takes that name.
    static func propertyNames(of singletons: [SingletonDeclaration]) -> [SingletonID: String] {
        // The instances of its own type a type keeps (stepik's `ExecutionQueues.sharedQueues`, beside a private
        // `networkReachabilityService` it holds, is the one: `executionQueues`, not `sharedQueuesExecutionQueues`).
        let instancesPerType = Dictionary(
            grouping: singletons.filter { singleton in
                singleton.instanceType.map { $0 == singleton.typeName } ?? true
            }, by: \.typeName)
        var names: [SingletonID: String] = [:]
        // A namespace's member holding another type is named by its property (linphone's `enum AppServices { static var
        // corePreferences = CorePreferences(…) }` gives `corePreferences`, not `appServices`), unless another takes it.
        let heldMembers = singletons.filter { singleton in
            singleton.instanceType.map { $0 != singleton.typeName } == true
                && !accessorNames.contains(singleton.propertyName)
        }
        let heldNames = Dictionary(grouping: heldMembers, by: \.propertyName)
        let typeNames = Set(singletons.map(\.simpleName.lowerCamelCased))
        for singleton in singletons {
            let typeName = singleton.simpleName.lowerCamelCased
            let property = singleton.propertyName
            if heldNames[property]?.count == 1, heldNames[property]?.first?.id == singleton.id,
                !typeNames.contains(property)
            {
                names[singleton.id] = property
            } else if instancesPerType[singleton.typeName, default: []].count <= 1 || property == "shared" {
                names[singleton.id] = typeName
            } else if property.lowercased().hasSuffix(singleton.simpleName.lowercased()) {
                names[singleton.id] = property
            } else {
                names[singleton.id] = property + singleton.simpleName
            }
            // A type named in lower camel case (dydx's `dydxFormatter`) would be hidden by a property of its own name:
            // `= dydxFormatter.shared` would then read the property. It takes `sharedDydxFormatter`.
            if names[singleton.id] == singleton.simpleName {
                names[singleton.id] = "shared" + singleton.simpleName.upperFirst
            }
        }
        return names
    }

    /// The simple names of the types `typeName` builds while it is made: called (`T(…)`, `T.init(…)`) in its stored
    /// properties' initial values (not `lazy` ones, made at first use), in its initializers' bodies and in the
    /// methods of its own those call; and, in turn, what those types build while they are made. A type reached
    /// this way that defaulted to the singleton would re-enter the singleton's creation (ivpn's `Application.shared`
    /// makes a `VPNServerList`, whose `init` makes `VPNServer`s; primal's `RootViewController.instance` calls
    /// `quickReset()`, which makes an `OnboardingParentViewController`): a hang at launch.
    static func typesBuiltWhileInitializing(_ typeName: String, input: MigrationInput) -> Set<String> {
        var built: Set<String> = []
        var pending = [typeName]
        var visited: Set<String> = []
        while let current = pending.popLast() {
            guard visited.insert(current).inserted else { continue }
            for name in calls(whileInitializing: current, input: input).types where built.insert(name).inserted {
                if let type = input.model?.type(named: name, from: current), type.kind != .external {
                    pending.append(type.name)
                }
            }
        }
        return built
    }

    /// What `typeName` calls while it is made: the simple names it calls as initializers (see
    /// ``typesBuiltWhileInitializing(_:input:)``), and the static and top-level functions it calls, as
    /// ``FunctionKey``s (`UIFont.nosturBody`, `bg`).
    private static func calls(whileInitializing typeName: String, input: MigrationInput) -> (
        types: Set<String>, functions: Set<FunctionKey>, methods: Set<String>
    ) {
        let blocks = input.memberBlocksToRead(of: typeName)
        var methods: [String: [Syntax]] = [:]
        var parts: [Syntax] = []
        var wrappers: Set<String> = []
        for block in blocks {
            for member in block.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body {
                    parts.append(Syntax(body))
                } else if let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic,
                    !variable.modifiers.contains("lazy")
                {
                    parts += variable.bindings.compactMap { $0.initializer.map(Syntax.init) }
                    // A property wrapper is made with the instance (damus's `@GlobalSetting var … ` of
                    // `GlobalSettingsStore`, whose wrapper reads `GlobalSettingsStore.shared`).
                    for attribute in variable.attributes {
                        guard
                            let name = attribute.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?
                                .name.text,
                            name.first?.isUppercase == true
                        else { continue }
                        wrappers.insert(name)
                    }
                } else if let function = member.decl.as(FunctionDeclSyntax.self), !function.modifiers.isStatic,
                    let body = function.body
                {
                    methods[function.name.text, default: []].append(Syntax(body))
                }
            }
        }
        // Only the codebase's own wrappers: `@Published` and the like build nothing of the app's.
        var names: Set<String> = wrappers.filter {
            input.model?.type(named: $0, from: typeName).map { $0.kind != .external } == true
        }
        var calledMethods: Set<String> = []
        var functions: Set<FunctionKey> = []
        while let part = parts.popLast() {
            for token in part.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind,
                    let next = token.nextToken(viewMode: .sourceAccurate)
                else { continue }
                if name.first?.isUppercase == true {
                    if next.tokenKind == .leftParen
                        || (next.tokenKind == .period
                            && next.nextToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.`init`))
                    {
                        names.insert(name)
                    } else if next.tokenKind == .period, let member = next.nextToken(viewMode: .sourceAccurate),
                        case .identifier(let function) = member.tokenKind,
                        member.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
                    {
                        // `UIFont.nosturBody()`: a static function, which may read a singleton.
                        functions.insert(FunctionKey(typeName: name, function: function))
                    }
                    continue
                }
                guard next.tokenKind == .leftParen || next.tokenKind == .leftBrace else { continue }
                let previous = token.previousToken(viewMode: .sourceAccurate)
                // A top-level function (`bg()`), which may read a singleton.
                if previous?.tokenKind != .period, methods[name] == nil {
                    functions.insert(FunctionKey(typeName: nil, function: name))
                }
                // A method of its own, called bare or on `self` (`quickReset(…)`, `self.load()`), runs now too.
                guard let bodies = methods[name] else { continue }
                guard
                    previous?.tokenKind != .period
                        || previous?.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
                else { continue }
                if calledMethods.insert(name).inserted { parts += bodies }
            }
        }
        return (names, functions, calledMethods)
    }

    /// A static function of a type (by the type's simple name) or a top-level function, by its base name; or, with
    /// `isMethod`, an instance method of the type.
    struct FunctionKey: Hashable {
        var typeName: String?
        var function: String
        var isMethod = false
    }

    /// The singleton types each static or top-level function reads (`UIFont.nosturBody` → `SettingsStore`): calling
    /// one while a singleton is made reads them then.
    static func singletonsReadByFunctions(_ input: MigrationInput) -> [FunctionKey: Set<String>] {
        var reads: [FunctionKey: Set<String>] = [:]
        for site in input.accessSites where !site.isInjectionDefault {
            guard let file = input.fileIndex[site.location.file],
                let token = input.files[file].tree.token(at: AbsolutePosition(utf8Offset: site.offset))
            else { continue }
            var node = Syntax(token)
            while let parent = node.parent, !parent.is(FunctionDeclSyntax.self) { node = parent }
            guard let function = node.parent?.as(FunctionDeclSyntax.self) else { continue }
            // A member's parents: the item, the list, the member block, then the type or extension.
            let owner = function.parent?.parent?.parent?.parent.flatMap(TypeDeclarationView.init)
            let key: FunctionKey
            if let owner, function.modifiers.isStatic {
                key = FunctionKey(typeName: owner.name, function: function.name.text)
            } else if let owner {
                key = FunctionKey(typeName: owner.name, function: function.name.text, isMethod: true)
            } else if function.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
                key = FunctionKey(typeName: nil, function: function.name.text)
            } else {
                continue
            }
            reads[key, default: []].insert(site.singletonType)
        }
        return reads
    }

    /// The singleton types whose live values `type`'s initializers default to (`contactsManager: … =
    /// AppDependencies.Live.contactsManager`, a previous run's), read from the model's init parameters: made without
    /// those arguments, the type makes them. A closure (`{ AppDependencies.Live.x }`) makes nothing.
    ///
    /// - Parameter liveNames: the singleton type of each live value's name.
    static func singletonsDefaulted(by type: CodebaseType, liveNames: [String: String]) -> Set<String> {
        var read: Set<String> = []
        for initializer in type.initializers {
            for parameter in initializer.parameters {
                guard let value = parameter.defaultValue, value.first != "{", let range = value.range(of: ".Live.")
                else { continue }
                let name = value[range.upperBound...]
                guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                    let singleton = liveNames[String(name)],
                    singleton != type.name
                else { continue }
                read.insert(singleton)
            }
        }
        return read
    }

    /// The mutable singletons code replaces after they are made: assigned as `Type.shared = …` anywhere, or in their
    /// own type (`shared = …`, or the backing `_shared = …` of a computed `shared`, as element's
    /// `ThemePublisher.configure(themeId:)` does); and every optional `var`.
    static func replacedSingletons(in input: MigrationInput, among singletons: [SingletonDeclaration]) -> Set<
        SingletonID
    > {
        let mutable = singletons.filter(\.isMutable)
        guard !mutable.isEmpty else { return [] }
        let ids = Set(mutable.map(\.id))
        // `Type.shared = …`, not `Type.shared.value = …` (a member written, the instance kept). An optional `var` is
        // there to be filled in later, wherever that is written.
        var replaced = Set(
            input.accessSites.filter { ids.contains($0.singletonID) && $0.isReplacement }.map(\.singletonID)
        )
        .union(mutable.filter(\.isOptional).map(\.id))
        for singleton in mutable where !replaced.contains(singleton.id) {
            let names: Set<String> = [singleton.propertyName, "_" + singleton.propertyName]
            let assigned = input.memberBlocksToRead(of: singleton.typeName).contains { block in
                block.tokens(viewMode: .sourceAccurate).contains { token in
                    guard case .identifier(let name) = token.tokenKind, names.contains(name),
                        token.parent?.is(IdentifierPatternSyntax.self) != true
                    else { return false }
                    return token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .equal
                }
            }
            if assigned { replaced.insert(singleton.id) }
        }
        return replaced
    }

    /// Whether the system creates `type` at launch: an app or scene delegate, a SwiftUI `App`.
    static func isLaunchEntryPoint(_ type: CodebaseType) -> Bool {
        type.simpleName.hasSuffix("AppDelegate") || type.simpleName.hasSuffix("SceneDelegate")
            || type.conformances.contains { launchEntryPointConformances.contains($0) }
    }

    private static let launchEntryPointConformances: Set<String> = [
        "App", "UIApplicationDelegate", "NSApplicationDelegate", "WKApplicationDelegate", "UIWindowSceneDelegate",
        "WKExtensionDelegate",
    ]

    /// Whether `to` is reachable from `from` along `edges`.
    static func reaches(from: String, to: String, edges: [String: Set<String>]) -> Bool {
        var stack = [from]
        var seen: Set<String> = []
        while let current = stack.popLast() {
            if current == to { return true }
            guard seen.insert(current).inserted else { continue }
            stack += edges[current, default: []]
        }
        return false
    }

    /// The mock file for a protocol: `Tests/<Target>Tests/Mocks/Mock<Name>.swift` (or `mocksDirectory`).
    private enum MockOutcome {
        case file(path: String, text: String)
        case exists
        case impossible(MigrationNote)
    }

    /// - Parameter consumers: the files of the types that take the protocol: a mock in a package's test target
    ///   is of use only when one of them is in that package (CotEditor's `LanguageRegistryProtocol`, declared in
    ///   its `Syntax` package and taken only by the app, whose tests cannot import the package's test target).
    private func mockFile(for plan: ProtocolPlan, consumers: Set<String>, input: MigrationInput, root: String)
        -> MockOutcome
    {
        let protocolFile = input.files[plan.file]
        let mockName = options.mockName(for: plan.typeName.split(separator: ".").last.map(String.init) ?? plan.typeName)
        let location = SeamAnalysis.SourceLocation(file: protocolFile.path, line: 1, column: 1)
        if input.declaresType(named: mockName) { return .exists }
        let directory: String
        switch MockPlacement.directory(forProtocolIn: protocolFile.path, configured: options.mocksDirectory, root: root)
        {
        case .directory(let found):
            if options.mocksDirectory == nil, let package = MockPlacement.packagePrefix(of: protocolFile.path),
                !consumers.isEmpty, !consumers.contains(where: { MockPlacement.packagePrefix(of: $0) == package })
            {
                return .impossible(
                    MigrationNote(
                        kind: .followUp, location: location,
                        message:
                            "no mock for `\(plan.protocolName)`: the types taking it are outside the package whose tests would hold it (pass --mocks-dir)"
                    ))
            }
            directory = found
        case .noTestsFolder(let tests):
            return .impossible(
                MigrationNote(
                    kind: .followUp, location: location,
                    message: "no mock for `\(plan.protocolName)`: there is no \(tests) folder (pass --mocks-dir)"))
        case .notUnderSources:
            return .impossible(
                MigrationNote(
                    kind: .followUp, location: location,
                    message:
                        "no mock for `\(plan.protocolName)`: its file is not under Sources/<Target> (pass --mocks-dir)")
            )
        }
        let path = MockPlacement.path(of: mockName, in: directory)
        if FileManager.default.fileExists(atPath: URL(fileURLWithPath: root).appendingPathComponent(path).path) {
            return .exists
        }
        if let unsupported = Self.unsupportedForMock(plan: plan, input: input) {
            return .impossible(
                MigrationNote(
                    kind: .followUp, location: location, message: "no mock for `\(plan.protocolName)`: \(unsupported)"))
        }
        let generator = MockGenerator(
            protocolName: plan.protocolName, mockName: mockName, items: plan.items, isMainActor: plan.isMainActor,
            imports: MockPlacement.imports(of: [(protocolFile.path, protocolFile.tree)]),
            indent: Indentation.unit(of: protocolFile.text))
        return .file(path: path, text: generator.render())
    }

    /// Why the protocol cannot be mocked mechanically, if it cannot.
    private static func unsupportedForMock(plan: ProtocolPlan, input: MigrationInput) -> String? {
        guard !plan.isNew, let entry = input.protocolDeclaration(named: plan.protocolName, from: plan.typeName) else {
            return nil
        }
        for member in entry.view.memberBlock.members {
            if member.decl.is(AssociatedTypeDeclSyntax.self) { return "it has an associated type" }
            if member.decl.is(SubscriptDeclSyntax.self) || member.decl.is(InitializerDeclSyntax.self) {
                return "it requires a subscript or an initializer"
            }
            if let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers, modifiers.isStatic {
                return "it has static requirements"
            }
        }
        let allowed: Set<String> = ["AnyObject", "Sendable", "ObservableObject", "class"]
        if let other = entry.view.inheritedTypeNames.first(where: { !allowed.contains($0) }) {
            return "it refines `\(other)`, whose requirements the mock would also need"
        }
        return nil
    }

    /// The modules the file imports at its top level, outside `#if` blocks (`CoreData` for `import CoreData`; for
    /// `import class CoreData.NSManagedObject` too unless `wholeOnly`, since that makes only one symbol visible).
    static func importedModules(of tree: SourceFileSyntax, wholeOnly: Bool = true) -> [String] {
        tree.statements.compactMap { item in
            guard let importDecl = item.item.as(ImportDeclSyntax.self),
                !wholeOnly || importDecl.importKindSpecifier == nil
            else { return nil }
            return importDecl.path.first?.name.text
        }
    }

    /// The file's top-level `import` lines (and `#if` blocks that only hold imports), as written.
    static func imports(of tree: SourceFileSyntax) -> [String] {
        tree.statements.compactMap { item -> String? in
            if let importDecl = item.item.as(ImportDeclSyntax.self) { return importDecl.trimmedDescription }
            if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                let onlyImports = ifConfig.clauses.allSatisfy { clause in
                    guard case .statements(let statements) = clause.elements else { return clause.elements == nil }
                    return statements.allSatisfy { $0.item.is(ImportDeclSyntax.self) }
                }
                return onlyImports ? ifConfig.trimmedDescription : nil
            }
            return nil
        }
    }
}
