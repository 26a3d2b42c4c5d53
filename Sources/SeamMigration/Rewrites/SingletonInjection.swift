import SeamAnalysis
import SwiftSyntax

/// Rewrite 3: in a type that reaches `S.shared`, add a stored property typed by S's protocol and an `init`
/// parameter defaulting to `S.shared`, and replace the type's `S.shared` uses with the property.
///
/// - The property is `private let dataStore: any DataStoreProtocol` (`let` without `private` when the
///   type's extensions in other files use it), placed after the last stored property declared before the
///   type's first `init` (else after its last stored property).
/// - Every designated initializer gets `dataStore: any DataStoreProtocol = DataStore.shared` (before a
///   trailing closure parameter, so trailing-closure calls keep working) and `self.dataStore = dataStore`
///   as its first statement. An `override` or `required` initializer, whose signature the superclass fixes,
///   assigns the default instead (`self.dataStore = DataStore.shared`, before `super.init`). A class or actor
///   without one gets `init(dataStore: … = DataStore.shared)`; a subclass without one gets forwarding
///   initializers for those it inherits (``InheritedInitializers``); a struct without one gets an explicit copy
///   of its memberwise initializer plus the new parameters, so existing `T(a:b:)` calls keep compiling.
/// - A subclass whose superclass has the property (declared, or given by this migration) reuses it.
/// - Inside a closure of a class or actor the property is captured by value (`{ [dataStore] in … }`),
///   so no closure starts capturing `self` (no new retain cycles, no `self.` required).
/// - A `lazy` property's initializer runs on the instance at first use: it reads the property like a method.
/// - Uses in a static context, a default argument, a stored property's initial value, an attribute, or a
///   delegating initializer are reported and left as they are.
struct SingletonInjection {
    let input: MigrationInput
    let eligibility: Eligibility
    /// The analysis's access sites, by the type that holds them.
    let sitesByOwner: [String: [SingletonAccess]]

    let parameterInjection: FunctionParameterInjection
    /// The model's classes by the codebase superclass they inherit from (qualified names).
    let subclassesByName: [String: [String]]

    /// Where `site` is, as the analysis's sites are named (the file's path and the expression's first byte).
    private func position(of site: AccessSiteClassifier.Site) -> SitePosition {
        SitePosition(
            file: input.files[site.file].path, offset: site.node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    init(input: MigrationInput) {
        self.input = input
        eligibility = Eligibility(input: input)
        var subclasses: [String: [String]] = [:]
        for type in input.model?.sortedTypes ?? [] {
            if let superclass = type.superclass { subclasses[superclass, default: []].append(type.name) }
        }
        subclassesByName = subclasses
        parameterInjection = FunctionParameterInjection(input: input, references: FunctionReferences(input: input))
        sitesByOwner = Dictionary(
            grouping: input.accessSites.filter { $0.enclosingType != nil }, by: { $0.enclosingType ?? "" })
    }

    /// A singleton instance to inject and the protocol it is injected through.
    struct Dependency {
        var singleton: SingletonDeclaration
        var plan: ProtocolPlan
        /// The container type whose `Live` values are the default arguments, or `nil` for `S.shared`.
        var container: String?
        /// The injected property's name: one per singleton instance (`store` for `Store.shared`,
        /// `backupStore` for `Store.backup`).
        var propertyName: String
        /// The container's name for the singleton's live instance (`Live.<name>`): the property name the migration
        /// gives the singleton everywhere, kept when one type's property takes another name (a holder's).
        let liveName: String

        /// Whether the type takes a closure that returns the dependency (`() -> any AuthManagerProtocol`) and
        /// calls it where it read the singleton: the roadmap's way to break a cycle between two singletons,
        /// since the closure runs at the read, not while the instance is created.
        var isProvider: Bool
        /// Why the type takes a closure (see ``isProvider``), as the summary says it.
        var providerReason = "the two create each other"
        /// Whether the type takes the singleton's class rather than its protocol: some site of it in the type
        /// needs the instance itself (it passes or compares it) or a member the protocol cannot declare (one
        /// inherited from a superclass outside the codebase). The injection is real (the type's initializer
        /// takes it, with the same default); only a mock cannot stand in until someone writes the protocol.
        var isClass = false
        /// Whether the type keeps it in a stored property: not when only initial values computed in `init` read it.
        var isStored = true
        /// How the container's live instance is read.
        var live: LiveValues

        init(
            singleton: SingletonDeclaration, plan: ProtocolPlan, container: String?, propertyName: String? = nil,
            isProvider: Bool = false, live: LiveValues = .plain
        ) {
            self.singleton = singleton
            self.plan = plan
            self.container = container
            self.propertyName = propertyName ?? singleton.simpleName.lowerCamelCased
            liveName = self.propertyName
            self.isProvider = isProvider
            self.live = live
        }

        /// `AppDependencies.Live.dataStore` (or `AppDependencies.container[DataStoreKey.self]`), or
        /// `DataStore.shared` without a container.
        var value: String {
            container.map { live.read(liveName, of: singleton, in: $0, isMainActor: plan.isMainActor) }
                ?? singleton.sourceExpression
        }
        /// What the injected property starts as: ``value``, or a closure returning it for a provider.
        var defaultValue: String { isProvider ? "{ \(value) }" : value }
        /// The injected property's type.
        var propertyType: String {
            // An optional singleton in a `let` (`static let appGroup = UserDefaults(suiteName: …)`) is taken as it is;
            // an implicitly unwrapped one (`static var shared: Facade!`) as what its users read, the type.
            let className = plan.heldTypeName ?? singleton.sourceTypeName
            let type =
                singleton.isReadAsOptional
                ? (isClass ? className + "?" : "(any \(plan.referenceName))?")
                : (isClass ? className : "any \(plan.referenceName)")
            guard isProvider else { return type }
            // A Sendable service's provider is Sendable too, so a Sendable type can hold it; a main-actor one's runs on
            // the main actor (it reads a main-actor static, which a `@Sendable` closure may not), and is Sendable so.
            let attribute = plan.isMainActor ? "@MainActor " : plan.isSendable ? "@Sendable " : ""
            return "\(attribute)() -> \(type)"
        }
        /// The type of the parameter that takes it (a provider escapes into the property).
        var parameterType: String { isProvider ? "@escaping " + propertyType : propertyType }
        /// `dataStore: any DataStoreProtocol = AppDependencies.Live.dataStore`.
        var parameterDeclaration: String { "\(propertyName): \(parameterType) = \(defaultValue)" }
        /// What a rewritten site reads: the property, or the provider's result.
        func read(_ reference: String) -> String { isProvider ? reference + "()" : reference }

        /// The container's `Live` member that returns the singleton: `static var dataStore: any DataStoreProtocol {
        /// DataStore.shared }`, or `@MainActor static let dataStore: any DataStoreProtocol = DataStore.shared` for a
        /// main-actor `let` singleton, after `availability` (the singleton type's `@available`
        /// attributes, see ``MigrationInput/availability(of:)``) and with `access` (`"public "` or empty).
        func liveAccessor(access: String, availability: String) -> String {
            guard plan.isMainActor else {
                return
                    "\(availability)\(access)static var \(liveName): \(propertyType) { \(singleton.sourceExpression) }"
            }
            // A main-actor computed property cannot be read where the Swift 5 language mode evaluates a default
            // argument (outside the actor); a `static let` of the same instance can, made at first use as the
            // singleton was. An instance that can be replaced is read anew each time.
            return singleton.isMutable
                ? "\(availability)@MainActor \(access)static var \(liveName): \(propertyType) { \(singleton.sourceExpression) }"
                : "\(availability)@MainActor \(access)static let \(liveName): \(propertyType) = \(singleton.sourceExpression)"
        }
    }

    /// Where a rewritten `S.shared` was: its file and UTF-8 offset.
    typealias SitePosition = MigrationInput.SitePosition

    struct Result {
        var edits: [(file: Int, edit: SourceEdit)] = []
        var notes: [MigrationNote] = []
        /// The dependencies actually injected (their sites rewritten).
        var injected: [Dependency] = []
        /// The `S.shared` expressions replaced.
        var rewrittenSites: [SitePosition] = []
        /// The injected properties the type has afterwards (added or reused), which its subclasses may reuse.
        var properties: Set<String> = []
        /// The dependencies every initializer of the type took as its last parameters, when a call may pass them
        /// at the end of its arguments (``ConstructionForwarding``): each initializer is designated, written in
        /// the type, and ends in no closure parameter.
        var forwardable: [Dependency] = []
        /// Whether the initializers got the added parameters (see ``run(typeName:dependencies:injectedAbove:adding:)``).
        var addedParametersApplied = false
    }

    private struct Block {
        var memberBlock: MemberBlockSyntax
        var file: Int
        var isExtension: Bool
    }

    private struct Decision {
        var dependency: Dependency
        var sites: [AccessSiteClassifier.Site]
        /// Sites in static functions or an enum's methods, which become parameters (``FunctionParameterInjection``).
        var parameterSites: [AccessSiteClassifier.Site] = []
        /// Whether the type already has the property (it injects the dependency and also bypasses it).
        var reusesProperty: Bool
        /// The stored property whose initial value was the singleton, which becomes the injected property.
        var holder: Holder?
        /// Sites in stored properties' initial values that `init` assigns instead (``MovedInitialValue``).
        var movedSites: [AccessSiteClassifier.Site] = []
    }

    /// A stored property of a class whose initial value reads the singleton and is more than it (DuckDuckGo's
    /// `private var storageCache: StorageCache = AppDependencyProvider.shared.storageCache`): it loses its
    /// initial value, and every designated `init` assigns it right after the injected properties, from the
    /// parameter. The value is computed once per instance before the body runs, as before. An `override`/`required`
    /// initializer reads the property it has just assigned (`self.s`), so a second run finds nothing left to move.
    ///
    /// A property without a written type gets the one ``InitialValueType`` reads from the singleton's declaration
    /// (`let context = CoreDataStack.shared.newTaskContext()` becomes `let context: NSManagedObjectContext`).
    private struct MovedInitialValue {
        var variable: VariableDeclSyntax
        var binding: PatternBindingSyntax
        var name: String
        var file: Int
        /// The type the declaration gets, when it writes none.
        var addedType: String?

        /// Attributes that still let `init` assign the property: `@objc`, and the property wrappers whose
        /// `init(wrappedValue:)` an assignment in `init` calls (twiderex's `@Published var avatarStyle =
        /// UserDefaults.shared.avatarStyle`: `self.avatarStyle = userDefaults.avatarStyle` initializes the wrapper,
        /// as the initial value did, without publishing a change). Other wrappers may need arguments of their own.
        static let assignableAttributes: Set<String> = ["objc", "Published"]

        private static func allowsAssignmentInInit(_ element: AttributeListSyntax.Element) -> Bool {
            guard case .attribute(let attribute) = element, attribute.arguments == nil else { return false }
            return assignableAttributes.contains(attribute.attributeName.trimmedDescription)
        }

        /// The property holding `site`, or why its initial value cannot move into `init`; `typing` reads the type of
        /// an initial value that does not write it.
        static func of(
            _ site: AccessSiteClassifier.Site, in kind: TypeDeclarationView.Kind, typing: InitialValueType,
            readsOptional: Bool = false
        ) -> Swift.Result<MovedInitialValue, Refusal> {
            guard let variable = site.storedProperty else {
                return .failure(Refusal(message: "not in a stored property"))
            }
            guard kind == .class else {
                return .failure(
                    Refusal(
                        message:
                            "in a stored property's initial value, which is evaluated before the instance exists (outside a class, moving it into `init` would change the memberwise initializer)"
                    ))
            }
            // Under `#if` (anytype's `#if DEBUG let deepLinkParser = … #elseif RELEASE let deepLinkParser = … #endif`),
            // `init` would assign each branch's value, and lose the condition.
            if SingletonInjection.isUnderMemberIfConfig(variable) {
                return .failure(
                    Refusal(
                        message:
                            "in a stored property's initial value under `#if`, which `init` would assign without the condition"
                    ))
            }
            guard variable.bindings.count == 1, let binding = variable.bindings.first, binding.accessorBlock == nil,
                variable.attributes.allSatisfy(Self.allowsAssignmentInInit), !variable.modifiers.isStatic,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else {
                return .failure(
                    Refusal(
                        message:
                            "in a stored property's initial value, which is evaluated before the instance exists (a wrapped, observed or multiple-binding property keeps its initial value)"
                    ))
            }
            // A wrapped property whose whole value is the instance (provenance's `@Published var emulationState:
            // EmulationState = .shared`) holds it, as a holder does, and is named like the injected property: it keeps
            // it (a second run, finding the name taken by the protocol, would otherwise move it).
            if !variable.attributes.isEmpty, let value = binding.initializer?.value, value.id == site.node.id {
                return .failure(
                    Refusal(
                        message:
                            "in a wrapped property's initial value, which is the instance itself: the property keeps it"
                    ))
            }
            if let value = binding.initializer?.value,
                value.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .leftBrace })
            {
                return .failure(
                    Refusal(
                        message:
                            "in a stored property's initial value that builds a closure, which `init` could not build the same way"
                    ))
            }
            var addedType: String?
            if binding.typeAnnotation == nil {
                // What a chain off an optional singleton (`appGroup?.string(forKey:)`) makes is not read here.
                guard !readsOptional, let value = binding.initializer?.value,
                    let type = typing.type(of: value, readingSingletonAt: site.node)
                else {
                    return .failure(
                        Refusal(
                            message:
                                "in a stored property's initial value, which is evaluated before the instance exists (write the property's type to let `init` assign it)"
                        ))
                }
                addedType = type
            }
            return .success(
                MovedInitialValue(
                    variable: variable, binding: binding, name: String(name.filter { $0 != "`" }), file: site.file,
                    addedType: addedType))
        }
    }

