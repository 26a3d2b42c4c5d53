@_spi(RawSyntax) import SwiftSyntax

/// Turns one file's `BodyFacts` into singleton accesses and observations, once the `TypeIndex` of the whole
/// codebase is built: resolves the enclosing types, keeps the candidates that reach a singleton, and judges
/// writes of UI state against where their closures run.
struct BodyFactResolver {
    let index: TypeIndex
    /// Where the codebase's functions call back the closures passed to them.
    let callbacks: CallbackIndex
    /// What the build settings say about the isolation of this file's code.
    let isolation: ProjectIsolation.Settings
    let facts: BodyFacts
    let context: FileContext
    /// The file's source, read back for the names of references when the codebase has global instances.
    let source: String

    /// The enclosing types' qualified names, by scope (extensions resolved to the type they extend).
    private let scopeNames: [String]

    init(
        index: TypeIndex, callbacks: CallbackIndex = CallbackIndex(),
        isolation: ProjectIsolation.Settings = ProjectIsolation.Settings(), facts: BodyFacts, context: FileContext,
        source: String
    ) {
        self.index = index
        self.callbacks = callbacks
        self.isolation = isolation
        self.facts = facts
        self.context = context
        self.source = source
        var names: [String] = []
        names.reserveCapacity(facts.scopes.count)
        for scope in facts.scopes {
            if scope.isExtension {
                names.append(
                    index.resolve(scope.name, from: nil, in: context.target, importing: facts.imports) ?? scope.name)
            } else {
                names.append(
                    scope.parent.map { names[$0] + "." + scope.name } ?? index.key(of: scope.name, in: context.target))
            }
        }
        scopeNames = names
    }

    private func typeName(of scope: Int?) -> String? { scope.map { scopeNames[$0] } }

    /// The singleton accesses in source order, and the observations with their enclosing types.
    func resolve() -> (accesses: [SingletonAccess], observations: FileObservations) {
        var source = source
        return source.withUTF8(resolve)
    }

    private func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> (
        accesses: [SingletonAccess], observations: FileObservations
    ) {
        var observations = FileObservations()
        observations.observations = facts.observations.map { fact in
            var observation = fact.observation
            observation.typeName = typeName(of: fact.scope)
            return observation
        }
        observations.literals = facts.literals.map { fact in
            var literal = fact.literal
            literal.typeName = typeName(of: fact.scope)
            return literal
        }
        observations.observations += uiStateWrites()
        let (members, ranges) = memberAccesses(bytes)
        let resolved = containerAccesses()
        // `container.resolve(T.self)` on a global `container`, or on a locator's `Assembler.container` (Windscribe),
        // is one access: the container's resolution, not also a reach of the locator member that holds it.
        let resolvedOffsets = Set(resolved.map(\.offset))
        let references = referenceAccesses(outside: ranges, bytes).filter { !resolvedOffsets.contains($0.offset) }
        let accesses =
            references.isEmpty && resolved.isEmpty
            ? members
            : (members.filter { !resolvedOffsets.contains($0.offset) } + references + resolved).sorted {
                $0.offset < $1.offset
            }
        return (accesses, observations)
    }

    // MARK: Singleton accesses

