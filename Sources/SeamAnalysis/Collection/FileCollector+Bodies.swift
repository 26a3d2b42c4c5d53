@_spi(RawSyntax) import SwiftSyntax

/// What the walk records in bodies: member accesses and references that may reach a singleton, force
/// operations, hard-coded values, and the functions, closures and writes that decide UI-state safety.
extension FileCollector {
    var scope: Int? { scopeStack.last }

    /// Whether the innermost type may hold UI state (a class, or an extension): closures, methods and
    /// writes elsewhere need no classification.
    private var mayHoldUIState: Bool { scope.map { facts.scopes[$0].mayHoldUIState } ?? false }

    // MARK: Places that may reach a singleton

    /// `Type.member`, `Self.member`, or `.member` as a default value: a singleton access if `member` turns
    /// out to be one of the type's singleton properties. Only the base is walked further: the member's name
    /// is not a reference of its own.
    mutating func visitMemberAccess(_ node: RawNode, declarations: Bool) {
        guard let access = node.as(RawMemberAccessExprSyntax.self) else { return }
        let written = node.child(access.base)
        recordCandidate(access, node, base: written)
        if let written { walk(child: written, of: node, declarations: declarations) }
    }

    private mutating func recordCandidate(_ access: RawMemberAccessExprSyntax, _ node: RawNode, base written: RawNode?)
    {
        // The start is the first name's (or the period's): no search for the node's first token.
        let base: BodyFacts.MemberCandidate.Base
        let start: Int
        if let written {
            if let reference = written.as(RawDeclReferenceExprSyntax.self), reference.baseName.isKeyword("Self") {
                base = .selfType
                start = written.textRange(of: reference.baseName).lowerBound
            } else if let names = recordTypeLikeName(
                written, anyCase: Self.isSharedAccessor(access.declName.baseName.tokenText))
            {
                base = .named(names)
                start = facts.nameTokens[names.upperBound - 1].lowerBound
            } else {
                return
            }
        } else if let annotation = annotatedTypeOfValue() {
            base = .implicit(annotation)
            start = node.child(access.period).start
        } else {
            return
        }
        facts.members.append(
            .init(
                member: access.declName.baseName.bareName, base: base, scope: scope, start: start, end: node.end,
                context: Self.accessContext(of: node, ancestors: path[...], placement: placement)))
    }

    /// Whether a member's name starts with `shared` or is `instance`: lower-case type names are looked up
    /// for these (`sessionManager.shared`), as a type of that name may declare the singleton.
    private static func isSharedAccessor(_ name: SyntaxText) -> Bool {
        name.hasPrefix("shared") || name == "instance" || name == "singleton"
    }

    /// Records the name tokens of `Outer.Inner` (last first) when the chain of references starts with an
    /// uppercase name (any name when `anyCase`); `nil` for `make().shared`. No string is built here: the
    /// names are read back from the source only for members that are singleton properties.
    ///
    /// A chain of more than ``maximumTypeNameLength`` names is no type's name: it is not followed further,
    /// or each link of `a.b.b.b…` would walk the chain below it again (quadratic time).
    private mutating func recordTypeLikeName(_ expression: RawNode, anyCase: Bool = false) -> Range<Int>? {
        let first = facts.nameTokens.count
        var current = expression.withoutGenericArguments
        while let member = current.as(RawMemberAccessExprSyntax.self), let base = member.base {
            guard facts.nameTokens.count - first < Self.maximumTypeNameLength else {
                facts.nameTokens.removeSubrange(first...)
                return nil
            }
            facts.nameTokens.append(current.child(member.declName).textRange(of: member.declName.baseName))
            current = current.child(base).withoutGenericArguments
        }
        guard let reference = current.as(RawDeclReferenceExprSyntax.self),
            anyCase ? reference.baseName.tokenKind == .identifier : Self.isUppercaseName(reference.baseName)
        else {
            facts.nameTokens.removeSubrange(first...)
            return nil
        }
        facts.nameTokens.append(current.textRange(of: reference.baseName))
        return first..<facts.nameTokens.count
    }

    /// The most names a qualified type name is followed through (`Outer.Inner.Deeper`…).
    static let maximumTypeNameLength = 8