    /// A stored property whose whole initial value is the singleton (habitica's `private let configRepository =
    /// ConfigRepository.shared`): where the type keeps it. It becomes the injected property itself, assigned in
    /// `init` and typed by the singleton's class (what is called through it is not tracked, so the protocol may
    /// not declare it), instead of a second property beside it.
    struct Holder {
        var variable: VariableDeclSyntax
        var binding: PatternBindingSyntax
        var name: String
        /// The `S.shared` of its initial value.
        var site: AccessSiteClassifier.Site
    }

    /// The holder among `sites`, if one site is the whole initial value of a stored, non-`lazy`, non-`static`
    /// property with one binding and no accessors, typed by nothing or by the singleton's own type (in a struct
    /// only a `let`, which the memberwise initializer leaves out). Two holders of one singleton: none.
    private func holder(
        among sites: [AccessSiteClassifier.Site], of dependency: Dependency, kind: TypeDeclarationView.Kind
    ) -> Holder? {
        guard [.class, .actor, .struct].contains(kind) else { return nil }
        let holders = sites.compactMap { site -> Holder? in
            guard let clause = site.node.parent?.as(InitializerClauseSyntax.self),
                let binding = clause.parent?.as(PatternBindingSyntax.self),
                let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
                variable.parent?.is(MemberBlockItemSyntax.self) == true,
                variable.bindings.count == 1, binding.accessorBlock == nil,
                !variable.modifiers.isStatic, !variable.modifiers.contains("lazy"),
                variable.attributes.isEmpty,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                kind != .struct || variable.bindingSpecifier.tokenKind == .keyword(.let)
            else { return nil }
            if let annotation = binding.typeAnnotation?.type.trimmedDescription,
                annotation != dependency.singleton.typeName, annotation != dependency.singleton.simpleName
            {
                return nil
            }
            return Holder(variable: variable, binding: binding, name: String(name.filter { $0 != "`" }), site: site)
        }
        return holders.count == 1 ? holders[0] : nil
    }

    /// Whether `type` takes the singleton in a `nonisolated(unsafe)` property, which its `nonisolated` members may
    /// read: a main-actor class, and a singleton declared `nonisolated(unsafe)` (its readers opted out of isolation
    /// checking, and so may the property).
    private func takesNonisolatedUnsafe(_ singleton: SingletonDeclaration, into type: CodebaseType) -> Bool {
        type.kind == .class && type.isolatedToMainActor && isNonisolatedUnsafe(singleton)
    }

    private func isNonisolatedUnsafe(_ singleton: SingletonDeclaration) -> Bool {
        guard let file = input.fileIndex[singleton.location.file] else { return false }
        let source = input.files[file]
        let position = source.converter.position(ofLine: singleton.location.line, column: singleton.location.column)
        var node = source.tree.token(at: position).map(Syntax.init)
        while let current = node, !current.is(VariableDeclSyntax.self) { node = current.parent }
        return node?.as(VariableDeclSyntax.self)?.modifiers.contains {
            $0.name.text == "nonisolated" && $0.detail?.detail.text == "unsafe"
        } ?? false
    }

    /// The analysis's sites of `dependency` in `typeName`, located in the trees and classified; the
    /// locations of those written so that no rewrite can reach them (an implicit `.shared`).
    private func sites(of dependency: Dependency, in typeName: String) -> (
        found: [AccessSiteClassifier.Site], unreachable: [SingletonAccess]
    ) {
        let type = input.model?.types[typeName]
        let isValueType = type.map { $0.kind == .struct || $0.kind == .enum } ?? false
        var classifier = AccessSiteClassifier(propertyName: dependency.propertyName, isInValueType: isValueType)
        classifier.isIsolatedType =
            type.map { $0.isolatedToMainActor && !takesNonisolatedUnsafe(dependency.singleton, into: $0) } ?? false
        classifier.movesDefaultArguments = type.map { [.class, .struct, .actor].contains($0.kind) } ?? false
        var found: [AccessSiteClassifier.Site] = []
        var unreachable: [SingletonAccess] = []
        for site in sitesByOwner[typeName, default: []] where site.singletonID == dependency.singleton.id {
            // An implicit `.shared` holder (`let settings: TextFinderSettings = .shared`) is reachable: it becomes the
            // injected property, whose default the rewrite writes in full.
            guard let file = input.fileIndex[site.location.file],
                let node = input.files[file].singletonExpression(at: site.offset, of: dependency.singleton)
                    ?? input.files[file].implicitHolderAccess(at: site.offset, named: dependency.singleton.propertyName)
                    .map(ExprSyntax.init)
            else {
                if !site.isInjectionDefault { unreachable.append(site) }
                continue
            }
            var classified = classifier.classify(node, file: file, access: site)
            // FSNotes' `Storage.instance?.getBy(…)` beside `Storage.shared()`: the type takes what the accessor returns
            // (never nil), and the site reads the optional slot, nil until the accessor first runs. `storage()?.getBy`
            // would not compile, and `storage().getBy` would make the instance where the site did nothing.
            if dependency.singleton.isReadThroughNonOptionalAccessor, classified.unsafeReason == nil,
                let accessor = dependency.singleton.accessorFunction, accessor != dependency.singleton.propertyName,
                node.as(MemberAccessExprSyntax.self)?.declName.baseName.text == dependency.singleton.propertyName
            {
                classified.unsafeReason =
                    "reads the optional `\(dependency.singleton.accessExpression)` itself (nil until `\(dependency.singleton.sourceTypeName).\(accessor)()` makes it), where the type would take what that function returns"
            }
            // An availability check matters only for a type that is itself `@available`-gated: the default,
            // evaluated in `init`, would then name it outside the check. Any other type is available there.
            if classified.isUnderAvailabilityCheck, !isAvailabilityGated(dependency.singleton.typeName) {
                classified.unsafeReason = nil
            }
            if let function = classified.function, classified.defaultArgument != nil, let type,
                let refusal = DefaultArgumentFallback(input: input).refusal(
                    of: function, in: type, hasSubclasses: subclassesByName[type.name] != nil)
            {
                classified.defaultArgument = nil
                classified.unsafeReason = "\(AccessSiteClassifier.defaultArgumentReason), and \(refusal)"
            }
            found.append(classified)
        }
        return (found, unreachable)
    }

    /// Whether `singleton`'s `static` member is `public` or `open` (in its type's declaration or an extension, of a
    /// codebase type or of an SDK type the codebase extends).
    private func isPublicAccessor(_ singleton: SingletonDeclaration) -> Bool {
        guard singleton.kind == .staticProperty, let type = input.model?.types[singleton.typeName] else {
            return false
        }
        let declared = input.declaration(of: singleton.typeName).map { [$0.view.memberBlock] } ?? []
        let blocks = declared + input.extensions(of: type).map(\.view.memberBlock)
        return blocks.contains { block in
            block.members.contains { member in
                guard let variable = member.decl.as(VariableDeclSyntax.self), variable.modifiers.isStatic,
                    variable.bindings.contains(where: {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == singleton.propertyName
                    })
                else { return false }
                return variable.modifiers.isPublic
            }
        }
    }

    /// Whether `site` is in an initializer's body with no `super.init(…)` call before it (Swift calls an implicit one
    /// at the end): where a property the class inherits is not initialized yet.
    static func isBeforeSuperInit(_ site: AccessSiteClassifier.Site) -> Bool {
        guard let initializer = site.initializer, initializer.body != nil else { return false }
        guard let call = AccessSiteClassifier.firstInitCall(in: initializer, on: .super) else { return true }
        return site.node.position < call.position
    }

    /// Whether the type, or a type it is nested in, is `@available`-gated (a deprecation is no gate).
    private func isAvailabilityGated(_ typeName: String) -> Bool {
        !input.availability(of: typeName).isEmpty
    }

    /// - Parameter injectedAbove: the properties this migration already gave each type (its superclasses come
    ///   first), which a subclass reuses rather than adding a second copy.
    /// A parameter another rewrite adds to the initializers this one changes (a container resolution,
    /// ``ContainerResolutionInjection``), so that both edit a type's initializers in one run: declared after the
    /// dependencies' parameters and assigned after them; an initializer that keeps its signature assigns `value`.
    struct AddedParameter {
        var name: String
        /// `api: any APIServicing = Container.shared.api()`.
        var declaration: String
        /// What an initializer that keeps its signature assigns: the default.
        var value: String
    }