    /// Accesses through `Type.member`, and the ranges they cover (what is nested in one is part of it).
    private func memberAccesses(_ bytes: UnsafeBufferPointer<UInt8>) -> ([SingletonAccess], [Range<Int>]) {
        var accesses: [SingletonAccess] = []
        var ranges: [Range<Int>] = []
        var covered = 0
        for candidate in facts.members where candidate.start >= covered {
            guard index.singletonPropertyNames.contains(candidate.member) else { continue }
            let current = typeName(of: candidate.scope)
            let typeName: String?
            switch candidate.base {
            case .selfType: typeName = current
            case .named(let tokens):
                let written = facts.nameTokens[tokens].reversed().map { bareIdentifier(bytes[$0]) }.joined(
                    separator: ".")
                typeName = index.resolve(written, from: current, in: context.target, importing: facts.imports)
            case .implicit(let written):
                typeName = index.resolve(written, from: current, in: context.target, importing: facts.imports)
            }
            // A type using its own singleton is no dependency; nor is a container using one of a type nested in it
            // (`AppDependencies.Live.api`), which is wiring. Any other type reaching the singleton of a type nested in
            // it depends on it (damus's `DamusPurple` reading `StoreKitManager.standard`).
            guard let typeName, typeName != current else { continue }
            if let current, typeName.hasPrefix(current + "."), index.types[current]?.isCompositionRoot != false {
                continue
            }
            if let declaration = index.singletonProperties[typeName]?[candidate.member] {
                accesses.append(access(declaration, at: candidate.start, in: current, context: candidate.context))
            } else if let declaration = index.facadeMembers[typeName]?[candidate.member] {
                // `Store.perform(action:)`: the static member forwards to the private `Store.shared`.
                var access = access(declaration, at: candidate.start, in: current, context: candidate.context)
                if access.kind == .direct { access.kind = .staticFacade }
                access.member = candidate.member
                accesses.append(access)
            } else if candidate.member == "shared", let name = candidate.context.member,
                let registration = index.registrations[typeName]?[name],
                !isWiring(candidate.context.memberSite, in: current)
            {
                // Factory's `Container.shared.api()`: the registration `api` of the container.
                accesses.append(
                    containerAccess(
                        container: typeName, registration: registration, at: candidate.start, in: current,
                        site: candidate.context.memberSite))
            } else {
                continue
            }
            ranges.append(candidate.start..<candidate.end)
            covered = candidate.end
        }
        return (accesses, ranges)
    }