    /// Whether a name starts with an uppercase letter (after a backtick); ASCII is decided on the byte.
    private static func isUppercaseName(_ token: RawTokenSyntax) -> Bool {
        guard let first = token.tokenText.first(where: { $0 != UInt8(ascii: "`") }) else { return false }
        guard first >= 0x80 else { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") }
        return token.text.unicodeScalars.first(where: { $0 != "`" }).map(isUppercaseInitial) ?? false
    }

    /// The type written for the value being visited (an implicit `.shared`, a `Resolver.resolve()`), under a
    /// `try` or a `!` or not: the parameter's type for a default argument, the annotation for `let store: DataStore
    /// = .shared`.
    private func annotatedTypeOfValue() -> String? {
        var index = path.count - 1
        while index > 0, path[index].kind == .tryExpr || path[index].kind == .forceUnwrapExpr { index -= 1 }
        guard index >= 1, path[index].kind == .initializerClause else { return nil }
        let owner = path[index - 1]
        if let parameter = owner.as(RawFunctionParameterSyntax.self) { return parameter.type.coreName }
        if let binding = owner.as(RawPatternBindingSyntax.self) { return binding.typeAnnotation?.type.coreName }
        return nil
    }

    /// The property wrappers through which DI container libraries resolve a dependency (Factory, Resolver,
    /// swift-dependencies, InfomaniakDI).
    private static let containerWrappers: [SyntaxText] = [
        "Injected", "InjectedObject", "LazyInjected", "WeakLazyInjected", "OptionalInjected", "InjectedType",
        "Dependency",
        "InjectService", "LazyInjectService",
    ]

    /// The container a typed wrapper reads, when it is not Resolver's: App Intents' `@Dependency var library:
    /// LibraryService` reads its `AppDependencyManager`, InfomaniakDI's `@InjectService var api: API` its `SimpleResolver`.
    private static let wrapperContainers: [SyntaxText: String] = [
        "Dependency": "AppDependencyManager", "InjectService": "SimpleResolver", "LazyInjectService": "SimpleResolver",
    ]

    /// `@Injected(\.api) var api` (Factory: a registration by key path; swift-dependencies' `@Dependency(\.api)`
    /// likewise) and `@Injected var api: APIClient` (Resolver: a type by name). Rare enough that the attribute's text is read as a string.
    /// Any other wrapper given a key path (Mask's `@InjectedProvider(\.settings)`) is recorded with its name: an access
    /// only if the codebase declares it a `@propertyWrapper` (SwiftUI's `@Environment(\.x)` is not one).
    mutating func recordContainerInjection(_ node: RawNode) {
        // Every property passes here: its attributes are compared as bytes, no name is built.
        guard let variable = node.as(RawVariableDeclSyntax.self),
            variable.attributes.layoutView.children.contains(where: { element in
                guard let attribute = element?.as(RawAttributeSyntax.self),
                    let name = attribute.attributeName.as(RawIdentifierTypeSyntax.self)?.name
                else { return false }
                return Self.containerWrappers.contains(name.tokenText) || Self.takesKeyPath(attribute)
            })
        else { return }
        let attributes = node.child(variable.attributes)
        attributes.forEachChild { element in
            guard let attribute = element.as(RawAttributeSyntax.self),
                let name = attribute.attributeName.as(RawIdentifierTypeSyntax.self)?.name
            else { return }
            let isKnown = Self.containerWrappers.contains(name.tokenText)
            guard isKnown || Self.takesKeyPath(attribute) else { return }
            let text = element.trimmedText(in: source)
            let request: BodyFacts.ContainerCandidate.Request
            if text.utf8.contains(UInt8(ascii: "\\")) {
                guard let keyPath = Self.keyPathRequest(in: text) else { return }
                request = keyPath
            } else {
                var annotated: String?
                node.child(variable.bindings).forEachChild { binding in
                    if annotated == nil {
                        annotated = binding.as(RawPatternBindingSyntax.self)?.typeAnnotation?.type.coreName
                    }
                }
                guard let annotated else { return }
                // App Intents' `@Dependency var library: LibraryService` reads its `AppDependencyManager`.
                request = .type(annotated, receiver: Self.wrapperContainers[name.tokenText])
            }
            facts.containerCandidates.append(
                .init(
                    request: request, wrapper: isKnown ? nil : String(syntaxText: name.tokenText), scope: scope,
                    start: element.start, site: placement.union(.propertyWrapper)))
        }
    }

    /// Whether an attribute's first argument is a key path (`@InjectedProvider(\.settings)`).
    private static func takesKeyPath(_ attribute: RawAttributeSyntax) -> Bool {
        guard let arguments = attribute.arguments?.as(RawLabeledExprListSyntax.self),
            let first = arguments.layoutView.children.first??.as(RawLabeledExprSyntax.self)
        else { return false }
        return first.expression.is(RawKeyPathExprSyntax.self)
    }

    /// The registration a key path names (`\\.api`, `\\AppContainer.api`), read from the text after its `\\`.
    private static func keyPathRequest(in text: String) -> BodyFacts.ContainerCandidate.Request? {
        let path = text.drop { $0 != "\\" }.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        guard let dot = path.lastIndex(of: "."), !path[path.index(after: dot)...].isEmpty else { return nil }
        let root = path[..<dot]
        return .keyPath(container: root.isEmpty ? nil : String(root), name: String(path[path.index(after: dot)...]))
    }

    /// `Resolver.resolve(APIClient.self)`, `container.resolve(APIClient.self)!`: a type asked of a container;
    /// Factory's free function `resolve(\\SharedContainer.api)`: a registration asked by key path.
    mutating func recordResolveCall(_ node: RawNode) {
        guard let call = node.as(RawFunctionCallExprSyntax.self) else { return }
        let member = call.calledExpression.as(RawMemberAccessExprSyntax.self)
        // Read once: asked for every call of the codebase.
        let called = member?.declName.baseName.tokenText
        if let member, called == "inObjectScope" || called == "scope" {
            recordScopedRegistration(node, scopedBy: member, arguments: call.arguments)
            return
        }
        let function = call.calledExpression.as(RawDeclReferenceExprSyntax.self)
        let isResolve = called == "resolve" || function?.baseName.tokenText == "resolve"
        guard isResolve else { return }
        if function != nil, let first = call.arguments.layoutView.children.first??.as(RawLabeledExprSyntax.self),
            first.label == nil, first.expression.is(RawKeyPathExprSyntax.self)
        {
            guard let request = Self.keyPathRequest(in: node.child(call.arguments).child(first).trimmedText(in: source))
            else { return }
            let context = Self.accessContext(of: node, ancestors: path[...], placement: placement)
            facts.containerCandidates.append(
                .init(request: request, wrapper: nil, scope: scope, start: node.start, site: context.site))
            return
        }
        // Resolver's `let api: APIClient = Resolver.resolve()`, `init(api: APIClient = resolve())`: the type asked
        // for is the one written for the value.
        if call.arguments.layoutView.children.isEmpty, let written = annotatedTypeOfValue() {
            let context = Self.accessContext(of: node, ancestors: path[...], placement: placement)
            facts.containerCandidates.append(
                .init(
                    request: .type(written, receiver: member?.base?.dottedName), wrapper: nil, scope: scope,
                    start: node.start, site: context.site))
            return
        }
        guard let callee = member, called == "resolve",
            let first = call.arguments.layoutView.children.first??.as(RawLabeledExprSyntax.self),
            let metatype = first.expression.as(RawMemberAccessExprSyntax.self),
            metatype.declName.baseName.tokenText == "self", let written = metatype.base?.dottedName,
            written.unicodeScalars.first.map(isUppercaseInitial) == true
        else { return }
        let context = Self.accessContext(of: node, ancestors: path[...], placement: placement)
        facts.containerCandidates.append(
            .init(
                request: .type(written, receiver: callee.base?.dottedName), wrapper: nil, scope: scope,
                start: node.start,
                site: context.site))
    }

    /// Swinject's `container.register(APIClient.self) { _ in LiveAPIClient() }.inObjectScope(.container)`, and
    /// Resolver's `register { WalletSettings(…) }.scope(.application)` (or `.cached`, or an app's own scope such as
    /// `.session`), through any calls chained between the two (`.initCompleted { … }`, `.implements(P.self)`): a
    /// registration keeping one instance, recorded on the type whose function makes it, as the type named by
    /// `register`'s `X.self` or built by its closure. Scopes making a new instance or holding none (`.transient`,
    /// `.graph`, `.unique`, `.weak`, `.shared`) are left out.
    private mutating func recordScopedRegistration(
        _ node: RawNode, scopedBy scoped: RawMemberAccessExprSyntax, arguments: RawLabeledExprListSyntax
    ) {
        let isSwinject = scoped.declName.baseName.tokenText == "inObjectScope"
        guard let owner = fragmentStack.last,
            let scope = arguments.layoutView.children.first??.as(RawLabeledExprSyntax.self)?.expression
                .as(RawMemberAccessExprSyntax.self)?.declName.baseName.tokenText,
            isSwinject ? scope == "container" : !Self.resolverScopesKeepingNone.contains(String(syntaxText: scope))
        else { return }
        guard let call = node.as(RawFunctionCallExprSyntax.self) else { return }
        var current = node.child(call.calledExpression).child(scoped.base)
        for _ in 0..<8 {
            guard let call = current?.as(RawFunctionCallExprSyntax.self) else { return }
            let callee = call.calledExpression.as(RawMemberAccessExprSyntax.self)
            // Resolver's bare `register { … }` inside an extension of `Resolver` (keyapp's `registerAllServices()`).
            let bare = isSwinject ? nil : call.calledExpression.as(RawDeclReferenceExprSyntax.self)
            guard (callee?.declName.baseName ?? bare?.baseName)?.tokenText == "register" else {
                guard let callee else { return }
                current = current?.child(call.calledExpression).child(callee.base)
                if current == nil { return }
                continue
            }
            guard let written = Self.registeredType(call), written.unicodeScalars.first.map(isUppercaseInitial) == true,
                let start = current?.start
            else { return }
            fragments[owner].scopedRegistrations.append(
                StoredProperty(
                    name: written, typeName: written, initialValue: nil, initialCall: nil, isInitializedByCall: false,
                    isOptional: false, isStatic: false, isLet: true, isComputed: true,
                    registrationScope: String(syntaxText: scope), attributes: [], location: context.location(at: start))
            )
            return
        }
    }

    /// Resolver's scopes that make a new instance per resolution or keep none alive.
    private static let resolverScopesKeepingNone: Set<String> = ["graph", "unique", "shared", "transient", "weak"]

    /// The type a `register` call registers: its `X.self` argument, else the type its closure builds (`register {
    /// WalletSettings(provider: …) }`).
    private static func registeredType(_ call: RawFunctionCallExprSyntax) -> String? {
        if let first = call.arguments.layoutView.children.first??.as(RawLabeledExprSyntax.self), first.label == nil,
            let metatype = first.expression.as(RawMemberAccessExprSyntax.self),
            metatype.declName.baseName.tokenText == "self"
        {
            return metatype.base?.dottedName
        }
        guard let closure = call.trailingClosure else { return nil }
        let statements = closure.statements.elements
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        let expression = item.as(RawReturnStmtSyntax.self)?.expression ?? item.as(RawExprSyntax.self)
        guard let built = expression?.as(RawFunctionCallExprSyntax.self) else { return nil }
        if let reference = built.calledExpression.as(RawDeclReferenceExprSyntax.self) {
            return String(syntaxText: reference.baseName.tokenText)
        }
        return built.calledExpression.dottedName
    }

    /// A name that may be a global instance. Recorded by position only: the name is read back from the
    /// source if the codebase has global instances at all.
    mutating func recordReference(_ node: RawNode) {
        guard let reference = node.as(RawDeclReferenceExprSyntax.self), reference.baseName.tokenKind == .identifier
        else { return }
        facts.references.append(
            .init(name: node.textRange(of: reference.baseName), scope: scope, declaration: declaration))
    }

    /// `[appState]` in a closure's capture list reads `appState` like a reference does (`[state = appState]`
    /// holds a reference of its own, walked as usual).
    mutating func recordCapture(_ node: RawNode) {
        guard let capture = node.as(RawClosureCaptureSyntax.self), capture.initializer == nil,
            capture.name.tokenKind == .identifier
        else { return }
        facts.references.append(.init(name: node.textRange(of: capture.name), scope: scope, declaration: declaration))
    }

    /// `if let appState {` and `guard let appState else` read `appState` like a reference does.
    mutating func recordShorthandBinding(_ node: RawNode) {
        guard let binding = node.as(RawOptionalBindingConditionSyntax.self), binding.initializer == nil,
            let name = binding.pattern.as(RawIdentifierPatternSyntax.self)?.identifier, name.tokenKind == .identifier
        else { return }
        facts.references.append(
            .init(name: node.child(binding.pattern).textRange(of: name), scope: scope, declaration: declaration))
    }

    /// How a reached expression is used, and the member used on it.
    ///
    /// - Parameters:
    ///   - ancestors: the nodes from the root down to `node`'s parent.
    ///   - placement: the enclosing wiring code (static member, initialiser, `#if DEBUG`).
    static func accessContext(
        of node: RawNode, ancestors: ArraySlice<RawNode>, placement: SingletonAccess.Site = []
    ) -> BodyFacts.AccessContext {
        var context = BodyFacts.AccessContext(
            usage: usage(of: node, ancestors: ancestors), member: nil, memberUsage: .direct,
            site: placement.union(valueSite(of: node, ancestors: ancestors)), memberSite: placement)
        if let position = defaultValuePosition(ancestors) {
            context.site.insert(.parameterDefault)
            context.memberSite.insert(.parameterDefault)
            // `serverName: String = Accounts.shared.client.host`: a value read off the singleton, no service.
            if let type = position.parameter.as(RawFunctionParameterSyntax.self)?.type.as(RawIdentifierTypeSyntax.self),
                Self.standardValueTypes.contains(type.name.tokenText)
            {
                context.site.insert(.valueDefault)
                context.memberSite.insert(.valueDefault)
            }
            if position.inClosure {
                context.site.insert(.deferred)
                context.memberSite.insert(.deferred)
            }
            // `init(api: APIClient = resolve())`.
            if isWholeParameterDefault(ancestors) { context.site.insert(.wholeDefault) }
        }
        // The member used on it, also through `?` and `!` (`UserDefaults.appGroup?.legacySettings`).
        var base = node
        var above = ancestors
        while let wrapper = above.last, wrapper.kind == .optionalChainingExpr || wrapper.kind == .forceUnwrapExpr {
            base = wrapper
            above = above.dropLast()
        }
        if let parent = above.last, let member = parent.as(RawMemberAccessExprSyntax.self),
            member.base?.raw.id == base.raw.id
        {
            context.member = member.declName.baseName.bareName
            context.memberIsCalled =
                above.dropLast().last?.as(RawFunctionCallExprSyntax.self)?.calledExpression.raw.id == parent.raw.id
            // `init(api: any API = Container.shared.api())`: the call is the parameter's whole default.
            if context.memberIsCalled, isWholeParameterDefault(above.dropLast(2)) {
                context.memberSite.insert(.wholeDefault)
            }
            context.memberUsage = usage(of: parent, ancestors: above.dropLast())
            context.memberSite.formUnion(valueSite(of: parent, ancestors: above.dropLast()))
            // `router = AppEnvironment.shared.router` in `required init?(coder:)`: the locator member is the value assigned.
            if placement.contains(.initializer), case .direct = context.memberUsage,
                let property = assignedProperty(of: parent, ancestors: above.dropLast())
            {
                context.memberUsage = .initializerAssignment(property: property)
            }
        }
        if placement.contains(.initializer), case .direct = context.usage,
            let property = assignedProperty(of: node, ancestors: ancestors)
                ?? providerAssignedProperty(of: node, ancestors: ancestors)
        {
            context.usage = .initializerAssignment(property: property)
        }
        // The fallback of `??` in a method or a computed property (beam's `var data: BeamData { state?.data ??
        // BeamData.shared }`) is read at each call the injected value is missing: a plain access, not a default.
        if placement.isDisjoint(with: [.initializer, .storedValue, .staticMember]),
            !context.site.contains(.parameterDefault)
        {
            if case .injectedDefault = context.usage { context.usage = .direct }
            if case .injectedDefault = context.memberUsage { context.memberUsage = .direct }
        }
        return context
    }

    /// How the value of `node` is used: compared, written to, assigned whole, passed as an argument.
    private static func valueSite(of node: RawNode, ancestors: ArraySlice<RawNode>) -> SingletonAccess.Site {
        guard let parent = ancestors.last else { return [] }
        if parent.kind == .labeledExpr { return .argument }
        guard parent.kind == .exprList else { return [] }
        var previous: RawNode?
        var next: RawNode?
        var seen = false
        parent.forEachChild { element in
            if element.offset == node.offset && element.end == node.end {
                seen = true
            } else if !seen {
                previous = element
            } else if next == nil {
                next = element
            }
        }
        func isComparison(_ element: RawNode?) -> Bool {
            guard let op = element?.as(RawBinaryOperatorExprSyntax.self)?.operator.tokenText else { return false }
            return op == "==" || op == "!=" || op == "===" || op == "!=="
        }
        var site: SingletonAccess.Site = []
        if isComparison(previous) || isComparison(next) { site.insert(.comparison) }
        if next?.kind == .assignmentExpr { site.insert(.assignmentTarget) }
        if previous?.kind == .assignmentExpr { site.insert(.assignedValue) }
        return site
    }

    /// The standard library's and Foundation's value types a parameter's default may read off a singleton.
    private static let standardValueTypes: Set<SyntaxText> = [
        "String", "Int", "Double", "Float", "Bool", "URL", "Date", "UUID", "Data", "CGFloat", "TimeInterval",
    ]

    private static func usage(of node: RawNode, ancestors: ArraySlice<RawNode>) -> BodyFacts.Usage {
        guard let parent = ancestors.last else { return .direct }
        if defaultValuePosition(ancestors) != nil { return .defaultArgument }
        // `AppDependencies.container[StoreKey.self]`: a container is used as the value read from it is
        // (`store ?? AppDependencies.container[StoreKey.self]`, a fallback).
        if let read = parent.as(RawSubscriptCallExprSyntax.self), read.calledExpression.raw.id == node.raw.id {
            return usage(of: parent, ancestors: ancestors.dropLast())
        }
        // `self.init(store: Store.shared)`: a convenience initializer handing the designated one its default.
        if parent.kind == .labeledExpr, isDelegatingInitializerArgument(ancestors.dropLast()) {
            return .injectedDefault
        }
        // `self.init(store: { Store.shared })`: the provider it hands the designated one (a closure of that one read).
        if parent.kind == .codeBlockItem, isDelegatingInitializerProvider(ancestors.dropLast()) {
            return .injectedDefault
        }
        return parent.kind == .exprList && isNilCoalescingFallback(node, in: parent) ? .injectedDefault : .direct
    }

    /// Whether `ancestors` (of a statement's expression, its item dropped) end in a closure of that one statement, the
    /// whole argument of a `self.init(…)` call.
    private static func isDelegatingInitializerProvider(_ ancestors: ArraySlice<RawNode>) -> Bool {
        guard let items = ancestors.last, items.kind == .codeBlockItemList,
            items.raw.layoutView?.children.count == 1,
            let closure = ancestors.dropLast().last, closure.kind == .closureExpr,
            let argument = ancestors.dropLast(2).last, argument.kind == .labeledExpr
        else { return false }
        return isDelegatingInitializerArgument(ancestors.dropLast(3))
    }

    /// Whether `ancestors` end in the argument list of a `self.init(…)` call.
    private static func isDelegatingInitializerArgument(_ ancestors: ArraySlice<RawNode>) -> Bool {
        guard let list = ancestors.last, list.kind == .labeledExprList,
            let call = ancestors.dropLast().last?.as(RawFunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(RawMemberAccessExprSyntax.self),
            callee.declName.baseName.isKeyword("init"),
            callee.base?.as(RawDeclReferenceExprSyntax.self)?.baseName.isKeyword("self") == true
        else { return false }
        return true
    }

    /// Whether the node is anywhere in a parameter's default value (`= Store.shared.context()`), a closure the
    /// default passes included (`= { Store.shared }`, a provider the caller may replace): evaluated by the
    /// caller, a default. `inClosure` tells a provider's read, which runs later, not when the default is made;
    /// `parameter` is the parameter it is the default of.
    private static func defaultValuePosition(_ ancestors: ArraySlice<RawNode>) -> (inClosure: Bool, parameter: RawNode)?
    {
        var inClosure = false
        // Innermost first, by index (asked for every access: a reversed `zip` allocated an array each time).
        var index = ancestors.endIndex
        while index > ancestors.startIndex {
            index -= 1
            let kind = ancestors[index].kind
            if kind == .initializerClause {
                return index > ancestors.startIndex && ancestors[index - 1].kind == .functionParameter
                    ? (inClosure, ancestors[index - 1]) : nil
            }
            if kind == .codeBlock || kind == .memberBlock { return nil }
            if kind == .closureExpr { inClosure = true }
        }
        return nil
    }

    /// Whether the node whose ancestors these are is a parameter's whole default value, as written or unwrapped
    /// (`= Container.shared.api()`, `= container.resolve(API.self)!`).
    private static func isWholeParameterDefault(_ ancestors: ArraySlice<RawNode>) -> Bool {
        var rest = ancestors
        while let last = rest.last, last.kind == .forceUnwrapExpr || last.kind == .optionalChainingExpr {
            rest = rest.dropLast()
        }
        return rest.last?.kind == .initializerClause && rest.dropLast().last?.kind == .functionParameter
    }

    /// The property `node` is the whole value of, in `self.store = node` or `store = node`.
    private static func assignedProperty(of node: RawNode, ancestors: ArraySlice<RawNode>) -> String? {
        guard let list = ancestors.last, list.kind == .exprList else { return nil }
        var elements: [RawNode] = []
        list.forEachChild { elements.append($0) }
        guard elements.count == 3, elements[2].offset == node.offset, elements[1].kind == .assignmentExpr else {
            return nil
        }
        let target = elements[0]
        if let member = target.as(RawMemberAccessExprSyntax.self),
            member.base?.as(RawDeclReferenceExprSyntax.self)?.baseName.isKeyword("self") == true
        {
            return member.declName.baseName.bareName
        }
        return target.as(RawDeclReferenceExprSyntax.self)?.baseName.bareName
    }

    /// The property a closure returning only `node` is assigned to (`self.root = { Root.instance }`, `{ return
    /// Root.instance }`): a provider of the singleton, the default of an injected closure in an initializer.
    private static func providerAssignedProperty(of node: RawNode, ancestors: ArraySlice<RawNode>) -> String? {
        var rest = ancestors
        if rest.last?.kind == .returnStmt { rest = rest.dropLast() }
        guard rest.last?.kind == .codeBlockItem, let list = rest.dropLast().last, list.kind == .codeBlockItemList,
            let closure = rest.dropLast(2).last?.as(RawClosureExprSyntax.self), closure.signature == nil
        else { return nil }
        var statements = 0
        list.forEachChild { _ in statements += 1 }
        guard statements == 1, let closureNode = rest.dropLast(2).last else { return nil }
        return assignedProperty(of: closureNode, ancestors: rest.dropLast(3))
    }

    /// Whether `node` is the right side of `??` in the sequence `list`, whose left side does not read the same expression: `store ??
    /// Store.shared` is an injected value's fallback; `Root.instance.presented ?? Root.instance` reads the singleton
    /// on both sides.
    private static func isNilCoalescingFallback(_ node: RawNode, in list: RawNode) -> Bool {
        var elements: [RawNode] = []
        list.forEachChild { elements.append($0) }
        guard let index = elements.firstIndex(where: { $0.end == node.offset }), index >= 1,
            elements[index].as(RawBinaryOperatorExprSyntax.self)?.operator.tokenText == "??"
        else { return false }
        guard let name = node.as(RawExprSyntax.self)?.dottedName else { return true }
        return !reads(name, in: elements[index - 1])
    }

    /// Whether a reference chain spelled `name` (`Root.instance`) is inside `node`.
    private static func reads(_ name: String, in node: RawNode) -> Bool {
        if node.as(RawExprSyntax.self)?.dottedName == name { return true }
        var found = false
        node.forEachChild { child in
            if !found, reads(name, in: child) { found = true }
        }
        return found
    }

    /// Whether the code being visited is a test's or a SwiftUI `#Preview`'s: sample data and set-up, which the
    /// force-operation and hard-coded-value rules leave alone.
    var isTestOrPreview: Bool { context.isTest || placement.contains(.preview) }

    /// Whether the code being visited holds sample values rather than the app's own: a test's or a preview's,
    /// debug-only code (`#if DEBUG`), or a declaration named as sample data (see ``namesSampleData(_:)``). The
    /// hard-coded value rules (`hardcoded-url`, `hardcoded-interval`, `duplicated-literal`) leave it alone.
    var isSampleData: Bool { isTestOrPreview || placement.contains(.debugOnly) || isInSampleDeclaration }

    // MARK: Force operations

    /// The force rules' hooks (`force-unwrap`, `force-try`, `force-cast`, each in its rule's file). Code built only
    /// for debug, preview or test builds (`#if DEBUG`) crashes no user's app: threema's preview persistence stack.
    mutating func recordForceOperation(_ node: RawNode) {
        guard !isTestOrPreview, !placement.contains(.debugOnly) else { return }
        switch node.kind {
        case .forceUnwrapExpr: observeForceUnwrap(node)
        case .tryExpr: observeForceTry(node)
        default: observeForceCast(node)
        }
    }

    /// Records an occurrence that `rule` reports as is (called by the rules' hooks).
    mutating func observe(_ rule: RuleID, at offset: Int, subject: String) {
        facts.observations.append(
            .init(
                observation: .init(rule: rule, location: context.location(at: offset), subject: subject, typeName: nil),
                scope: scope))
    }

    // MARK: Hard-coded values

    /// Records a URL or a literal that may be duplicated. Returns whether the literal's children need a
    /// walk (an interpolated literal's expressions).
    mutating func visitStringLiteral(_ node: RawNode) -> Bool {
        guard !isSampleData, !context.isManifest, let literal = node.as(RawStringLiteralExprSyntax.self) else {
            return true
        }
        var text = ""
        var isPlain = true
        for segment in literal.segments.layoutView.children {
            if let plain = segment?.as(RawStringSegmentSyntax.self) {
                text += plain.content.text
            } else {
                isPlain = false
                break
            }
        }
        // The hooks of `hardcoded-url` and `duplicated-literal`, in their rules' files.
        if !observeHardcodedURL(text, isComplete: isPlain, at: node) {
            recordLiteral(text, isPlain: isPlain, literal, at: node)
        }
        return !isPlain
    }

    /// Whether the node being visited is an argument of a macro (within six levels). Attributes' arguments
    /// are never visited: the walk skips attribute lists.
    var isInMacroArgument: Bool {
        path.suffix(6).contains { $0.kind == .macroExpansionExpr || $0.kind == .macroExpansionDecl }
    }

    mutating func visitSequence(_ node: RawNode) {
        guard let sequence = node.as(RawSequenceExprSyntax.self) else { return }
        let elements = node.child(sequence.elements)
        if !isSampleData {
            observeHardcodedIntervals(in: elements)  // `hardcoded-interval`'s hook
        }
        recordWrite(elements)
    }

    // MARK: Writes that may touch UI state

    mutating func enterClosure(_ node: RawNode) {
        // Outside a class there is no UI state to guard, and outside a function taking closures no callback
        // to place: the closure then runs like the code around it.
        let judged = mayHoldUIState || !callbackFrames.isEmpty
        enterThread(.closure(judged ? ClosureContext.of(node, ancestors: path[...], source: source) : .inherited))
    }

    mutating func enterFunction(_ node: RawNode) {
        guard let function = node.as(RawFunctionDeclSyntax.self) else {
            return enterThread(.function(isMainActor: false, isAsync: false))
        }
        if mayHoldUIState {
            enterThread(
                .function(
                    isMainActor: function.attributes.contains("MainActor"),
                    isAsync: function.signature.effectSpecifiers?.asyncSpecifier != nil))
        } else {
            enterThread(.function(isMainActor: false, isAsync: false))
        }
        recordCallbackFunction(function)
    }

    private mutating func enterThread(_ kind: BodyFacts.Thread.Kind) {
        facts.threads.append(.init(parent: thread, scope: scope, kind: kind))
        thread = facts.threads.count - 1
    }

    // MARK: Callbacks

    /// A function taking closures (`completion: @escaping (Result) -> Void`, `handler: (() -> Void)?`,
    /// `body: @MainActor () -> Void`): its closure parameters are recorded, and calls of them in its body.
    private mutating func recordCallbackFunction(_ function: RawFunctionDeclSyntax) {
        var labels: [String] = []
        var parameters: [CallbackFunction.Parameter] = []
        for element in function.signature.parameterClause.parameters.layoutView.children {
            guard let parameter = element?.as(RawFunctionParameterSyntax.self) else { continue }
            let label = parameter.firstName.text
            labels.append(label)
            guard let isMainActor = Self.closureType(parameter.type) else { continue }
            let name = parameter.secondName?.bareName ?? parameter.firstName.bareName
            guard name != "_" else { continue }
            parameters.append(.init(position: labels.count - 1, name: name, isMainActor: isMainActor))
        }
        // A requirement without a body decides nothing, unless it declares a closure `@MainActor`.
        guard !parameters.isEmpty, let thread, function.body != nil || parameters.contains(where: \.isMainActor)
        else { return }
        facts.callbackFunctions.append(
            CallbackFunction(name: function.name.bareName, labels: labels, parameters: parameters))
        callbackFrames.append(
            CallbackFrame(function: facts.callbackFunctions.count - 1, thread: thread, names: parameters.map(\.name)))
    }

    /// Whether a parameter's type is a closure (`nil` if not), and whether it is `@MainActor`: a function
    /// type under attributes (`@escaping`, `@Sendable`, `@MainActor`), optionals and parentheses.
    private static func closureType(_ type: RawTypeSyntax) -> Bool? {
        var current = type
        var isMainActor = false
        for _ in 0..<8 {
            switch current.raw.kind {
            case .functionType: return isMainActor
            case .attributedType:
                let attributed = current.raw.cast(RawAttributedTypeSyntax.self)
                if attributed.attributes.contains("MainActor") { isMainActor = true }
                current = attributed.baseType
            case .optionalType: current = current.raw.cast(RawOptionalTypeSyntax.self).wrappedType
            case .implicitlyUnwrappedOptionalType:
                current = current.raw.cast(RawImplicitlyUnwrappedOptionalTypeSyntax.self).wrappedType
            case .tupleType:
                let elements = current.raw.cast(RawTupleTypeSyntax.self).elements.layoutView.children
                guard elements.count == 1, let only = elements.first??.as(RawTupleTypeElementSyntax.self) else {
                    return nil
                }
                current = only.type
            default: return nil
            }
        }
        return nil
    }

    /// `completion(result)`, `handler?()`: a call of a closure parameter of the enclosing function, with
    /// where it runs as far as this file tells.
    mutating func recordCallbackInvocation(_ node: RawNode) {
        guard let frame = callbackFrames.last, let call = node.as(RawFunctionCallExprSyntax.self) else { return }
        var callee = call.calledExpression
        if let chained = callee.as(RawOptionalChainingExprSyntax.self) { callee = chained.expression }
        guard let reference = callee.as(RawDeclReferenceExprSyntax.self),
            let index = frame.names.firstIndex(of: reference.baseName.bareName)
        else { return }
        var found = invocation(upTo: frame.thread)
        if case .synchronous = found, isCheckedMainThread() { found = .main }
        facts.callbackFunctions[frame.function].parameters[index].invocations.append(found)
    }

    /// Whether the code being visited runs only where `Thread.isMainThread` was just checked to hold: in `guard
    /// !Thread.isMainThread else { … }`'s `else`, `if Thread.isMainThread { … }`, or the `else` of `if
    /// !Thread.isMainThread` (Lunar's `mainAsync { }`, which calls its closure right away on the main thread and
    /// dispatches it there otherwise). Looked for up to the enclosing function or closure.
    private func isCheckedMainThread() -> Bool {
        for index in path.indices.reversed().dropFirst() {
            let node = path[index]
            if node.kind == .closureExpr || node.kind == .functionDecl || node.kind == .initializerDecl { return false }
            let child = path[index + 1]
            if let guardStatement = node.as(RawGuardStmtSyntax.self), guardStatement.body.raw.id == child.raw.id {
                if node.child(guardStatement.conditions).trimmedText(in: source) == "!Thread.isMainThread" {
                    return true
                }
            } else if let branch = node.as(RawIfExprSyntax.self) {
                let condition = node.child(branch.conditions).trimmedText(in: source)
                if branch.body.raw.id == child.raw.id, condition == "Thread.isMainThread" { return true }
                if branch.elseBody?.raw.id == child.raw.id, condition == "!Thread.isMainThread" { return true }
            }
        }
        return false
    }

    /// `request(endpoint, completion: completion)`, `DispatchQueue.main.async(execute: handler)`: a closure
    /// parameter of the enclosing function passed on by name runs where the call runs its argument.
    mutating func recordForwardedCallback(_ node: RawNode) {
        guard let frame = callbackFrames.last, let reference = node.as(RawDeclReferenceExprSyntax.self),
            let index = frame.names.firstIndex(of: reference.baseName.bareName),
            let argument = path.last?.as(RawLabeledExprSyntax.self), path.count >= 3,
            path[path.count - 3].kind == .functionCallExpr
        else { return }
        let call = path[path.count - 3]
        let here = ClosureContext.context(
            passedTo: call, closureLabel: argument.label?.text ?? "_", closure: node, source: source)
        let around = invocation(upTo: frame.thread)
        let found: CallbackFunction.Invocation
        switch here {
        case .main: found = .main
        case .background: found = .background
        case .task, .inherited: found = .unknown
        case .passed(let closure):
            if case .passed(let outer, let then) = around {
                found = .passed([closure] + outer, then: then)
            } else {
                found = .passed([closure], then: around)
            }
        }
        facts.callbackFunctions[frame.function].parameters[index].invocations.append(found)
    }

    /// Where code at the current thread runs relative to the body of the function whose thread is `owner`.
    private func invocation(upTo owner: Int) -> CallbackFunction.Invocation {
        var passed: [PassedClosure] = []
        var current = thread
        var found = CallbackFunction.Invocation.synchronous
        while let index = current, index != owner {
            guard case .closure(let context) = facts.threads[index].kind else {
                found = .unknown
                break
            }
            switch context {
            case .main: found = .main
            case .background: found = .background
            case .task: found = .unknown
            case .inherited: current = facts.threads[index].parent; continue
            case .passed(let closure):
                passed.append(closure)
                current = facts.threads[index].parent
                continue
            }
            break
        }
        return passed.isEmpty ? found : .passed(passed, then: found)
    }

    /// `x = …`, `self.x = …`, `self?.x += …`, `items[0] = …`, `self.state.count = …` inside a class or an
    /// extension.
    private mutating func recordWrite(_ elements: RawNode) {
        guard let scope, facts.scopes[scope].mayHoldUIState else { return }
        var target: RawNode?
        var op: RawNode?
        elements.forEachChild { element in
            if target == nil { target = element } else if op == nil { op = element }
        }
        guard let target, let op else { return }
        if let binary = op.as(RawBinaryOperatorExprSyntax.self) {
            switch binary.operator.tokenText {
            case "==", "!=", "<=", ">=", "===", "!==": return
            case let text where text.hasSuffix("="): break
            default: return
            }
        } else if op.kind != .assignmentExpr {
            return
        }
        guard let (property, steps) = Self.writtenPath(target.as(RawExprSyntax.self)),
            !isLocal(property, written: target.as(RawExprSyntax.self), at: elements)
        else { return }
        facts.writes.append(.init(property: property, steps: steps, offset: target.start, scope: scope, thread: thread))
    }

    /// `items.append(…)`, `self.items.removeAll()`, `isOn.toggle()`: a call of a mutating method of the
    /// standard collections and `Bool` on a property, inside a class or an extension. An awaited call
    /// (`await api.queue.remove(id)`) is an actor's or an async method, none of those.
    mutating func recordMutation(_ node: RawNode) {
        guard let scope, facts.scopes[scope].mayHoldUIState,
            let call = node.as(RawFunctionCallExprSyntax.self),
            let method = call.calledExpression.as(RawMemberAccessExprSyntax.self), let receiver = method.base,
            Self.mutatingMethods.contains(method.declName.baseName.tokenText), path.last?.kind != .awaitExpr,
            let (property, steps) = Self.writtenPath(receiver), !isLocal(property, written: receiver, at: node)
        else { return }
        let offset = node.child(call.calledExpression).child(receiver).start
        facts.writes.append(
            .init(property: property, steps: steps, isMutatingCall: true, offset: offset, scope: scope, thread: thread))
    }

    /// Whether a write reaches a local (a parameter, an `inout` one included, or an earlier `let`/`var`) of
    /// the same name as the property rather than the property: the target starts with the bare name.
    private func isLocal(_ property: String, written target: RawExprSyntax?, at node: RawNode) -> Bool {
        var current = target
        while let expression = current {
            switch expression.raw.kind {
            case .declReferenceExpr:
                return LocalShadowing.isShadowed(property, along: path, then: node)
            case .memberAccessExpr: current = expression.raw.cast(RawMemberAccessExprSyntax.self).base
            case .subscriptCallExpr: current = expression.raw.cast(RawSubscriptCallExprSyntax.self).calledExpression
            case .optionalChainingExpr: current = expression.raw.cast(RawOptionalChainingExprSyntax.self).expression
            case .forceUnwrapExpr: current = expression.raw.cast(RawForceUnwrapExprSyntax.self).expression
            default: return false
            }
            // `self.x`: the property itself.
            if let reference = current?.as(RawDeclReferenceExprSyntax.self), reference.baseName.isKeyword("self") {
                return false
            }
        }
        return false
    }

    /// Mutating methods of `Array`, `Set`, `Dictionary`, `String` and `Bool` (and SwiftUI's list edits).
    private static let mutatingMethods: Set<SyntaxText> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "removeValue",
        "popLast", "popFirst", "replaceSubrange", "sort", "reverse", "shuffle", "swapAt", "merge", "updateValue",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "toggle", "move",
    ]

    /// The property a write reaches, and the steps from it down to what is written: `x`, `self.x`, `self?.x`,
    /// and the same under subscripts, member accesses, `!` and `?` (`items[0]`, `self.state.count`,
    /// `self.user?.name` → `items`, `state`, `user`; the steps `[subscript]`, `[member("count")]`,
    /// `[member("name")]`).
    private static func writtenPath(_ target: RawExprSyntax?) -> (property: String, steps: [BodyFacts.Write.Step])? {
        guard let target else { return nil }
        switch target.raw.kind {
        case .declReferenceExpr:
            let name = target.raw.cast(RawDeclReferenceExprSyntax.self).baseName
            return name.tokenKind == .identifier ? (name.bareName, []) : nil
        case .memberAccessExpr:
            let member = target.raw.cast(RawMemberAccessExprSyntax.self)
            guard let base = member.base else { return nil }
            let receiver = base.as(RawOptionalChainingExprSyntax.self)?.expression ?? base
            if let reference = receiver.as(RawDeclReferenceExprSyntax.self), reference.baseName.isKeyword("self") {
                return (member.declName.baseName.bareName, [])
            }
            guard var found = writtenPath(receiver) else { return nil }
            found.steps.append(.member(member.declName.baseName.bareName))
            return found
        case .subscriptCallExpr:
            guard var found = writtenPath(target.raw.cast(RawSubscriptCallExprSyntax.self).calledExpression)
            else { return nil }
            found.steps.append(.subscript)
            return found
        case .optionalChainingExpr:
            return writtenPath(target.raw.cast(RawOptionalChainingExprSyntax.self).expression)
        case .forceUnwrapExpr:
            return writtenPath(target.raw.cast(RawForceUnwrapExprSyntax.self).expression)
        default:
            return nil
        }
    }
}