    /// - Parameter added: parameters another rewrite adds to the same initializers; ``Result/addedParametersApplied``
    ///   says whether they were (not when the type is refused, gets a memberwise or forwarding initializer, or has
    ///   initializers twinned).
    func run(
        typeName: String, dependencies: [Dependency], injectedAbove: [String: Set<String>] = [:],
        adding added: [AddedParameter] = []
    ) -> Result {
        var result = Result()
        guard let entry = input.declaration(of: typeName) else { return result }
        let view = entry.view
        let blocks = Self.blocks(of: entry.type, declaredIn: entry, input: input)

        func note(_ site: AccessSiteClassifier.Site, _ message: String) {
            result.notes.append(
                MigrationNote(
                    kind: .leftUntouched, location: input.files[site.file].location(of: site.node), message: message))
        }
        // What an initial value without a written type holds, read from the singleton's declaration.
        func typing(_ dependency: Dependency, _ site: AccessSiteClassifier.Site) -> InitialValueType {
            InitialValueType(plan: dependency.plan, input: input, owner: entry.type, file: site.file)
        }

        // 1. Decide, per dependency, whether every site can be rewritten: a type that injects a singleton
        // and still reaches it through `.shared` would be a new bypass, so it is all or nothing.
        var decisions: [Decision] = []
        var fallbacks: [Dependency] = []
        // Why a dependency is injected as its class: the site that needs it, and what it needs.
        var classNeeds: [SingletonID: (site: AccessSiteClassifier.Site, reason: String)] = [:]
        for dependency in dependencies {
            var dependency = dependency
            var (found, unreachable) = sites(of: dependency, in: typeName)
            // A property holding the singleton is the injected property: its sites are classified by its name. Not
            // for a closure, which the property's uses do not call (linphone's `private var coreContext =
            // CoreContext.shared` became `() -> CoreContext` under ten `self.coreContext.doOnCoreQueue` calls).
            let holder = dependency.isProvider ? nil : holder(among: found, of: dependency, kind: view.kind)
            if let holder {
                dependency.propertyName = holder.name
                dependency.isClass = true
                (found, unreachable) = sites(of: dependency, in: typeName)
                found.removeAll { $0.node.id == holder.site.node.id }
            } else if hiddenMember(named: dependency.propertyName, of: entry.type) != nil
                || subclassDeclaring(dependency.propertyName, below: entry.type) != nil
            {
                // Tari's controllers get `theme: AppTheme` from `ThemeViewProtocol`: `Theme.shared` is injected as
                // `sharedTheme` instead of hiding it, when that name is free.
                let alternative =
                    "shared" + dependency.propertyName.prefix(1).uppercased() + dependency.propertyName.dropFirst()
                if !Self.declaresMember(named: alternative, in: blocks),
                    hiddenMember(named: alternative, of: entry.type) == nil,
                    subclassDeclaring(alternative, below: entry.type) == nil
                {
                    dependency.propertyName = alternative
                    (found, unreachable) = sites(of: dependency, in: typeName)
                }
            }
            // Existing injection with a singleton default (`= S.shared`, `?? S.shared`) takes the container's
            // value instead, when the parameter is typed by the protocol.
            if dependency.container != nil {
                for site in found
                where site.isInjectionDefault
                    && Self.isProtocolTypedFallback(site.node, protocolName: dependency.plan.protocolName)
                {
                    result.edits.append((site.file, .replace(site.node, with: dependency.value)))
                    result.rewrittenSites.append(
                        position(of: site))
                    fallbacks.append(dependency)
                }
            }
            // What this migration writes as the default of the property it injects (`self.store = Store.shared` in
            // a `required init`, `self.init(…, store: Store.shared)` in a forwarder) is injection already.
            // Putting another instance behind the singleton stays as it is (the closure then reads the new one).
            var sites = found.filter {
                !$0.isInjectionDefault && !$0.isReplacement && !Self.isDefault(of: dependency.propertyName, $0.node)
            }
            guard !sites.isEmpty || !unreachable.isEmpty || holder != nil else { continue }
            let access = "`\(dependency.singleton.accessExpression)`"
            let notInjected = "so `\(dependency.singleton.accessExpression)` is not injected into `\(typeName)`"
            // Sites in a static function or an enum's method become parameters of that function.
            var parameterIndices = Set(
                sites.indices.filter {
                    view.kind != .protocol && FunctionParameterInjection.applies(to: sites[$0], in: view.kind)
                })
            // A delegating initializer takes a parameter only when the type gets no property for the dependency:
            // otherwise the instance would hold the designated initializer's default, not what it was given.
            if parameterIndices.count < sites.count {
                parameterIndices = parameterIndices.filter { sites[$0].delegatingInitializer == nil }
            }
            let hasPropertySites = sites.count > parameterIndices.count
            // Per dependency: a `public` initializer refuses an internal protocol, not a public one.
            if let refusal = hasPropertySites
                ? eligibility.injectionRefusal(for: entry, publicProtocol: dependency.plan.isPublic)
                : eligibility.testCodeRefusal(for: entry)
            {
                guard let first = sites.first else { continue }
                note(first, "\(access) not injected into `\(typeName)`: \(refusal)")
                continue
            }
            if view.kind == .protocol {
                sites.forEach { note($0, "\(access) in a protocol extension, which cannot hold an injected property") }
                continue
            }
            // A `public` initializer's default names the singleton itself (the container is internal), which must
            // then be public too.
            if hasPropertySites, dependency.container == nil, Self.hasPublicInitializer(in: view),
                !isPublicAccessor(dependency.singleton), let first = sites.first
            {
                note(
                    first,
                    "\(access) not injected into `\(typeName)`: its `public` initializer could only default to `\(dependency.singleton.sourceExpression)`, which is not public"
                )
                continue
            }
            // A member named like a global instance would hide it in the new parameter's default.
            if dependency.singleton.kind == .globalInstance,
                Self.declaresMember(named: dependency.singleton.propertyName, in: blocks)
            {
                sites.forEach {
                    note(
                        $0,
                        "\(access): `\(typeName)` has a member named `\(dependency.singleton.propertyName)` too, which would hide the global in the default of its initializer"
                    )
                }
                continue
            }
            for i in sites.indices {
                if parameterIndices.contains(i) {
                    sites[i].unsafeReason = parameterInjection.refusal(for: sites[i], dependency: dependency, in: entry)
                } else if view.kind == .enum, sites[i].unsafeReason == nil {
                    sites[i].unsafeReason = "in an enum outside a function, where no property can be injected"
                }
            }
            // A static member that cannot take the dependency keeps its read: with no instance, it reads the singleton
            // as wiring does (the audit counts no bypass there), so it holds back none of the type's other uses
            // (CotEditor's `static var exportableSettings` kept `PortableSettingsDocument`'s eleven on the singletons).
            if view.kind != .enum {
                let keptStatic = Set(sites.indices.filter { sites[$0].isStatic && sites[$0].unsafeReason != nil })
                for i in keptStatic.sorted() {
                    note(
                        sites[i],
                        "\(access) stays \(sites[i].unsafeReason ?? "in a static context"): a static member's read is wiring, and the type's other uses are injected"
                    )
                }
                if !keptStatic.isEmpty {
                    let remaining = sites.indices.filter { !keptStatic.contains($0) }
                    parameterIndices = Set(
                        remaining.enumerated().compactMap { parameterIndices.contains($1) ? $0 : nil })
                    sites = remaining.map { sites[$0] }
                    if sites.isEmpty, holder == nil { continue }
                }
            }
            // Where the protocol cannot stand in for a site, the type takes the class: the same instance, the
            // same members, injected all the same (the container's `Live` value is then typed by the class).
            if let holder {
                if dependency.live.holdsInKey(isMainActor: dependency.plan.isMainActor) { dependency.container = nil }
                classNeeds[dependency.singleton.id] = (
                    holder.site,
                    "its property `\(holder.name)` holds the instance, and what is called through it is not followed"
                )
            } else if dependency.plan.isConcrete, let first = sites.first {
                dependency.isClass = true
                if dependency.live.holdsInKey(isMainActor: dependency.plan.isMainActor) { dependency.container = nil }
                classNeeds[dependency.singleton.id] =
                    dependency.plan.heldTypeName.map { held in
                        (
                            first,
                            "it holds a `\(held)`, another class than its namespace, for which seam extracts no protocol"
                        )
                    } ?? (
                        first,
                        "no member used through it can be declared in a protocol (a property without a written type, say), so seam wrote none"
                    )
            } else if let need = Self.classNeed(of: sites, plan: dependency.plan) {
                dependency.isClass = true
                // A Seam key is typed by the protocol: the class-typed default names the singleton.
                if dependency.live.holdsInKey(isMainActor: dependency.plan.isMainActor) { dependency.container = nil }
                classNeeds[dependency.singleton.id] = need
            }
            // Initial values that `init` can assign instead.
            var movedIndices: Set<Int> = []
            for i in sites.indices where sites[i].storedProperty != nil && !parameterIndices.contains(i) {
                // A closure read in `init` would create what the closure defers.
                if dependency.isProvider { continue }
                switch MovedInitialValue.of(
                    sites[i], in: view.kind, typing: typing(dependency, sites[i]),
                    readsOptional: dependency.singleton.isReadAsOptional)
                {
                case .success:
                    sites[i].unsafeReason = nil
                    movedIndices.insert(i)
                case .failure(let refusal):
                    sites[i].unsafeReason = refusal.message
                }
            }
            // A moved value may read what only the class declares (Unstoppable's `private let currencyManager =
            // Core.shared.currencyManager`, internal in the public `Core`).
            if holder == nil, !dependency.isClass,
                let need = Self.classNeed(of: movedIndices.sorted().map { sites[$0] }, plan: dependency.plan)
            {
                dependency.isClass = true
                if dependency.live.holdsInKey(isMainActor: dependency.plan.isMainActor) { dependency.container = nil }
                classNeeds[dependency.singleton.id] = need
            }
            let unsafe = sites.filter { $0.unsafeReason != nil }
            if !unsafe.isEmpty || !unreachable.isEmpty {
                for site in unsafe { note(site, "\(access) \(site.unsafeReason ?? ""), \(notInjected)") }
                for site in unreachable {
                    result.notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: site.location,
                            message:
                                "\(access) is not written as `\(dependency.singleton.accessExpression)` here (an implicit `.\(dependency.singleton.propertyName)`?), \(notInjected)"
                        ))
                }
                continue
            }
            let parameterSites = sites.indices.filter { parameterIndices.contains($0) }.map { sites[$0] }
            let movedSites = sites.indices.filter { movedIndices.contains($0) }.map { sites[$0] }
            let safe = sites.indices.filter { !parameterIndices.contains($0) && !movedIndices.contains($0) }.map {
                sites[$0]
            }
            guard !safe.isEmpty || holder != nil || !movedSites.isEmpty else {
                decisions.append(
                    Decision(dependency: dependency, sites: [], parameterSites: parameterSites, reusesProperty: false))
                continue
            }
            // The model's isolation: `@MainActor`, or inherited (a `UIViewController`, a SwiftUI `View`), or the
            // target's default.
            // The checks below speak at the holder's site too.
            let checked = safe + movedSites + (holder.map { [$0.site] } ?? [])
            if dependency.plan.isMainActor && !entry.type.isolatedToMainActor
                && !Self.isMainActorWherever(
                    checked, initializers: blocks.flatMap { Self.initializers(in: $0.memberBlock) })
            {
                // Read only where the main actor runs (`@MainActor` members and closures): the type takes a
                // main-actor closure returning it, which its `init` can default to, and calls it at each site.
                if holder == nil, movedSites.isEmpty, !safe.isEmpty, safe.allSatisfy({ Self.runsOnMainActor($0.node) })
                {
                    dependency.isProvider = true
                    dependency.providerReason = "the type is not @MainActor"
                } else {
                    checked.forEach {
                        note(
                            $0,
                            "\(access): `\(dependency.singleton.typeName)` is @MainActor and `\(typeName)` is not, so its initializer cannot default to it"
                        )
                    }
                    continue
                }
            }
            // nostur's `FeedFetchDebug`, declared only under `#if DEBUG`: a property or default naming it outside the
            // same `#if` would not compile in a Release build.
            let singletonConditions = Self.declarationConditions(of: dependency.singleton.typeName, in: input)
            if !singletonConditions.isSubset(of: Self.declarationConditions(of: typeName, in: input)) {
                let names = singletonConditions.sorted().map { "`#if \($0)`" }.joined(separator: ", ")
                checked.forEach {
                    note(
                        $0,
                        "\(access): `\(dependency.singleton.typeName)` is compiled only under \(names), and `\(typeName)` is not"
                    )
                }
                continue
            }
            // FSNotes' `Note.swift`, compiled by the app and by its share extension, which does not compile
            // `CodeBlockDetector.swift` (the note reads it under `#if !SHARE_EXT`): a property or default naming it
            // would not build in that target.
            // (A type of one target reaching another module's singleton sees it through its import: only a file
            // several targets compile, one of them the singleton's, is checked.)
            if let model = input.model {
                let consumers = model.targets(compiling: input.files[entry.file].path)
                let declaring = model.targets(compiling: dependency.singleton.file)
                let missing = consumers.subtracting(declaring).sorted()
                if consumers.count > 1, !consumers.isDisjoint(with: declaring), !missing.isEmpty {
                    let names = missing.map { "`\($0)`" }.joined(separator: ", ")
                    checked.forEach {
                        note(
                            $0,
                            "\(access): the target \(names) compiles `\(typeName)`'s file and not `\(dependency.singleton.sourceTypeName)`'s"
                        )
                    }
                    continue
                }
            }
            if view.declaresSendable && view.kind != .actor && !dependency.plan.isSendable {
                checked.forEach {
                    note($0, "\(access): `\(typeName)` is Sendable and `any \(dependency.plan.protocolName)` is not")
                }
                continue
            }
            var reuses = false
            if holder != nil {
                // The holder is the property: nothing to reuse or add.
            } else if let existing = storedProperty(named: dependency.propertyName, in: blocks) {
                let type = existing.bindings.first?.typeAnnotation?.type.trimmedDescription ?? ""
                guard !dependency.isClass || !type.contains(dependency.plan.protocolName) else {
                    safe.forEach {
                        note(
                            $0,
                            "\(access): `\(typeName)` already has a `\(dependency.propertyName)` typed by the protocol, and \(classNeeds[dependency.singleton.id]?.reason ?? "a site needs the class")"
                        )
                    }
                    continue
                }
                guard type.contains(dependency.plan.protocolName) || type.contains(dependency.singleton.simpleName)
                else {
                    safe.forEach {
                        note($0, "\(access): `\(typeName)` already has a `\(dependency.propertyName)` of another type")
                    }
                    continue
                }
                // Meshtastic's `weak var takServerManager: TAKServerManager?`: a reference that may be `nil` is not the
                // singleton, and reading it where `.shared` was read would not compile without unwrapping.
                let isOptional = type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<")
                guard !isOptional, !existing.modifiers.contains("weak"), !existing.modifiers.contains("unowned") else {
                    safe.forEach {
                        note(
                            $0,
                            "\(access): `\(typeName)` already has a `\(dependency.propertyName)` that is optional or weak, which is not the singleton"
                        )
                    }
                    continue
                }
                reuses = true
            } else if let inherited = inheritedProperty(
                named: dependency.propertyName, of: entry.type, injectedAbove: injectedAbove)
            {
                guard !dependency.isClass else {
                    safe.forEach {
                        note(
                            $0,
                            "\(access): `\(typeName)` inherits a `\(dependency.propertyName)` from `\(inherited.owner)`, and \(classNeeds[dependency.singleton.id]?.reason ?? "a site needs the class")"
                        )
                    }
                    continue
                }
                // The superclass injects it already: the subclass reads the inherited property.
                guard
                    inherited.reusable(
                        protocolName: dependency.plan.protocolName, singleton: dependency.singleton.simpleName)
                else {
                    safe.forEach {
                        note(
                            $0,
                            "\(access): `\(typeName)` inherits a `\(dependency.propertyName)` from `\(inherited.owner)` that it cannot reuse (private, or of another type)"
                        )
                    }
                    continue
                }
                // Hunk review 43 (mixin's `BitcoinCancelOperation.init`, H23): before `super.init` the inherited
                // property is not set yet, and reading it does not compile.
                if let early = safe.first(where: Self.isBeforeSuperInit) {
                    note(
                        early,
                        "\(access) in an initializer before `super.init`, where the `\(dependency.propertyName)` `\(typeName)` inherits from `\(inherited.owner)` is not set yet, \(notInjected)"
                    )
                    continue
                }
                reuses = true
            } else if let owner = hiddenMember(named: dependency.propertyName, of: entry.type) {
                // Hunk review 40 (tari): a `private let theme` hid the `theme: AppTheme` that `ThemeViewProtocol`'s
                // extension gives the controller, and a call passing it as an `AppTheme` no longer compiled.
                checked.forEach {
                    note(
                        $0,
                        "\(access): `\(typeName)` gets a `\(dependency.propertyName)` from `\(owner)`, which a property of that name would hide"
                    )
                }
                continue
            }
            // A moved value is assigned beside the new parameter: a property the type has already gets none.
            if reuses, !movedSites.isEmpty {
                movedSites.forEach {
                    note(
                        $0,
                        "\(access) in a stored property's initial value, and `\(typeName)` injects `\(dependency.propertyName)` already, through initializers seam does not change, \(notInjected)"
                    )
                }
                continue
            }
            decisions.append(
                Decision(
                    dependency: dependency, sites: safe, parameterSites: parameterSites, reusesProperty: reuses,
                    holder: holder, movedSites: movedSites))
        }
        result.injected = fallbacks
        guard !decisions.isEmpty else { return result }

        // 2. Initializers: every designated one takes the new dependencies.
        var newDependencies = decisions.filter {
            !$0.reusesProperty && (!$0.sites.isEmpty || $0.holder != nil || !$0.movedSites.isEmpty)
        }.map(\.dependency)
        let initializers = blocks.flatMap { block in
            Self.initializers(in: block.memberBlock).map { (decl: $0, file: block.file) }
        }
        let designated = initializers.filter { !AccessSiteClassifier.isDelegating($0.decl) }
        let initFile = entry.file
        var initEdits: [(file: Int, edit: SourceEdit)] = []
        // A parameter already named like one dependency's property refuses that dependency, not the others.
        for initializer in designated where !Self.hasFixedSignature(initializer.decl) {
            let names = Set(
                initializer.decl.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            for clash in newDependencies where names.contains(clash.propertyName) {
                result.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: input.files[initializer.file].location(of: initializer.decl),
                        message:
                            "`\(clash.singleton.accessExpression)` not injected into `\(typeName)`: its initializer already has a parameter named `\(clash.propertyName)`"
                    ))
                decisions.removeAll { $0.dependency.singleton.id == clash.singleton.id }
            }
            newDependencies.removeAll { names.contains($0.propertyName) }
        }
        let moved = movedValues(
            of: decisions.filter { decision in
                newDependencies.contains { $0.singleton.id == decision.dependency.singleton.id }
            },
            in: view.kind, typing: typing)
        // What each moved initial value becomes in an initializer taking the dependencies, and in one assigning their
        // defaults (read through `self.`: no parameter has the property's name there); the names the values read.
        let fromParameters = Self.movedAssignments(moved) { $0.read($0.propertyName) }
        let fromDefaults = Self.movedAssignments(moved) { $0.read("self.\($0.propertyName)") }
        let movedReads = moved.reduce(into: Set<String>()) { $0.formUnion(Self.unqualifiedNames(in: $1.value)) }
        // The dependencies only `init` reads (see below).
        var initOnly: Set<SingletonID> = []
        if !newDependencies.isEmpty {
            var refusal: (node: Syntax, file: Int, reason: String)?
            // `override`/`required` initializers keep their signatures: they assign the defaults instead.
            var fixed = designated.filter { Self.hasFixedSignature($0.decl) }
            var changeable = designated.filter { !Self.hasFixedSignature($0.decl) }
            // Only `override`/`required` ones: the `override` ones become designated initializers that take the
            // dependencies, each kept as a `convenience override` that forwards to it (``OverrideConversion``).
            var converted: [(decl: InitializerDeclSyntax, file: Int)] = []
            // Only `required` ones: each gets a convenience twin that takes the dependencies
            // (``RequiredInitializerInjection``).
            var forwarded: [(decl: InitializerDeclSyntax, file: Int, edit: SourceEdit)] = []
            if let first = fixed.first, changeable.isEmpty {
                let convertible = fixed.filter { OverrideConversion.isConvertible($0.decl) }
                if convertible.isEmpty {
                    let unit = Indentation.unit(of: input.files[first.file].text)
                    // A coder twin serves a storyboard's `instantiateViewController(identifier:creator:)`: a view or
                    // cell loaded from a nib has no way to call it.
                    let twins = fixed.filter { initializer in
                        RequiredInitializerInjection.canForward(initializer.decl)
                            && (!RequiredInitializerInjection.isCoderInitializer(initializer.decl)
                                || isViewController(entry.type))
                    }.map { initializer in
                        (
                            initializer.decl, initializer.file,
                            RequiredInitializerInjection.edit(
                                for: initializer.decl, dependencies: newDependencies, unit: unit)
                        )
                    }
                    // A twin sets the property after the initializer ran: one that reads it there (CotEditor's
                    // `DocumentWindowController` starts observing `SyntaxManager.shared`) would have used the default.
                    let readInInitializer = decisions.first { decision in
                        newDependencies.contains { $0.singleton.id == decision.dependency.singleton.id }
                            && decision.sites.contains { site in fixed.contains { $0.decl.id == site.initializer?.id } }
                    }
                    if twins.isEmpty {
                        refusal = (
                            Syntax(first.decl), first.file,
                            "its initializers are all `required`, and none can have a twin that takes the dependency (each only traps, or it is a view's `init?(coder:)`, which only a nib calls)"
                        )
                    } else if let read = readInInitializer {
                        refusal = (
                            Syntax(first.decl), first.file,
                            "its `required` initializer reads `\(read.dependency.singleton.accessExpression)` itself, before a twin taking it could set it"
                        )
                    } else if let clash = twins.first(where: { $0.2 == nil }) {
                        refusal = (
                            Syntax(clash.0), clash.1,
                            "its `required` initializer already has a parameter named like the dependency's property"
                        )
                    } else {
                        forwarded = twins.compactMap { twin in twin.2.map { (twin.0, twin.1, $0) } }
                    }
                } else if let subclass = subclassesByName[entry.type.name]?.first {
                    refusal = (
                        Syntax(first.decl), first.file,
                        "its initializers are all `override`/`required`, and `\(subclass)` subclasses it, so they must stay designated with their signatures"
                    )
                } else {
                    converted = convertible
                    changeable = convertible
                    fixed.removeAll { initializer in convertible.contains { $0.decl.id == initializer.decl.id } }
                }
            }
            // A codebase subclass that overrides an initializer whose signature changes would no longer compile.
            for initializer in changeable where refusal == nil && converted.isEmpty {
                let labels = initializer.decl.signature.parameterClause.parameters.map(\.firstName.text)
                let overriding = descendants(of: entry.type.name).first { name in
                    input.model?.types[name]?.initializers.contains { other in
                        other.traits.isOverride && other.parameters.map { $0.label ?? "_" } == labels
                    } ?? false
                }
                if let overriding {
                    refusal = (
                        Syntax(initializer.decl), initializer.file,
                        "`\(overriding)` overrides this initializer, whose signature would change"
                    )
                }
            }
            if refusal == nil, !moved.isEmpty {
                for initializer in changeable + fixed where refusal == nil {
                    let names = initializer.decl.signature.parameterClause.parameters.map {
                        ($0.secondName ?? $0.firstName).text
                    }
                    if let hidden = names.first(where: movedReads.contains) {
                        refusal = (
                            Syntax(initializer.decl), initializer.file,
                            "its parameter `\(hidden)` would hide the `\(hidden)` a stored property's initial value reads, once `init` computes it"
                        )
                    }
                }
            }
            // A dependency only moved initial values read is a parameter, not a stored property: nothing reads it once
            // `init` has run (77 of Unstoppable's view models computed their managers from `core` and kept it unused).
            // Not where an initializer keeps its signature and reads the property instead, nor for a subclass to reuse.
            if refusal == nil, fixed.isEmpty, converted.isEmpty, forwarded.isEmpty,
                descendants(of: entry.type.name).isEmpty,
                !(designated.isEmpty && (view.kind != .class || entry.type.superclass != nil))
            {
                // Read only in moved initial values and in the bodies of the initializers that take it (Unstoppable's
                // `approveDataProvider = Core.shared.adapterManager…` in `init`), where the parameter is what they read.
                let taking = Set(changeable.map(\.decl.id))
                initOnly = Set(
                    decisions.filter { decision in
                        decision.holder == nil && decision.parameterSites.isEmpty
                            && (!decision.sites.isEmpty || !decision.movedSites.isEmpty)
                            && decision.sites.allSatisfy { site in
                                site.initializer.map { taking.contains($0.id) } ?? false
                            }
                    }.map(\.dependency.singleton.id))
                for index in newDependencies.indices where initOnly.contains(newDependencies[index].singleton.id) {
                    newDependencies[index].isStored = false
                }
            }
            let requiresInit = eligibility.requiredZeroArgumentInitializer(of: entry.type) != nil
            var generated: String?
            if designated.isEmpty, refusal == nil {
                switch view.kind {
                case .struct:
                    switch memberwiseInitializer(of: view, type: entry.type, adding: newDependencies, file: entry.file)
                    {
                    case .success(let text): generated = text
                    case .failure(let reason): refusal = (Syntax(view.node), entry.file, reason.message)
                    }
                default:
                    // A class without an initializer of its own computes moved initial values in the one it gets.
                    if entry.type.superclass != nil {
                        switch forwardingInitializers(
                            for: entry, initializers: initializers.map(\.decl), dependencies: newDependencies,
                            moved: (fromParameters, fromDefaults), movedReads: movedReads)
                        {
                        case .success(let text): generated = text
                        case .failure(let reason): refusal = (Syntax(view.node), entry.file, reason.message)
                        }
                    } else {
                        generated = newInitializer(
                            for: view, dependencies: newDependencies, moved: fromParameters, file: entry.file)
                    }
                }
            }
            // Added parameters go where this rewrite writes the parameters itself, with no initializer it twins.
            let adds =
                refusal == nil && forwarded.isEmpty
                && (generated == nil || (designated.isEmpty && view.kind != .struct && entry.type.superclass == nil))
                && !added.contains { parameter in newDependencies.contains { $0.propertyName == parameter.name } }
            let extra = adds ? added : []
            result.addedParametersApplied = adds && !added.isEmpty
            if adds, generated != nil {
                generated = newInitializer(
                    for: view, dependencies: newDependencies, moved: fromParameters, file: entry.file, adding: extra)
            }
            if let refusal {
                let names = newDependencies.map { "`\($0.singleton.accessExpression)`" }.joined(separator: ", ")
                result.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: input.files[refusal.file].location(of: refusal.node),
                        message: "\(names) not injected into `\(typeName)`: \(refusal.reason)"))
                let refused = Set(newDependencies.map(\.singleton.typeName))
                decisions.removeAll { refused.contains($0.dependency.singleton.typeName) }
                newDependencies = []
            } else {
                for initializer in changeable {
                    initEdits += parameterEdits(
                        for: initializer.decl, dependencies: newDependencies, moved: fromParameters,
                        file: initializer.file,
                        keepsInit: requiresInit, isClass: view.kind == .class, adding: extra)
                }
                if generated == nil, !changeable.isEmpty, fixed.isEmpty, converted.isEmpty, forwarded.isEmpty,
                    !requiresInit,
                    initializers.allSatisfy({ !AccessSiteClassifier.isDelegating($0.decl) }),
                    changeable.allSatisfy({
                        $0.decl.signature.parameterClause.parameters.last.map { !Self.isClosureType($0.type) } ?? true
                    })
                {
                    result.forwardable = newDependencies
                }
                // The property was just assigned its default; an initializer that only traps never returns, and needs none.
                for initializer in fixed where !RequiredInitializerInjection.onlyTraps(initializer.decl) {
                    let defaults =
                        newDependencies.map { (name: $0.propertyName, value: $0.defaultValue) }
                        + extra.map { ($0.name, $0.value) }
                    initEdits += Self.assignmentEdits(
                        for: initializer.decl, assigning: defaults + fromDefaults, file: initializer.file,
                        unit: Indentation.unit(of: input.files[initializer.file].text))
                }
                // A moved initial value leaves its declaration.
                for (value, _) in moved {
                    guard let clause = value.binding.initializer else { continue }
                    if let annotation = value.binding.typeAnnotation {
                        let range =
                            annotation.endPositionBeforeTrailingTrivia
                            .utf8Offset..<clause.endPositionBeforeTrailingTrivia.utf8Offset
                        initEdits.append((value.file, SourceEdit(range: range, replacement: "")))
                    } else if let type = value.addedType {
                        let range =
                            value.binding.pattern.endPositionBeforeTrailingTrivia
                            .utf8Offset..<clause.endPositionBeforeTrailingTrivia.utf8Offset
                        initEdits.append((value.file, SourceEdit(range: range, replacement: ": " + type)))
                    }
                }
                for initializer in converted {
                    let unit = Indentation.unit(of: input.files[initializer.file].text)
                    let arguments =
                        newDependencies.map { "\($0.propertyName): \($0.defaultValue)" }
                        + extra.map { "\($0.name): \($0.value)" }
                    initEdits += OverrideConversion.edits(for: initializer.decl, forwarding: arguments, unit: unit).map
                    { (initializer.file, $0) }
                }
                initEdits += forwarded.map { ($0.file, $0.edit) }
                // A property read from other files, or by subclasses that reach the same singleton, is not private.
                let crossFile = decisions.contains { decision in
                    !decision.reusesProperty
                        && (decision.sites.contains { $0.file != entry.file }
                            || descendants(of: entry.type.name).contains { subclass in
                                sitesByOwner[subclass, default: []].contains {
                                    $0.singletonID == decision.dependency.singleton.id
                                }
                            })
                }
                let (offset, suffix, indent) = propertyInsertionPoint(in: view, file: entry.file)
                // A convenience twin sets the property after the designated initializer ran.
                let keyword = forwarded.isEmpty ? "let" : "var"
                let holders = Dictionary(
                    uniqueKeysWithValues: decisions.compactMap { decision in
                        decision.holder.map { (decision.dependency.singleton.id, $0) }
                    })
                var text = newDependencies.filter { holders[$0.singleton.id] == nil && $0.isStored }.map {
                    let unsafe = takesNonisolatedUnsafe($0.singleton, into: entry.type) ? "nonisolated(unsafe) " : ""
                    return
                        "\n\(indent)\(unsafe)\(crossFile ? "" : "private ")\(keyword) \($0.propertyName): \($0.propertyType)"
                }.joined()
                if let generated { text += "\n\n" + generated }
                if !text.isEmpty { initEdits.append((initFile, .insert(text + suffix, at: offset, order: 1))) }
                // A holder loses its initial value (and gets the type it had by inference); `var` for a twin.
                for dependency in newDependencies {
                    guard let holder = holders[dependency.singleton.id], let clause = holder.binding.initializer else {
                        continue
                    }
                    let start =
                        holder.binding.typeAnnotation?.endPositionBeforeTrailingTrivia
                        ?? holder.binding.pattern.endPositionBeforeTrailingTrivia
                    let annotation = holder.binding.typeAnnotation == nil ? ": \(dependency.propertyType)" : ""
                    initEdits.append(
                        (
                            holder.site.file,
                            SourceEdit(
                                range: start.utf8Offset..<clause.endPositionBeforeTrailingTrivia.utf8Offset,
                                replacement: annotation)
                        ))
                    if !forwarded.isEmpty, holder.variable.bindingSpecifier.tokenKind == .keyword(.let) {
                        initEdits.append((holder.site.file, .replace(holder.variable.bindingSpecifier, with: "var")))
                    }
                }
            }
        }
        guard !decisions.isEmpty else { return result }
        result.edits += initEdits

        for decision in decisions where decision.dependency.isClass {
            guard let need = classNeeds[decision.dependency.singleton.id] else { continue }
            let dependency = decision.dependency
            let className = dependency.plan.heldTypeName ?? dependency.singleton.typeName
            result.notes.append(
                MigrationNote(
                    kind: .followUp, location: input.files[need.site.file].location(of: need.site.node),
                    message: dependency.plan.isConcrete
                        ? "`\(dependency.singleton.accessExpression)` is injected into `\(typeName)` as `\(className)`: \(need.reason); write a protocol of what it offers to let a mock stand in"
                        : "`\(dependency.singleton.accessExpression)` is injected into `\(typeName)` as `\(className)`, not `any \(dependency.plan.protocolName)`: \(need.reason); declare it in the protocol to let a mock stand in"
                ))
        }

        // 3. Replace the sites, capturing the property in closures.
        var captures: [SyntaxIdentifier: (closure: ClosureExprSyntax, file: Int, names: [String])] = [:]
        // The functions and delegating initializers that take parameters, by their parameter clause.
        var parameters:
            [SyntaxIdentifier: (clause: FunctionParameterClauseSyntax, file: Int, dependencies: [Dependency])] = [:]
        // The defaults that move into their method's body, by parameter.
        var movedDefaults: [SyntaxIdentifier: DefaultArgumentFallback.Parameter] = [:]
        for decision in decisions {
            let name = decision.dependency.propertyName
            for site in decision.sites {
                if let parameter = site.defaultArgument, let function = site.function {
                    // The body's first line: a parameter of the property's name would hide it.
                    let isHidden = function.signature.parameterClause.parameters.contains {
                        DefaultArgumentFallback.internalName(of: $0) == name
                    }
                    var entry =
                        movedDefaults[parameter.id] ?? .init(syntax: parameter, function: function, file: site.file)
                    entry.reads.append((site.node, decision.dependency.read(isHidden ? "self.\(name)" : name)))
                    movedDefaults[parameter.id] = entry
                    result.rewrittenSites.append(
                        position(of: site))
                    continue
                }
                let replacement = decision.dependency.read(
                    site.isShadowed && site.initializer == nil ? "self.\(name)" : name)
                result.edits.append(
                    (
                        site.file,
                        Self.removedAlias(of: site.node, named: replacement) ?? .replace(site.node, with: replacement)
                    ))
                result.rewrittenSites.append(
                    position(of: site))
                // Value types capture nothing that could form a cycle, and may use implicit `self`.
                if let closure = site.closure, view.kind == .class || view.kind == .actor {
                    var entry = captures[closure.id] ?? (closure, site.file, [])
                    if !entry.names.contains(name) && !Self.captures(closure, name) { entry.names.append(name) }
                    captures[closure.id] = entry
                }
            }
            if let holder = decision.holder {
                result.rewrittenSites.append(
                    position(of: holder.site))
            }
            // Moved with their initial value into `init` (step 2).
            for site in decision.movedSites {
                result.rewrittenSites.append(
                    position(of: site))
            }
            if !initOnly.contains(decision.dependency.singleton.id),
                !decision.sites.isEmpty || decision.reusesProperty || decision.holder != nil
                    || !decision.movedSites.isEmpty
            {
                result.properties.insert(name)
            }
            for site in decision.parameterSites {
                guard let clause = site.enclosingParameterClause else { continue }
                let replacement = decision.dependency.read(name)
                result.edits.append(
                    (
                        site.file,
                        Self.removedAlias(of: site.node, named: replacement) ?? .replace(site.node, with: replacement)
                    ))
                result.rewrittenSites.append(
                    position(of: site))
                var entry = parameters[clause.id] ?? (clause, site.file, [])
                if !entry.dependencies.contains(where: { $0.propertyName == name }) {
                    entry.dependencies.append(decision.dependency)
                }
                parameters[clause.id] = entry
            }
            if !result.injected.contains(where: { $0.singleton.id == decision.dependency.singleton.id }) {
                result.injected.append(decision.dependency)
            }
        }
        for parameter in movedDefaults.values {
            let unit = Indentation.unit(of: input.files[parameter.file].text)
            result.edits += DefaultArgumentFallback.edits(for: parameter, unit: unit).map { (parameter.file, $0) }
        }
        for capture in captures.values where !capture.names.isEmpty {
            result.edits.append((capture.file, Self.captureEdit(capture.closure, names: capture.names)))
        }
        for entry in parameters.values.sorted(by: { $0.clause.position < $1.clause.position }) {
            guard let declaration = entry.clause.parent?.parent else { continue }
            result.edits += Self.parameterEdits(
                adding: FunctionParameterInjection.declarations(entry.dependencies), to: entry.clause,
                of: declaration, file: entry.file, unit: Indentation.unit(of: input.files[entry.file].text))
        }
        result.edits += Self.forwardedArguments(among: Array(parameters.values))
        return result
    }

    /// A function given dependencies passes them on where it calls another function of the type given the same ones
    /// (linphone's `URIHandler.handleURL` checked the injected `singleSignOnManager`, then called `continueSSO(url:)`,
    /// which read the live one): `continueSSO(url: url, singleSignOnManager: singleSignOnManager)`. Only to a function
    /// whose new parameters come last (it has no closure parameter), called bare without a trailing closure, and
    /// known to be the one called: the only function of its name in its member block, or the only overload in the
    /// caller's member block that the call's labels fit (nova's `setup(with:)` calling `setup(with:branchService:)`).
    private static func forwardedArguments(
        among functions: [(clause: FunctionParameterClauseSyntax, file: Int, dependencies: [Dependency])]
    ) -> [(file: Int, edit: SourceEdit)] {
        typealias Function = (clause: FunctionParameterClauseSyntax, file: Int, dependencies: [Dependency])
        let named = Dictionary(
            grouping: functions.compactMap { function in
                function.clause.parent?.parent?.as(FunctionDeclSyntax.self).map {
                    (name: $0.name.text, function: function)
                }
            }, by: \.name)
        func members(of clause: FunctionParameterClauseSyntax) -> MemberBlockItemListSyntax? {
            clause.parent?.parent?.parent?.parent?.as(MemberBlockItemListSyntax.self)
        }
        // The function a bare call reaches, when it can be told.
        func callee(of call: FunctionCallExprSyntax, named name: String, from caller: Function) -> Function? {
            guard let entries = named[name] else { return nil }
            let target: Function?
            if entries.count == 1, let block = members(of: entries[0].function.clause),
                block.filter({ $0.decl.as(FunctionDeclSyntax.self)?.name.text == name }).count == 1
            {
                target = canCall(entries[0].function.clause, with: call.arguments) ? entries[0].function : nil
            } else {
                let callerDecl = caller.clause.parent?.parent?.as(FunctionDeclSyntax.self)
                let fitting =
                    members(of: caller.clause)?.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter {
                        $0.name.text == name && $0.modifiers.isStatic == (callerDecl?.modifiers.isStatic ?? false)
                            && canCall($0.signature.parameterClause, with: call.arguments)
                    } ?? []
                target =
                    fitting.count == 1
                    ? entries.first { $0.function.clause.id == fitting[0].signature.parameterClause.id }?.function : nil
            }
            guard let target, !target.clause.parameters.contains(where: { isClosureType($0.type) }) else { return nil }
            return target
        }
        var edits: [(file: Int, edit: SourceEdit)] = []
        for caller in functions {
            guard let body = caller.clause.parent?.parent?.as(FunctionDeclSyntax.self)?.body else { continue }
            let available = Set(caller.dependencies.map(\.propertyName))
            let calls = BareCalls(names: Set(named.keys))
            calls.walk(body)
            for call in calls.found {
                guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
                    let rightParen = call.rightParen,
                    let target = callee(of: call, named: name, from: caller)
                else { continue }
                let labels = Set(call.arguments.compactMap { $0.label?.text })
                let passed = target.dependencies.filter {
                    available.contains($0.propertyName) && !labels.contains($0.propertyName)
                }
                guard !passed.isEmpty else { continue }
                let text = passed.map { "\($0.propertyName): \($0.propertyName)" }.joined(separator: ", ")
                edits.append(
                    (
                        caller.file,
                        .insert(
                            (call.arguments.isEmpty ? "" : ", ") + text,
                            at: rightParen.positionAfterSkippingLeadingTrivia)
                    ))
            }
        }
        return edits
    }

    /// Whether `arguments` can call a function with `clause` as written: their labels in order, each parameter left out
    /// having a default.
    private static func canCall(_ clause: FunctionParameterClauseSyntax, with arguments: LabeledExprListSyntax) -> Bool
    {
        var remaining = arguments.map { $0.label?.text ?? "_" }[...]
        for parameter in clause.parameters {
            if remaining.first == parameter.firstName.text {
                remaining = remaining.dropFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return remaining.isEmpty
    }

    /// Whether `type` inherits from a view controller (a superclass named `…Controller`, as UIKit's and AppKit's
    /// are), through its codebase superclasses.
    private func isViewController(_ type: CodebaseType) -> Bool {
        var seen: Set<String> = [type.name]
        var current = type
        while let superclass = current.superclass {
            if superclass.prefix(while: { $0 != "<" }).hasSuffix("Controller") { return true }
            guard let next = input.model?.type(named: superclass, from: current.name), seen.insert(next.name).inserted
            else { return false }
            current = next
        }
        return false
    }

    /// The first site the protocol cannot serve, and why: it passes, compares or stores the instance itself, or
    /// calls a member the protocol does not declare (inherited from a superclass outside the codebase, say).
    /// `nil` when `any P` serves every site.
    static func classNeed(of sites: [AccessSiteClassifier.Site], plan: ProtocolPlan) -> (
        site: AccessSiteClassifier.Site, reason: String
    )? {
        guard !plan.isDeclaredType else { return nil }
        for site in sites where site.unsafeReason == nil {
            if let member = site.calledMember, !plan.memberNames.contains(member) {
                return (site, "it calls `\(member)`, which the protocol does not declare")
            }
            if site.calledMember == nil {
                return (site, "it uses the instance itself (passes, compares or stores it)")
            }
        }
        return nil
    }

    /// Whether a default (`p: P = S.shared`) or fallback (`p ?? S.shared`) belongs to a parameter whose type
    /// names the protocol, so the container's `any P` value type-checks in its place.
    static func isProtocolTypedFallback(_ node: ExprSyntax, protocolName: String) -> Bool {
        func mentions(_ type: TypeSyntax?) -> Bool {
            guard let type else { return false }
            return ContainerRegistration.containsWord(protocolName, in: type.trimmedDescription)
        }
        if let parameter = node.parent?.parent?.as(FunctionParameterSyntax.self) {
            return mentions(parameter.type)
        }
        guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == node.id }), index >= 2,
            let left = elements[index - 2].as(DeclReferenceExprSyntax.self)
        else { return false }
        var parent = node.parent
        while let current = parent {
            let clause =
                current.as(InitializerDeclSyntax.self)?.signature.parameterClause
                ?? current.as(FunctionDeclSyntax.self)?.signature.parameterClause
            if let clause {
                return clause.parameters.contains {
                    ($0.secondName ?? $0.firstName).text == left.baseName.text && mentions($0.type)
                }
            }
            parent = current.parent
        }
        return false
    }

    /// Whether a member is declared under an `#if` inside its type's body (a type under `#if` as a whole is not).
    static func isUnderMemberIfConfig(_ member: some SyntaxProtocol) -> Bool {
        var current = member.parent
        while let node = current, !node.is(MemberBlockSyntax.self) {
            if node.is(IfConfigClauseSyntax.self) { return true }
            current = node.parent
        }
        return false
    }

    /// Whether `node` is the value of `self.name = S.shared` or the `name:` argument of `self.init(…)`.
    static func isDefault(of name: String, _ node: ExprSyntax) -> Bool {
        if let argument = node.parent?.as(LabeledExprSyntax.self), argument.label?.text == name,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self), callee.declName.baseName.text == "init",
            callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return true
        }
        guard let list = node.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard elements.count == 3, elements[2].id == node.id, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == name,
            target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        else { return false }
        return true
    }

    // MARK: Properties

    /// A property a superclass declares (as the model has it) or was given by this migration.
    struct InheritedProperty {
        var owner: String
        /// `nil` when this migration injected it (then it is the dependency's protocol and visible).
        var property: StoredProperty?

        func reusable(protocolName: String, singleton: String) -> Bool {
            guard let property else { return true }
            return !property.isPrivate && !property.isStatic
                && [protocolName, singleton].contains(property.typeName ?? "")
        }
    }

    /// The property named `name` that `type` inherits from a codebase superclass, if any.
    private func inheritedProperty(named name: String, of type: CodebaseType, injectedAbove: [String: Set<String>])
        -> InheritedProperty?
    {
        var visited: Set<String> = [type.name]
        var current = type.superclass.flatMap { input.model?.types[$0] }
        while let base = current, visited.insert(base.name).inserted {
            if injectedAbove[base.name]?.contains(name) == true {
                return InheritedProperty(owner: base.simpleName, property: nil)
            }
            if let property = base.properties.first(where: { $0.name == name }) {
                return InheritedProperty(owner: base.simpleName, property: property)
            }
            current = base.superclass.flatMap { input.model?.types[$0] }
        }
        return nil
    }

    /// The type or protocol that gives `type` a member named `name` that is no stored property a new one could
    /// stand beside or reuse: a computed property of the type or a codebase superclass, or a requirement or extension
    /// member of a codebase protocol either adopts.
    private func hiddenMember(named name: String, of type: CodebaseType) -> String? {
        guard let model = input.model else { return nil }
        var visited: Set<String> = []
        var current: CodebaseType? = type
        while let owner = current, visited.insert(owner.name).inserted {
            if owner.computedProperties.contains(where: { $0.name == name }) { return owner.simpleName }
            for protocolName in model.ownProtocols(of: owner) {
                guard let conformed = model.types[protocolName] else { continue }
                if (conformed.properties + conformed.computedProperties).contains(where: { $0.name == name }) {
                    return conformed.simpleName
                }
            }
            current = owner.superclass.flatMap { model.type(named: $0, from: owner.name) }
        }
        return nil
    }

    /// The first codebase subclass of `type` (directly or not) declaring a member named `name`, in its declaration or
    /// an extension: a property `type` gains under that name would clash with it.
    private func subclassDeclaring(_ name: String, below type: CodebaseType) -> String? {
        descendants(of: type.name).first { subclass in
            guard let subtype = input.model?.types[subclass] else { return false }
            let blocks = Self.blocks(of: subtype, declaredIn: input.declaration(of: subclass), input: input)
            return Self.declaresMember(named: name, in: blocks)
        }
    }

    /// The member blocks of a type: its declaration's (when among the migrated files) and its extensions', as the
    /// analysis attributed them to it.
    private static func blocks(
        of type: CodebaseType, declaredIn declaration: MigrationInput.Declaration?, input: MigrationInput
    ) -> [Block] {
        let declared = declaration.map { [Block(memberBlock: $0.view.memberBlock, file: $0.file, isExtension: false)] }
        return (declared ?? [])
            + input.extensions(of: type).map {
                Block(memberBlock: $0.view.memberBlock, file: $0.file, isExtension: true)
            }
    }

    /// The codebase classes that inherit from `name`, directly or not.
    func descendants(of name: String) -> [String] {
        var found: [String] = []
        var pending = subclassesByName[name, default: []]
        while let next = pending.popLast() {
            guard !found.contains(next) else { continue }
            found.append(next)
            pending += subclassesByName[next, default: []]
        }
        return found
    }

    /// Whether a member of the type (a property, method, case or nested type) is named `name`.
    private static func declaresMember(named name: String, in blocks: [Block]) -> Bool {
        blocks.contains { block in
            block.memberBlock.members.contains { member in
                let decl = member.decl
                if let variable = decl.as(VariableDeclSyntax.self) {
                    return variable.bindings.contains {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    }
                }
                if let function = decl.as(FunctionDeclSyntax.self) { return function.name.text == name }
                if let cases = decl.as(EnumCaseDeclSyntax.self) {
                    return cases.elements.contains { $0.name.text == name }
                }
                return decl.asProtocol(NamedDeclSyntax.self)?.name.text == name
            }
        }
    }

    /// The `#if` conditions around a type's declaration (not its extensions), as the model recorded them.
    static func declarationConditions(of typeName: String, in input: MigrationInput) -> Set<String> {
        Set(input.model?.types[typeName]?.fragments.first(where: { !$0.isExtension })?.conditions ?? [])
    }

    private func storedProperty(named name: String, in blocks: [Block]) -> VariableDeclSyntax? {
        for block in blocks {
            for member in block.memberBlock.members {
                if let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic,
                    variable.bindings.contains(where: {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                            // A computed `var store: Store { Store.shared }` taken for the property to reuse became
                            // `{ store }`, which calls itself: only a stored one (observers alone store it) is reused.
                            && ($0.accessorBlock == nil || AccessSiteClassifier.isObserverBlock($0.accessorBlock))
                    })
                {
                    return variable
                }
            }
        }
        return nil
    }

    /// Where new properties go (after the last stored property declared before the first initializer, else
    /// after the last stored property, or at the top of the body), what follows them, and their indentation.
    private func propertyInsertionPoint(in view: TypeDeclarationView, file: Int) -> (AbsolutePosition, String, String) {
        let members = view.memberBlock.members
        let indent = view.memberBlock.memberIndentation(
            of: view.node, unit: Indentation.unit(of: input.files[file].text))
        let isStored = { (member: MemberBlockItemSyntax) -> Bool in
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic else {
                return false
            }
            return variable.bindings.allSatisfy {
                $0.accessorBlock == nil || AccessSiteClassifier.isObserverBlock($0.accessorBlock)
            }
        }
        // Next to the other dependencies, near `init`, not after a property declared a thousand lines below.
        let firstInitializer = members.firstIndex { $0.decl.is(InitializerDeclSyntax.self) }
        let stored = firstInitializer.flatMap { members[..<$0].last(where: isStored) } ?? members.last(where: isStored)
        // After a comment that ends the property's line (`= 60 // 1 minute`), which stays with its property.
        if let stored {
            let endsWithComment = stored.trailingTrivia.contains { $0.isComment }
            return (endsWithComment ? stored.endPosition : stored.endPositionBeforeTrailingTrivia, "", indent)
        }
        return (view.memberBlock.leftBrace.endPositionBeforeTrailingTrivia, members.isEmpty ? "" : "\n", indent)
    }

    // MARK: Initializers

    /// The line length beyond which a new parameter list is written one parameter per line.
    static let lineLimit = 120

    /// Whether one of the type's initializers is `public` or `open` in effect: its parameters' defaults may name only
    /// public declarations, and its parameter types only public types. A `public init` of an internal type (nostur's
    /// `class PostReactionsModel { public init() }`) is internal, as is one of a type nested in an internal type.
    static func hasPublicInitializer(in view: TypeDeclarationView) -> Bool {
        guard view.isPublic else { return false }
        var enclosing = view.node.enclosingTypeDeclaration
        while let current = enclosing {
            // An extension is as visible as the type it extends, which is not read here: taken as public.
            if current.kind != .extension, !current.isPublic { return false }
            enclosing = current.node.enclosingTypeDeclaration
        }
        return initializers(in: view.memberBlock).contains { $0.modifiers.isPublic }
    }

    /// Whether every site and every designated initializer of a type that is not itself isolated runs on the main
    /// actor all the same: declared `@MainActor` or in a `@MainActor` extension (CotEditor's `@MainActor extension
    /// PortableSettingsDocument { init(including:) … }`), and not in a closure that may run elsewhere. A default
    /// argument is evaluated in its initializer's isolation, so such a type can default to a main-actor singleton.
    static func isMainActorWherever(_ sites: [AccessSiteClassifier.Site], initializers: [InitializerDeclSyntax]) -> Bool
    {
        let designated = initializers.filter { !AccessSiteClassifier.isDelegating($0) }
        guard !designated.isEmpty, designated.allSatisfy(isMainActorMember) else { return false }
        // Outside any closure, a site runs in its member's isolation.
        return sites.allSatisfy { $0.closure == nil && isMainActorMember($0.node) }
    }

    /// Whether `node` surely runs on the main actor: in a `@MainActor` closure or the body of `MainActor.run`, or
    /// outside any closure in a member that is `@MainActor` itself or through its extension (not `nonisolated`). Any
    /// other closure may run anywhere (`DispatchQueue.global().async { … }`).
    static func runsOnMainActor(_ node: some SyntaxProtocol) -> Bool {
        mainActorIsolation(of: node, closures: true)
    }

    /// Whether the member holding `node` is `@MainActor`, itself or through the extension or type declaring it, and
    /// not `nonisolated`.
    private static func isMainActorMember(_ node: some SyntaxProtocol) -> Bool {
        mainActorIsolation(of: node, closures: false)
    }

    /// The walk of ``runsOnMainActor(_:)`` and ``isMainActorMember(_:)``: up from `node` to the first `nonisolated`
    /// (no) or `@MainActor` (yes); with `closures`, the first closure decides (its own attribute, or `MainActor.run`).
    private static func mainActorIsolation(of node: some SyntaxProtocol, closures: Bool) -> Bool {
        var current: Syntax? = Syntax(node)
        while let syntax = current {
            if closures, let closure = syntax.as(ClosureExprSyntax.self) {
                if closure.signature?.attributes.contains(named: "MainActor") == true { return true }
                // `await MainActor.run { … }`, `MainActor.run(body: { … })`.
                let call =
                    closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                return call?.calledExpression.trimmedDescription == "MainActor.run"
            }
            if let modifiers = syntax.asProtocol(WithModifiersSyntax.self)?.modifiers, modifiers.contains("nonisolated")
            {
                return false
            }
            if let attributes = syntax.asProtocol(WithAttributesSyntax.self)?.attributes,
                attributes.contains(named: "MainActor")
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// The initializers among the members, including those inside `#if` blocks (an `#if DEBUG` init
    /// takes the dependencies too, or its rewritten body would not compile).
    static func initializers(in memberBlock: MemberBlockSyntax) -> [InitializerDeclSyntax] {
        initializers(in: memberBlock.members)
    }

    private static func initializers(in members: MemberBlockItemListSyntax) -> [InitializerDeclSyntax] {
        members.flatMap { member -> [InitializerDeclSyntax] in
            if let initializer = member.decl.as(InitializerDeclSyntax.self) { return [initializer] }
            guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { return [] }
            return ifConfig.clauses.flatMap { clause -> [InitializerDeclSyntax] in
                guard case .decls(let decls) = clause.elements else { return [] }
                return initializers(in: decls)
            }
        }
    }

    /// Adds the parameters (before any trailing closure parameters) and the assignments.
    /// - Parameter moved: assignments of moved initial values, after the dependencies' own.
    /// - Parameters:
    ///   - keepsInit: whether the type's SDK protocol requires `init()` (flipper's `EmulateIntent: AppIntent`): an
    ///     `init()` given parameters keeps an `init()` forwarding their defaults.
    ///   - isClass: whether the forwarder is a class's (`convenience`).
    private func parameterEdits(
        for initializer: InitializerDeclSyntax, dependencies: [Dependency], moved: [(name: String, value: String)] = [],
        file: Int,
        keepsInit: Bool = false, isClass: Bool = true, adding added: [AddedParameter] = []
    ) -> [(file: Int, edit: SourceEdit)] {
        let declarations = dependencies.map(\.parameterDeclaration) + added.map(\.declaration)
        let unit = Indentation.unit(of: input.files[file].text)
        var edits = Self.parameterEdits(
            adding: declarations, to: initializer.signature.parameterClause, of: initializer, file: file, unit: unit)
        // Hunk review 40 (onebusaway): `@objc public init(config:)` given `any DataMigratorProtocol` did not compile:
        // Objective-C cannot see a Swift protocol. The initializer loses `@objc`; a kept twin has the old selector.
        if let objc = initializer.attributes.attribute(named: "objc") { edits.append((file, Self.removal(of: objc))) }
        let assigned =
            dependencies.filter(\.isStored).map { ($0.propertyName, $0.propertyName) }
            + added.map { ($0.name, $0.name) }
        edits += Self.assignmentEdits(for: initializer, assigning: assigned + moved, file: file, unit: unit)
        // A signature some caller cannot do without stays, forwarding to the new one: the selector Objective-C calls
        // (element's `initWithSession:`), an SDK protocol's `init()` (flipper's `EmulateIntent: AppIntent`).
        if Eligibility.isForwardable(initializer),
            Eligibility.isObjectiveCCalled(initializer, called: input.objectiveCInitializers)
                || (keepsInit && initializer.signature.parameterClause.parameters.isEmpty)
        {
            let kept = Self.keptSignature(of: initializer, dependencies: dependencies, unit: unit, isClass: isClass)
            edits.append((file, .insert(kept, at: initializer.endPositionBeforeTrailingTrivia)))
        }
        return edits
    }

    /// `initializer` as it was written, forwarding to itself with the dependencies' defaults (`convenience` in a
    /// class, `@objc` if it was): kept for a caller the new parameters would lose.
    static func keptSignature(
        of initializer: InitializerDeclSyntax, dependencies: [Dependency], unit: String, isClass: Bool
    ) -> String {
        let parameters = initializer.signature.parameterClause.parameters
        let arguments =
            parameters.map { parameter -> String in
                let name = (parameter.secondName ?? parameter.firstName).text
                return parameter.firstName.text == "_" ? name : "\(parameter.firstName.text): \(name)"
            } + dependencies.map { "\($0.propertyName): \($0.defaultValue)" }
        let indent = initializer.lineIndentation
        let attribute = initializer.attributes.attribute(named: "objc").map { $0.trimmedDescription + " " } ?? ""
        let access = initializer.modifiers.filter { ["public", "open", "package"].contains($0.name.text) }.map {
            $0.name.text + " "
        }.joined()
        let clause = parameters.map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", ")
        let call =
            "self.init"
            + argumentList(arguments, indent: indent + unit, unit: unit, prefix: "self.init", in: initializer)
        return
            "\n\n\(indent)\(attribute)\(access)\(isClass ? "convenience " : "")init(\(clause)) {\n\(indent)\(unit)\(call)\n\(indent)}"
    }

    /// Removes an attribute and the spaces or line break after it, so that what followed takes its place.
    static func removal(of attribute: AttributeSyntax) -> SourceEdit {
        let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let next = attribute.nextToken(viewMode: .sourceAccurate),
            (attribute.trailingTrivia.pieces + next.leadingTrivia.pieces).allSatisfy(\.isWhitespace)
        else { return .replace(attribute, with: "") }
        return SourceEdit(range: start..<next.positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")
    }

    /// The initial values that move into `init`, each with the sites it holds: those of `decisions`.
    private func movedValues(
        of decisions: [Decision], in kind: TypeDeclarationView.Kind,
        typing: (Dependency, AccessSiteClassifier.Site) -> InitialValueType
    ) -> [(value: MovedInitialValue, sites: [(site: AccessSiteClassifier.Site, dependency: Dependency)])] {
        var order: [SyntaxIdentifier] = []
        var grouped:
            [SyntaxIdentifier: (
                value: MovedInitialValue, sites: [(site: AccessSiteClassifier.Site, dependency: Dependency)]
            )] = [:]
        for decision in decisions {
            for site in decision.movedSites {
                guard
                    case .success(let value) = MovedInitialValue.of(
                        site, in: kind, typing: typing(decision.dependency, site),
                        readsOptional: decision.dependency.singleton.isReadAsOptional)
                else { continue }
                if grouped[value.binding.id] == nil {
                    order.append(value.binding.id)
                    grouped[value.binding.id] = (value, [])
                }
                grouped[value.binding.id]?.sites.append((site, decision.dependency))
            }
        }
        return order.compactMap { grouped[$0] }
    }

    /// `name = value` for each moved initial value, its sites read through `reading` (the parameter, or the
    /// default where the initializer has none).
    private static func movedAssignments(
        _ moved: [(value: MovedInitialValue, sites: [(site: AccessSiteClassifier.Site, dependency: Dependency)])],
        reading: (Dependency) -> String
    ) -> [(name: String, value: String)] {
        moved.compactMap { value, sites in
            guard let expression = value.binding.initializer?.value else { return nil }
            let bytes = Array(expression.trimmedDescription.utf8)
            let start = expression.positionAfterSkippingLeadingTrivia.utf8Offset
            var text = ""
            var cursor = 0
            for (site, dependency) in sites.sorted(by: { $0.site.node.position < $1.site.node.position }) {
                let from = site.node.positionAfterSkippingLeadingTrivia.utf8Offset - start
                text += String(decoding: bytes[cursor..<from], as: UTF8.self) + reading(dependency)
                cursor = site.node.endPositionBeforeTrailingTrivia.utf8Offset - start
            }
            text += String(decoding: bytes[cursor...], as: UTF8.self)
            return (value.name, text)
        }
    }

    /// The names a moved initial value reads unqualified (`tld` in `S.shared.make(tld: tld)`), which a parameter of
    /// the same name would hide once the value is computed in `init`.
    private static func unqualifiedNames(in value: MovedInitialValue) -> Set<String> {
        guard let expression = value.binding.initializer?.value else { return [] }
        return Set(
            expression.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                guard case .identifier(let text) = token.tokenKind,
                    token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period
                else { return nil }
                return text
            })
    }

    /// Adds `declarations` to the parameter clause of `initializer` (an `init` or a `func`), before any trailing
    /// closure parameters, so trailing-closure calls keep working.
    static func parameterEdits(
        adding declarations: [String], to clause: FunctionParameterClauseSyntax, of initializer: some SyntaxProtocol,
        file: Int, unit: String
    ) -> [(file: Int, edit: SourceEdit)] {
        var edits: [(file: Int, edit: SourceEdit)] = []
        let parameters = Array(clause.parameters)
        let header = initializer.trimmedDescription.prefix { $0 != "{" }
        let addedLength = declarations.reduce(0) { $0 + $1.count + 2 }
        if !clause.trimmedDescription.contains("\n"),
            initializer.lineIndentation.count + header.count + addedLength > Self.lineLimit
        {
            // Too long for one line: one parameter per line, like swift-format would.
            var all = parameters.map { $0.with(\.trailingComma, nil).trimmedDescription }
            var insertIndex = all.count
            while insertIndex > 0, Self.isClosureType(parameters[insertIndex - 1].type) { insertIndex -= 1 }
            all.insert(contentsOf: declarations, at: insertIndex)
            let inner = initializer.lineIndentation + unit
            let text =
                "(\n" + all.map { inner + $0 }.joined(separator: ",\n") + "\n" + initializer.lineIndentation + ")"
            edits.append((file, .replace(clause, with: text)))
        } else if parameters.isEmpty {
            edits.append(
                (
                    file,
                    .insert(declarations.joined(separator: ", "), at: clause.leftParen.endPositionBeforeTrailingTrivia)
                ))
        } else {
            var insertIndex = parameters.count
            while insertIndex > 0, Self.isClosureType(parameters[insertIndex - 1].type) { insertIndex -= 1 }
            let multiline = parameters.contains { $0.leadingTrivia.contains(where: \.isNewline) }
            let indent = parameters.last { $0.leadingTrivia.contains(where: \.isNewline) }?.lineIndentation ?? ""
            let separator = multiline ? ",\n" + indent : ", "
            if insertIndex == parameters.count {
                let last = parameters[parameters.count - 1]
                if last.trailingComma != nil {
                    let lead = multiline ? "\n" + indent : " "
                    edits.append(
                        (
                            file,
                            .insert(
                                lead + declarations.joined(separator: separator) + ",",
                                at: last.endPositionBeforeTrailingTrivia)
                        ))
                } else {
                    edits.append(
                        (
                            file,
                            .insert(
                                separator + declarations.joined(separator: separator),
                                at: last.endPositionBeforeTrailingTrivia)
                        ))
                }
            } else {
                let before = parameters[insertIndex]
                edits.append(
                    (
                        file,
                        .insert(
                            declarations.joined(separator: separator) + separator,
                            at: before.positionAfterSkippingLeadingTrivia)
                    ))
            }
        }
        return edits
    }

    /// `self.name = value` for each assignment, as the first statements of the initializer's body (before
    /// `super.init`, so before phase 1 ends).
    static func assignmentEdits(
        for initializer: InitializerDeclSyntax, assigning assignments: [(name: String, value: String)], file: Int,
        unit: String
    ) -> [(file: Int, edit: SourceEdit)] {
        var edits: [(file: Int, edit: SourceEdit)] = []
        if let body = initializer.body {
            let initIndent = initializer.lineIndentation
            let first = body.statements.first
            // The first statement's indentation, unless it is no deeper than the `init` (nostur's `#if DEBUG` written at
            // column 0 as the body's first line).
            let bodyIndent =
                first.flatMap { statement in
                    statement.leadingTrivia.contains(where: \.isNewline)
                        && statement.lineIndentation.count > initIndent.count
                        ? statement.lineIndentation : nil
                } ?? initIndent + unit
            let assignments = assignments.map { "\n\(bodyIndent)self.\($0.name) = \($0.value)" }.joined()
            let closesOnSameLine =
                !body.rightBrace.leadingTrivia.contains(where: \.isNewline) && body.statements.isEmpty
            // `{ self.a = a }`: the old first statement moves to a line of its own after the assignments.
            let firstOnSameLine = first.map { !$0.leadingTrivia.contains(where: \.isNewline) } ?? false
            if let first, firstOnSameLine {
                let range =
                    body.leftBrace.endPositionBeforeTrailingTrivia
                    .utf8Offset..<first.positionAfterSkippingLeadingTrivia.utf8Offset
                edits.append((file, SourceEdit(range: range, replacement: assignments + "\n" + bodyIndent)))
                // `{ self.level = level }`: the closing brace goes to a line of its own too.
                if let last = body.statements.last, !body.rightBrace.leadingTrivia.contains(where: \.isNewline),
                    !last.trailingTrivia.contains(where: { $0.isNewline || $0.isComment })
                {
                    let closing =
                        last.endPositionBeforeTrailingTrivia
                        .utf8Offset..<body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
                    edits.append((file, SourceEdit(range: closing, replacement: "\n" + initIndent)))
                }
            } else if closesOnSameLine,
                (body.leftBrace.trailingTrivia + body.rightBrace.leadingTrivia).allSatisfy(\.isWhitespace)
            {
                // `init() { }`: the space between the braces goes, or the closing brace would sit one column off.
                let range =
                    body.leftBrace.endPositionBeforeTrailingTrivia
                    .utf8Offset..<body.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
                edits.append((file, SourceEdit(range: range, replacement: assignments + "\n" + initIndent)))
            } else {
                edits.append(
                    (
                        file,
                        .insert(
                            assignments + (closesOnSameLine ? "\n" + initIndent : ""),
                            at: body.leftBrace.endPositionBeforeTrailingTrivia)
                    ))
            }
        }
        return edits
    }

    /// `init(store: any StoreProtocol = Store.shared) { self.store = store }` for a class without an initializer, with
    /// the `moved` initial values computed after the dependencies.
    private func newInitializer(
        for view: TypeDeclarationView, dependencies: [Dependency], moved: [(name: String, value: String)], file: Int,
        adding added: [AddedParameter] = []
    ) -> String {
        let unit = Indentation.unit(of: input.files[file].text)
        let indent = view.memberBlock.memberIndentation(of: view.node, unit: unit)
        let declarations = dependencies.map(\.parameterDeclaration) + added.map(\.declaration)
        var lines = ["\(indent)init\(Self.parameterList(declarations, indent: indent, unit: unit)) {"]
        lines += dependencies.filter(\.isStored).map { "\(indent)\(unit)self.\($0.propertyName) = \($0.propertyName)" }
        lines += added.map { "\(indent)\(unit)self.\($0.name) = \($0.name)" }
        lines += moved.map { "\(indent)\(unit)self.\($0.name) = \($0.value)" }
        lines.append("\(indent)}")
        return lines.joined(separator: "\n")
    }

    private struct Refusal: Error { var message: String }

    /// `(a, b)` for a call written after `prefix` on a line indented by `indent`, or one argument per line when that
    /// line would be longer than `lineLimit` (hunk review 40: sciencejournal's 130-column `self.init(…)` forwarders, in
    /// a codebase kept to 100).
    static func argumentList(
        _ arguments: [String], indent: String, unit: String, prefix: String, in node: some SyntaxProtocol
    ) -> String {
        let single = "(" + arguments.joined(separator: ", ") + ")"
        if arguments.count < 2
            || indent.count + prefix.count + single.count <= Indentation.lineLimit(of: node.root.description)
        {
            return single
        }
        return "(\n" + arguments.map { indent + unit + $0 }.joined(separator: ",\n") + "\n" + indent + ")"
    }

    /// `(a: A, b: B)`, or one parameter per line when that would be longer than `lineLimit`.
    static func parameterList(_ parameters: [String], indent: String, unit: String) -> String {
        let single = "(" + parameters.joined(separator: ", ") + ")"
        if indent.count + "init".count + single.count + 2 <= lineLimit { return single }
        return "(\n" + parameters.map { indent + unit + $0 }.joined(separator: ",\n") + "\n" + indent + ")"
    }

    /// An explicit copy of a struct's memberwise initializer, plus the dependency parameters.
    private func memberwiseInitializer(
        of view: TypeDeclarationView, type: CodebaseType, adding dependencies: [Dependency], file: Int
    ) -> Swift.Result<String, Refusal> {
        var parameters: [String] = []
        var names: [String] = []
        var assignments: [String] = []
        var restricted = false
        var allDefaulted = true
        for member in view.memberBlock.members {
            if member.decl.is(IfConfigDeclSyntax.self) {
                return .failure(Refusal(message: "its stored properties are inside `#if`; write its initializer first"))
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic else { continue }
            let isLet = variable.bindingSpecifier.text == "let"
            for binding in variable.bindings {
                if let block = binding.accessorBlock, !AccessSiteClassifier.isObserverBlock(block) { continue }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    return .failure(
                        Refusal(message: "a stored property uses a tuple pattern; write its initializer first"))
                }
                if variable.modifiers.contains("lazy") || !variable.attributes.isEmpty {
                    return .failure(
                        Refusal(
                            message:
                                "`\(name)` is lazy or wrapped, which changes the memberwise initializer; write it first"
                        ))
                }
                if isLet && binding.initializer != nil { continue }
                guard
                    let type = binding.typeAnnotation?.type.trimmedDescription
                        ?? binding.initializer.flatMap({ RequirementExtractor.literalType(of: $0.value) })
                else {
                    return .failure(Refusal(message: "`\(name)` has no type annotation to copy into an initializer"))
                }
                if variable.modifiers.isPrivate { restricted = true }
                let defaultValue =
                    binding.initializer.map { " = " + $0.value.trimmedDescription }
                    ?? (type.hasSuffix("?") && !isLet ? " = nil" : "")
                parameters.append("\(name): \(type)\(defaultValue)")
                assignments.append("self.\(name) = \(name)")
                names.append(name)
                if defaultValue.isEmpty { allDefaulted = false }
            }
        }
        parameters += dependencies.map(\.parameterDeclaration)
        assignments += dependencies.map { "self.\($0.propertyName) = \($0.propertyName)" }
        let unit = Indentation.unit(of: input.files[file].text)
        let indent = view.memberBlock.memberIndentation(of: view.node, unit: unit)
        var lines = [
            "\(indent)\(restricted ? "fileprivate " : "")init\(Self.parameterList(parameters, indent: indent, unit: unit)) {"
        ]
        lines += assignments.map { indent + unit + $0 }
        lines.append("\(indent)}")
        // A protocol's `init` requirement the memberwise initializer met (rocketchat's `MessagesClient` and
        // `APIClient.init(api:)`): a defaulted parameter does not meet it, so an initializer with exactly its
        // labels forwards to the new one.
        let requirements = memberwiseRequirements(of: type, labels: names)
        for requirement in requirements {
            let arguments = names.map { "\($0): \($0)" } + dependencies.map { "\($0.propertyName): \($0.defaultValue)" }
            let parameters = requirement.parameters.map { "\($0.label ?? $0.name): \($0.typeText)" }
            let call =
                "self.init"
                + Self.argumentList(arguments, indent: indent + unit, unit: unit, prefix: "self.init", in: view.node)
            lines += [
                "", "\(indent)init(\(parameters.joined(separator: ", "))) {", "\(indent)\(unit)\(call)", "\(indent)}",
            ]
        }
        // An SDK protocol's `init()` requirement the memberwise `init()` met (flipper's `PlayAlert: AppIntent`): an
        // `init()` forwards the dependencies' defaults.
        if !requirements.contains(where: \.parameters.isEmpty),
            let required = Eligibility(input: input).requiredZeroArgumentInitializer(of: type)
        {
            guard allDefaulted else {
                return .failure(
                    Refusal(
                        message:
                            "it conforms to `\(required)`, which requires an `init()`, and a stored property has no initial value"
                    ))
            }
            let arguments = dependencies.map { "\($0.propertyName): \($0.defaultValue)" }
            let call =
                "self.init"
                + Self.argumentList(arguments, indent: indent + unit, unit: unit, prefix: "self.init", in: view.node)
            lines += ["", "\(indent)init() {", "\(indent)\(unit)\(call)", "\(indent)}"]
        }
        return .success(lines.joined(separator: "\n"))
    }

    /// The `init` requirements of the codebase protocols `type` conforms to whose labels are exactly `labels`,
    /// the stored properties' names in order: the ones its memberwise initializer satisfied.
    private func memberwiseRequirements(of type: CodebaseType, labels: [String]) -> [InitDeclaration] {
        var found: [InitDeclaration] = []
        for conformance in type.conformances {
            guard let conformed = input.model?.type(named: conformance, from: type.name), conformed.kind == .protocol
            else { continue }
            for requirement in conformed.initializers
            where requirement.parameters.map(\.label) == labels.map(Optional.some) {
                guard !requirement.traits.isFailable, !requirement.traits.isThrowing, !requirement.traits.isAsync,
                    !found.contains(where: { $0.parameters.map(\.label) == requirement.parameters.map(\.label) })
                else { continue }
                found.append(requirement)
            }
        }
        return found
    }

    /// Whether an initializer's signature is fixed by the superclass (`override`) or for every subclass
    /// (`required`): it cannot take a new parameter.
    static func hasFixedSignature(_ initializer: InitializerDeclSyntax) -> Bool {
        initializer.modifiers.contains("override") || initializer.modifiers.contains("required")
    }

    /// For a subclass without designated initializers of its own: one forwarding initializer per designated
    /// initializer it inherits (see ``InheritedInitializers``), or why it cannot have them.
    private func forwardingInitializers(
        for declaration: MigrationInput.Declaration, initializers: [InitializerDeclSyntax], dependencies: [Dependency],
        moved: InheritedInitializers.MovedValues, movedReads: Set<String>
    ) -> Swift.Result<String, Refusal> {
        let view = declaration.view
        let prefix = "it is a subclass without an initializer of its own"
        guard let model = input.model else { return .failure(Refusal(message: prefix)) }
        // A public class's inherited initializers were public: so are the forwarding ones, which can then only take
        // public types and default to public singletons (dydx's `open class CameraViewController` in its own module).
        if view.isPublic, let hidden = dependencies.first(where: { !isPubliclyNameable($0) }) {
            return .failure(
                Refusal(
                    message:
                        "\(prefix), and `\(view.accessLevel ?? "")`: the initializers it inherits would need public forwarding ones, which cannot take `\(hidden.propertyType)` defaulting to `\(hidden.defaultValue)`"
                ))
        }
        if !initializers.isEmpty {
            return .failure(
                Refusal(
                    message:
                        "\(prefix) but with convenience initializers, which would change which initializer a call picks"
                ))
        }
        // A codebase subclass declaring no initializer inherits the forwarding ones (a base view controller and the
        // screens made from a storyboard), each dependency defaulted; one declaring its own would call or override a
        // designated initializer whose signature changes. One still reaching a singleton would then take services
        // through the initializers it inherits while reaching others: a new bypass.
        let subclasses = descendants(of: declaration.type.name)
        if let subclass = subclasses.first(where: { name in model.types[name].map { !$0.initializers.isEmpty } ?? true }
        ) {
            return .failure(
                Refusal(
                    message:
                        "\(prefix), and `\(subclass)` subclasses it with initializers of its own, relying on the ones it inherits"
                ))
        }
        if let subclass = subclasses.first(where: { name in
            input.accessSites.contains { $0.enclosingType == name && !input.isAllowed($0) }
        }) {
            return .failure(
                Refusal(
                    message:
                        "\(prefix), and `\(subclass)` subclasses it, reaching singletons itself: inheriting the injecting initializers would make those reaches bypasses"
                ))
        }
        // Nor may a subclass declare a member named like the property the dependency becomes (FSNotes' `ViewController`
        // keeping its own `let storage = Storage.shared()`): it would override a stored property.
        for dependency in dependencies {
            guard let subclass = subclassDeclaring(dependency.propertyName, below: declaration.type) else { continue }
            return .failure(
                Refusal(
                    message:
                        "\(prefix), and `\(subclass)` subclasses it with a member named `\(dependency.propertyName)`, which the injected property would clash with"
                ))
        }
        let inherited: InheritedInitializers.Inherited
        switch InheritedInitializers(model: model).inherited(by: declaration.type) {
        case .success(let found): inherited = found
        case .failure(let refusal): return .failure(Refusal(message: "\(prefix), and \(refusal.message)"))
        }
        let names = Set(dependencies.map(\.propertyName))
        let labelLists = inherited.designated.map { $0.parameters.map { $0.label ?? "_" } }
        for signature in inherited.designated {
            if let clash = signature.parameters.first(where: {
                names.contains($0.name) || names.contains($0.label ?? "")
            }) {
                return .failure(
                    Refusal(
                        message: "\(prefix), and an inherited initializer already has a parameter named `\(clash.name)`"
                    ))
            }
            if let hidden = signature.parameters.first(where: { movedReads.contains($0.name) }) {
                return .failure(
                    Refusal(
                        message:
                            "\(prefix), and the parameter `\(hidden.name)` of an inherited initializer would hide the `\(hidden.name)` a stored property's initial value reads, once `init` computes it"
                    ))
            }
            // `init(a:)` + `store:` must not be the signature of another inherited initializer (it would override it).
            let extended = signature.parameters.map { $0.label ?? "_" } + dependencies.map(\.propertyName)
            if !signature.isRequired, labelLists.contains(extended) {
                return .failure(
                    Refusal(message: "\(prefix), and a forwarding initializer would override an inherited one"))
            }
        }
        let unit = Indentation.unit(of: input.files[declaration.file].text)
        let indent = view.memberBlock.memberIndentation(of: view.node, unit: unit)
        return .success(
            InheritedInitializers.render(
                inherited, dependencies: dependencies, moved: moved, indent: indent, unit: unit,
                access: view.isPublic ? "public " : ""))
    }

    /// Whether a `public` initializer can take `dependency` with its default: its protocol (or the class it is taken
    /// as) is public, and the default names a public singleton rather than the internal container.
    private func isPubliclyNameable(_ dependency: Dependency) -> Bool {
        dependency.plan.isPublic && (!dependency.isClass || dependency.plan.isConcrete) && dependency.container == nil
            && isPublicAccessor(dependency.singleton)
    }

    static func isClosureType(_ type: TypeSyntax) -> Bool {
        var base = type
        if let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
        if let optional = base.as(OptionalTypeSyntax.self) { base = optional.wrappedType }
        while let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            base = only.type
        }
        if let attributed = base.as(AttributedTypeSyntax.self) { base = attributed.baseType }
        return base.is(FunctionTypeSyntax.self)
    }

    // MARK: Local aliases

    /// The removal of a local that only named the singleton as the injected property is now named (nostur's `let
    /// webOfTrust = WebOfTrust.shared` would become `let webOfTrust = webOfTrust`, a line that does nothing): a `let`
    /// statement of one binding whose whole value is the site, without a comment, when no closure after it in its
    /// block names it (the local kept the closure off `self`). `nil` when the site is anything else.
    static func removedAlias(of site: ExprSyntax, named name: String) -> SourceEdit? {
        guard let clause = site.parent?.as(InitializerClauseSyntax.self), clause.value.id == site.id,
            let binding = clause.parent?.as(PatternBindingSyntax.self), binding.accessorBlock == nil,
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
            let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            variable.bindingSpecifier.tokenKind == .keyword(.let), variable.attributes.isEmpty,
            variable.modifiers.isEmpty,
            let item = variable.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            item.leadingTrivia.allSatisfy(\.isWhitespace), item.trailingTrivia.allSatisfy(\.isWhitespace),
            item.semicolon == nil
        else { return nil }
        let later = list.drop { $0.id != item.id }.dropFirst()
        let closureNamesIt = later.contains { statement in
            statement.tokens(viewMode: .sourceAccurate).contains { token in
                token.tokenKind == .identifier(name)
                    && token.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }) != nil
            }
        }
        guard !closureNamesIt else { return nil }
        return SourceEdit(
            range: item.position.utf8Offset..<item.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")
    }

    // MARK: Closures

    private static func captures(_ closure: ClosureExprSyntax, _ name: String) -> Bool {
        closure.signature?.capture?.items.contains { $0.name.text == name && $0.initializer == nil } ?? false
    }

    /// Adds `names` to the closure's capture list (creating one, and `in`, if needed).
    static func captureEdit(_ closure: ClosureExprSyntax, names: [String]) -> SourceEdit {
        let list = names.joined(separator: ", ")
        if let signature = closure.signature {
            if let capture = signature.capture {
                let suffix = capture.items.isEmpty ? "" : ", "
                return .insert(list + suffix, at: capture.leftSquare.endPositionBeforeTrailingTrivia)
            }
            // After the closure's attributes: `{ @MainActor [s] in`, never `{ [s] @MainActor in`.
            let afterAttributes =
                signature.attributes.isEmpty
                ? signature.positionAfterSkippingLeadingTrivia
                : signature.attributes.endPositionBeforeTrailingTrivia
            return .insert(signature.attributes.isEmpty ? "[\(list)] " : " [\(list)]", at: afterAttributes)
        }
        return .insert(" [\(list)] in", at: closure.leftBrace.endPositionBeforeTrailingTrivia)
    }
}

extension TriviaPiece {
    var isNewline: Bool {
        switch self {
        case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
        default: false
        }
    }
}