    /// Accesses to global instances by name, outside the member accesses' ranges. The few references that
    /// name a global are looked up again, for their surroundings, in a fresh parse of the declaration holding
    /// them (``BodyFacts/ReferenceCandidate/declaration``, or the whole file for a top-level statement), and
    /// dropped when a local of the same name (a parameter, an earlier `let`, an `if let`…) shadows the global.
    private func referenceAccesses(outside ranges: [Range<Int>], _ bytes: UnsafeBufferPointer<UInt8>)
        -> [SingletonAccess]
    {
        guard index.hasGlobalInstances, !facts.references.isEmpty else { return [] }
        var matches: [(BodyFacts.ReferenceCandidate, SingletonDeclaration)] = []
        var nextRange = 0
        for reference in facts.references {
            let start = reference.name.lowerBound
            while nextRange < ranges.count, ranges[nextRange].upperBound <= start { nextRange += 1 }
            if nextRange < ranges.count, ranges[nextRange].contains(start) { continue }
            let written = bytes[reference.name]
            let bare =
                written.count > 2 && written.first == UInt8(ascii: "`") && written.last == UInt8(ascii: "`")
                ? written.dropFirst().dropLast() : written
            guard index.globalInstanceShapes.mayContain(bare),
                let declaration = index.globalInstance(named: String(decoding: bare, as: UTF8.self), in: context.target)
            else { continue }
            let current = typeName(of: reference.scope)
            if let current, index.declaresMember(declaration.propertyName, in: current) { continue }
            if declaration.typeName == current { continue }
            matches.append((reference, declaration))
        }
        guard !matches.isEmpty else { return [] }
        // Each reference is looked up in a parse of its declaration alone (a method, a property…), parsed once
        // for all the references it holds: in an app that reads a global environment everywhere (Home
        // Assistant's `Current`), parsing whole files again cost 2% of the audit.
        var parsed: [Range<Int>?: (tree: SourceFileSyntax, root: RawNode, start: Int)] = [:]
        var accesses: [SingletonAccess] = []
        for (reference, declaration) in matches {
            let slice = reference.declaration ?? 0..<bytes.count
            if parsed[reference.declaration] == nil {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[slice]), as: UTF8.self)
                let tree = LargeStack.run(depth: context.nestingDepth) { SourceParser.parse(text) }
                parsed[reference.declaration] = (tree, RawNode(root: tree), slice.lowerBound)
            }
            guard let (tree, root, sliceStart) = parsed[reference.declaration] else { continue }
            let start = reference.name.lowerBound
            let found = withExtendedLifetime(tree) { () -> SingletonAccess? in
                var context = BodyFacts.AccessContext(usage: .direct, member: nil, memberUsage: .direct)
                // A plain reference, or a name read by a capture list or an `if let x` shorthand.
                let path = [.declReferenceExpr, .closureCapture, .optionalBindingCondition].lazy
                    .compactMap { root.path(to: start - sliceStart, kind: $0) }.first
                if let path {
                    guard !LocalShadowing.isShadowed(declaration.propertyName, along: path) else { return nil }
                    // In an initializer, `self.store = store` is the default of an injected property, as for `.shared`.
                    let placement: SingletonAccess.Site =
                        path.contains { $0.kind == .initializerDecl } ? .initializer : []
                    context = FileCollector.accessContext(
                        of: path[path.count - 1], ancestors: path.dropLast(), placement: placement)
                }
                return access(declaration, at: start, in: typeName(of: reference.scope), context: context)
            }
            if let found { accesses.append(found) }
        }
        return accesses
    }

    private func access(
        _ declaration: SingletonDeclaration, at offset: Int, in enclosingType: String?,
        context surroundings: BodyFacts.AccessContext
    ) -> SingletonAccess {
        var kind = SingletonAccess.Kind.direct
        var usage = surroundings.usage
        var site = surroundings.site
        var locatorMember: String?
        var providedType: String?
        var usedMember: String?
        if declaration.evidence == .heldInstance, let held = declaration.instanceType {
            // `ServiceLocator.stores`, `enum Services { static let api: APIClient = … }`: a locator's member
            // hands out the service it holds; the access is one of that service.
            kind = .serviceLocator
            locatorMember = declaration.propertyName
            providedType = index.types[held] != nil ? held : nil
            usedMember = surroundings.member
        } else if let member = surroundings.member, let singletonType = index.types[declaration.typeName] {
            usedMember = member
            // The member as the singleton's class declares it, or as the protocol it is typed by requires it
            // (`static var shared: DependencyProvider`, `protocol DependencyProvider { var settings: … { get } }`).
            let holders =
                [(singletonType, declaration.typeName)]
                + (declaration.instanceType.flatMap { held in index.types[held].map { [($0, held)] } } ?? [])
            let found = holders.lazy.compactMap { holder, scope in
                holder.properties.first(where: { !$0.isStatic && $0.name == member }).map { ($0, scope) }
            }.first
            if let (property, scope) = found,
                let written = property.typeName, let resolved = index.resolve(written, from: scope),
                let provided = index.types[resolved], TypeIndex.isDependency(provided),
                // A value in a class (`final class ParsedUser: Hashable`, a singleton's current user) is data the
                // singleton holds, not a service it hands out.
                provided.isSingleton || !SingletonClassifier.isValueLike(provided)
            {
                // `Locator.shared.api`: the access is the whole member expression.
                kind = .serviceLocator
                locatorMember = member
                providedType = resolved
                usage = surroundings.memberUsage
                site = surroundings.memberSite
            } else if usage.isDefault, readsValue(member, surroundings.memberIsCalled ? nil : found) {
                // `func show(animated: Bool = Settings.shared.animates)`, `init(color: Color =
                // Theme.shared.color.primaryLabel)`, `init(model: String = UserDefaults.shared.value(for: \.model))`:
                // the parameter takes a value the default reads off the singleton, not the singleton; the caller
                // still reaches it, a plain access.
                usage = .direct
            }
        }
        switch usage {
        case .direct: break
        case .defaultArgument: kind = .defaultArgument
        case .injectedDefault: kind = .injectedDefault
        case .initializerAssignment(let property):
            // `required init?(coder:) { self.store = Store.shared }` beside `init(store: any StoreProtocol = …)`.
            if let type = enclosingType.flatMap({ index.types[$0] }),
                type.initParameters.contains(where: { $0.name == property })
            {
                kind = .injectedDefault
            }
        }
        return SingletonAccess(
            kind: kind, singletonType: declaration.typeName, propertyName: declaration.propertyName,
            isGlobalInstance: declaration.kind == .globalInstance, member: usedMember, locatorMember: locatorMember,
            providedType: providedType, enclosingType: enclosingType,
            enclosingRole: role(of: enclosingType), file: context.path, target: context.target,
            location: context.location(at: offset), site: site, offset: offset)
    }

    /// Whether `member`, read off a singleton in a default (`currentUserID: String = Env.shared.currentSession?.userID`),
    /// is a value rather than a service: a property typed by a codebase type that is no service the singleton hands out
    /// (canvas's `struct LoginSession`, whatever its name), or by an SDK type not named as a service. A member the
    /// analysis cannot see (an SDK store's, Loop's `UserDefaults.appGroup?.legacySchedule`) and a method called
    /// (`value(for:)`) are values too, unless named as a service (`apiClient`, `newContext()`, `makeSession()`).
    private func readsValue(_ member: String, _ found: (StoredProperty, String)?) -> Bool {
        guard let (property, scope) = found else {
            let name = member.prefix(1).uppercased() + member.dropFirst()
            return !RoleClassifier.hasServiceName(name) && !DependencyAnalysis.isSDKServiceName(name)
        }
        guard let written = property.typeName else { return true }
        // Not handed out as a service (the caller's first branch), a codebase type is data the singleton keeps.
        if let resolved = index.resolve(written, from: scope), let type = index.types[resolved], type.kind != .external
        {
            return true
        }
        return !DependencyAnalysis.isSDKServiceName(written)
    }

    /// What `@Injected` properties and `resolve(T.self)` calls ask of a DI container: a registration found by
    /// its key path, or a type of the codebase by name (a type the codebase does not declare is left out).
    private func containerAccesses() -> [SingletonAccess] {
        facts.containerCandidates.compactMap { candidate in
            let current = typeName(of: candidate.scope)
            if isWiring(candidate.site, in: current) { return nil }
            switch candidate.request {
            case .keyPath(let written, let name):
                // The codebase's own wrapper (`@InjectedProvider(\.settings)`) reads a locator found by the member's name.
                if let wrapper = candidate.wrapper {
                    let declared = index.resolve(wrapper, from: current, in: context.target, importing: facts.imports)
                    guard declared.flatMap({ index.types[$0] })?.attributes.contains("propertyWrapper") == true else {
                        return nil
                    }
                }
                // `\.api` is Factory's `Container` unless the key path names another container.
                let containers =
                    written.map {
                        [index.resolve($0, from: current, in: context.target, importing: facts.imports) ?? $0]
                    } ?? ["Container"]
                let found =
                    containers.lazy.compactMap { container in
                        index.registrations[container]?[name].map { (container, $0) }
                    }.first
                    ?? index.registrations.lazy.compactMap { container, table in
                        table[name].map { (container, $0) }
                    }.first
                guard let (container, registration) = found else { return nil }
                return containerAccess(
                    container: container, registration: registration, at: candidate.start, in: current,
                    site: candidate.site)
            case .type(let written, let receiver):
                guard
                    let provided = index.resolve(written, from: current, in: context.target, importing: facts.imports),
                    let type = index.types[provided],
                    type.kind != .external, provided != current
                else { return nil }
                // A Swinject registration keeping one instance is the singleton `resolve(T.self)` reaches.
                if let registration = index.scopedRegistrations[provided] {
                    return containerAccess(
                        container: registration.typeName, registration: nil, provided: provided,
                        registeredAs: registration.propertyName,
                        at: candidate.start, in: current, site: candidate.site)
                }
                return containerAccess(
                    container: receiver ?? "Resolver", registration: nil, provided: provided, at: candidate.start,
                    in: current,
                    site: candidate.site)
            }
        }
    }

    /// The role of the type holding an access (`.other` at top level).
    private func role(of enclosingType: String?) -> TypeRole {
        enclosingType.flatMap { index.types[$0]?.role } ?? .other
    }

    /// Resolving in a factory (a static member) or in the composition root is how a container builds the graph,
    /// and a test reading its own test container is how tests swap in mocks: wiring, not a dependency reached
    /// from inside a type.
    private func isWiring(_ site: SingletonAccess.Site, in current: String?) -> Bool {
        context.isTest || site.contains(.staticMember) || current.flatMap { index.types[$0] }?.isCompositionRoot == true
    }

    /// A dependency resolved from a DI container: a registration (`Container.shared.api()`, `@Injected(\.api)`),
    /// or a type asked for by name (`resolve(APIClient.self)`, Resolver's `@Injected var api: APIClient`).
    private func containerAccess(
        container: String, registration: StoredProperty?, provided: String? = nil, registeredAs: String? = nil,
        at offset: Int, in enclosingType: String?, site: SingletonAccess.Site
    ) -> SingletonAccess {
        var access = SingletonAccess(
            kind: .container, singletonType: container, propertyName: registration?.name ?? registeredAs ?? "resolve",
            isGlobalInstance: false, member: nil, locatorMember: registration?.name,
            providedType: provided ?? registration?.typeName, enclosingType: enclosingType,
            enclosingRole: role(of: enclosingType),
            file: context.path, target: context.target, location: context.location(at: offset), site: site,
            offset: offset)
        // A type asked of a container by name with no scope keeping one instance, or a registration of a scope making
        // one per resolution.
        access.makesNewInstance =
            registration.map { $0.registrationScope.map(TypeIndex.perResolutionScopes.contains) ?? false }
            ?? (registeredAs == nil)
        return access
    }

    // MARK: UI state off the main actor

    private func uiStateWrites() -> [FileObservations.Observation] {
        // With `MainActor` as the default isolation, classes without an annotation are main-actor types.
        guard !index.uiStateProperties.isEmpty, !isolation.mainActorByDefault else { return [] }
        var contexts = [ThreadContext?](repeating: nil, count: facts.threads.count)
        var found: [FileObservations.Observation] = []
        for write in facts.writes {
            let current = scopeNames[write.scope]
            guard let state = index.uiStateProperties[current], state.contains(write.property),
                isOffMainActor(from: write.thread, &contexts), changesProperty(write, of: current)
            else { continue }
            found.append(
                .init(
                    rule: .uiStateOffMainActor, location: context.location(at: write.offset),
                    subject: write.property, typeName: current))
        }
        return found
    }

    /// Whether a write changes the property it starts from: whether every value it goes through below the
    /// property (and the receiver of a mutating method) is a value. A class or an actor of the codebase on
    /// the way holds what is written: with `api` a class, `self.api.cache.ids[key] = 1` reads `api` and changes
    /// the object it points to, and so does `api.registry.remove(id)` (a class's method, not an array's).
    /// A type the codebase does not declare is taken for a value (the standard collections, `String`…).
    private func changesProperty(_ write: BodyFacts.Write, of owner: String) -> Bool {
        guard !write.steps.isEmpty || write.isMutatingCall else { return true }
        var container = index.types[owner]?.instanceProperties.first { $0.name == write.property }
            .map { Container($0, declaredIn: owner) }
        for position in 0...write.steps.count {
            guard position < write.steps.count || write.isMutatingCall, let current = container else { return true }
            let type = current.typeName.flatMap { index.resolve($0, from: current.scope) }.flatMap { index.types[$0] }
            if let type, Self.isReference(type) { return false }
            guard position < write.steps.count else { return true }
            switch write.steps[position] {
            case .subscript:
                container = current.elementTypeName.map {
                    Container(typeName: $0, elementTypeName: nil, scope: current.scope)
                }
            case .member(let name):
                container = type?.instanceProperties.first { $0.name == name }
                    .map { Container($0, declaredIn: type?.name ?? current.scope) }
            }
        }
        return true
    }

    /// Whether values of a type of the codebase are references: classes, actors, and protocols only classes
    /// adopt (`protocol Store: AnyObject`).
    private static func isReference(_ type: CodebaseType) -> Bool {
        type.kind.isReferenceType
            || (type.kind == .protocol && type.conformances.contains { $0 == "AnyObject" || $0 == "Actor" })
    }

    /// The declared type of a value a write goes through, and where its name is looked up.
    private struct Container {
        var typeName: String?
        var elementTypeName: String?
        var scope: String

        init(typeName: String?, elementTypeName: String?, scope: String) {
            self.typeName = typeName
            self.elementTypeName = elementTypeName
            self.scope = scope
        }

        init(_ property: StoredProperty, declaredIn scope: String) {
            self.init(typeName: property.typeName, elementTypeName: property.elementTypeName, scope: scope)
        }
    }

    /// Whether the type of `scope` has UI state to protect; closures elsewhere need no classification.
    private func guardsUIState(_ scope: Int?) -> Bool {
        typeName(of: scope).map { index.uiStateProperties[$0] != nil } ?? false
    }

    /// Where the body of `thread` runs. A `@MainActor` method runs on the main actor; a non-isolated `async`
    /// method of a class that is not `@MainActor` runs off it (SE-0338) unless the build makes such methods
    /// run on their caller's actor (`NonisolatedNonsendingByDefault`, approachable concurrency); any other
    /// method runs wherever it is called from.
    private func context(of thread: Int, _ contexts: inout [ThreadContext?]) -> ThreadContext {
        if let known = contexts[thread] { return known }
        let fact = facts.threads[thread]
        let resolved: ThreadContext
        switch fact.kind {
        case .function(let isMainActor, let isAsync):
            if !guardsUIState(fact.scope) {
                resolved = .unknown
            } else if isMainActor {
                resolved = .main
            } else {
                resolved = isAsync && !isolation.asyncRunsOnCaller ? .background : .unknown
            }
        case .closure(let closure):
            guard guardsUIState(fact.scope) else {
                resolved = .inherited
                break
            }
            switch closure {
            case .main: resolved = .main
            case .background: resolved = .background
            case .inherited: resolved = .inherited
            case .task: resolved = isOnMainActor(from: fact.parent, &contexts) ? .main : .background
            case .passed(let closure):
                switch callbacks.verdict(for: closure) {
                case .main: resolved = .main
                case .background: resolved = .background
                // A closure handed to a function that does not tell where it calls it back runs where the code around
                // it runs only as far as that is safe to assume: around main-actor code it stays there, around code off
                // the main actor its thread is the callee's, unknown (Suwatte's `actor.observeReadChapters(for:) {
                // self?.readChapters = $0 }`, called back in a `Task { @MainActor in }` of the actor's).
                case .unknown: resolved = isOffMainActor(from: fact.parent, &contexts) ? .unknown : .inherited
                }
            }
        }
        contexts[thread] = resolved
        return resolved
    }

    /// Whether the innermost known context from `thread` outwards is off the main actor.
    private func isOffMainActor(from thread: Int?, _ contexts: inout [ThreadContext?]) -> Bool {
        var current = thread
        while let index = current {
            switch context(of: index, &contexts) {
            case .main, .unknown: return false
            case .background: return true
            case .inherited: current = facts.threads[index].parent
            }
        }
        return false
    }

    /// Whether the innermost known context from `thread` outwards is the main actor.
    private func isOnMainActor(from thread: Int?, _ contexts: inout [ThreadContext?]) -> Bool {
        var current = thread
        while let index = current {
            switch context(of: index, &contexts) {
            case .main: return true
            case .background, .unknown: return false
            case .inherited: current = facts.threads[index].parent
            }
        }
        return false
    }
}
