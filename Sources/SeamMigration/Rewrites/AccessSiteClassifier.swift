import SeamAnalysis
import SwiftSyntax

/// Decides, for each `S.shared` use the analysis found in a type, whether it can become an injected
/// property.
struct AccessSiteClassifier {
    /// One `S.shared` expression in a type's body.
    struct Site {
        /// `S.shared`, or a global instance's name.
        var node: ExprSyntax
        var file: Int
        /// Why it cannot be rewritten, or `nil` when it can.
        var unsafeReason: String?
        /// Whether its member is marked `@available` or checks `#available` (``unsafeReason`` says so when
        /// nothing else refuses the site first); only an `@available` singleton type makes that matter.
        var isUnderAvailabilityCheck = false
        /// The outermost closure between the site and its member, which must capture the property.
        var closure: ClosureExprSyntax?
        /// The member called on the singleton (`fetchSpots` in `S.shared.fetchSpots(...)`), if any.
        var calledMember: String?
        /// Whether a local or parameter of the property's name is in scope at the site (declared before or
        /// after it in an enclosing block), so `self.` is needed.
        var isShadowed: Bool
        /// The initializer the site is in, if any.
        var initializer: InitializerDeclSyntax?
        /// Whether the site is already a form of injection (a default argument, `injected ?? S.shared`),
        /// which the migration leaves alone without comment: the analysis's verdict (``SingletonAccess/kind``).
        var isInjectionDefault = false
        /// Whether the site puts another instance behind the singleton (`Theme.shared = Theme()`): it stays as it
        /// is, and the type, which then reads the singleton through a closure, sees the new one.
        var isReplacement = false
        /// The function (a member of the type) the site is in, if any.
        var function: FunctionDeclSyntax?
        /// The stored (non-`lazy`) property whose initial value holds the site, which `init` may assign instead
        /// (``SingletonInjection/MovedInitialValue``).
        var storedProperty: VariableDeclSyntax?
        /// Whether the site is in a `lazy` property's initializer, which runs on the instance at first use.
        var isInLazyInitializer = false
        /// Whether the site is in a `static`/`class` member, which has no instance to inject into.
        var isStatic = false
        /// The delegating (`self.init`) or convenience initializer the site is in, which cannot read a property
        /// before delegating but can take a parameter.
        var delegatingInitializer: InitializerDeclSyntax?
        /// The parameter of an instance method whose default argument the site is in, when the default can move
        /// into the method's body (``DefaultArgumentFallback``); ``unsafeReason`` says why not otherwise.
        var defaultArgument: FunctionParameterSyntax?

        /// The parameter clause of the function or delegating initializer the site is in.
        var enclosingParameterClause: FunctionParameterClauseSyntax? {
            function?.signature.parameterClause ?? delegatingInitializer?.signature.parameterClause
        }
    }

    /// The name of the injected property the site would become.
    let propertyName: String
    /// Whether the type is a struct or an enum, whose `self` a closure in a mutating member cannot capture.
    var isInValueType = false
    /// Whether the type is isolated to the main actor, whose `nonisolated` members cannot read its properties.
    var isIsolatedType = false
    /// Whether a site in an instance method's default argument may move into the method's body
    /// (``DefaultArgumentFallback``): only where the injected property is the type's own.
    var movesDefaultArguments = false

    /// Why a site in a default argument stays, when it cannot move into its function's body.
    static let defaultArgumentReason = "in a default argument, which is evaluated outside the instance"

    /// Classifies the `S.shared` expression the analysis found at `access`.
    func classify(_ node: ExprSyntax, file: Int, access: SingletonAccess) -> Site {
        var site = Site(
            node: node, file: file, unsafeReason: nil, closure: nil, calledMember: nil, isShadowed: false,
            initializer: nil)
        // Through `?` and `!` too (`UserDefaults.appGroup?.bool(forKey:)`), as the analysis reads the member.
        var base = Syntax(node)
        while let wrapper = base.parent,
            wrapper.is(OptionalChainingExprSyntax.self) || wrapper.is(ForceUnwrapExprSyntax.self)
        {
            base = wrapper
        }
        if let parent = base.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == base.id {
            site.calledMember = parent.declName.baseName.text
        }
        site.isInjectionDefault = access.isInjectionDefault
        site.isReplacement = access.isReplacement
        var current = Syntax(node)
        var member: DeclSyntax?
        var defaultParameter: FunctionParameterSyntax?
        while let parent = current.parent {
            if parent.is(AttributeSyntax.self) {
                site.unsafeReason = "inside an attribute (a property wrapper's or macro's argument)"
            } else if let clause = parent.as(InitializerClauseSyntax.self),
                let parameter = clause.parent?.as(FunctionParameterSyntax.self)
            {
                defaultParameter = parameter
            } else if let closure = parent.as(ClosureExprSyntax.self) {
                site.closure = closure
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                site.initializer = initializer
            }
            if parent.parent?.is(MemberBlockItemSyntax.self) == true, let decl = parent.as(DeclSyntax.self) {
                member = decl
                break
            }
            current = parent
        }
        guard let member else {
            site.unsafeReason =
                site.unsafeReason
                ?? (defaultParameter == nil ? "not inside a member of the type" : Self.defaultArgumentReason)
            return site
        }
        site.function = member.as(FunctionDeclSyntax.self)
        if let parameter = defaultParameter {
            if movesDefaultArguments, site.closure == nil, let function = site.function,
                DefaultArgumentFallback.syntacticRefusal(of: parameter, in: function) == nil
            {
                site.defaultArgument = parameter
            } else {
                site.unsafeReason = site.unsafeReason ?? Self.defaultArgumentReason
            }
        }
        if site.unsafeReason != nil { return site }
        // `DispatchQueue.main.async { store.send() }` in a struct's setter or `mutating func` would capture the
        // mutating `self` in an escaping closure (damus's `@GlobalSetting` wrapper).
        if isInValueType, let closure = site.closure, Self.isMutating(around: closure, in: member) {
            site.unsafeReason = "in a closure of a mutating member of a value type, which cannot capture `self`"
            return site
        }
        if let modifiers = member.asProtocol(WithModifiersSyntax.self)?.modifiers, modifiers.isStatic {
            site.isStatic = true
            site.unsafeReason = "in a static context, which has no instance to inject into"
        } else if isIsolatedType, let modifiers = member.asProtocol(WithModifiersSyntax.self)?.modifiers,
            modifiers.contains("nonisolated")
        {
            // CotEditor's `override nonisolated func read(from:ofType:)` of its main-actor `Document`, which read the
            // `nonisolated(unsafe)` `EncodingManager.shared`.
            site.unsafeReason =
                "in a `nonisolated` member of a main-actor type, which cannot read the type's injected property"
        } else if let variable = member.as(VariableDeclSyntax.self), isStoredInitializer(node, in: variable) {
            if variable.modifiers.contains("lazy") {
                // Run on the instance at first use: it reads the injected property, unless it is that name.
                site.isInLazyInitializer = true
                if variable.bindings.contains(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == propertyName
                }) {
                    site.unsafeReason =
                        "in the `lazy` property `\(propertyName)`, which the injected property would be named like"
                }
            } else {
                site.unsafeReason =
                    "in a stored property's initial value, which is evaluated before the instance exists"
                site.storedProperty = variable
            }
        } else if let initializer = member.as(InitializerDeclSyntax.self), Self.isDelegating(initializer) {
            site.delegatingInitializer = initializer
            site.unsafeReason =
                "in a delegating (`self.init`) or convenience initializer, which cannot read a stored property before delegating"
        } else if Self.isUnderAvailabilityCheck(member) {
            site.isUnderAvailabilityCheck = true
            site.unsafeReason =
                "in a member with an availability check (`#available`, `@available`): the injected default would be evaluated in `init`, outside the check"
        }
        // The analysis's shadowing model, counting locals declared later in an enclosing block too (a bare
        // name written before them would not compile).
        site.isShadowed = LocalShadowing.isShadowed(propertyName, at: node, countingLaterDeclarations: true)
        if site.isShadowed, site.closure != nil, site.unsafeReason == nil {
            site.unsafeReason = "a local named `\(propertyName)` shadows the property inside a closure"
        }
        return site
    }

    /// Whether the code around `closure` in `member` runs with a mutating `self`: a `mutating func`, an
    /// initializer, or a property's `set`, `willSet` or `didSet` (unless `nonmutating`).
    static func isMutating(around closure: ClosureExprSyntax, in member: DeclSyntax) -> Bool {
        if let function = member.as(FunctionDeclSyntax.self) { return function.modifiers.contains("mutating") }
        if member.is(InitializerDeclSyntax.self) { return true }
        var current = Syntax(closure)
        while let parent = current.parent, parent.id != member.id {
            if let accessor = parent.as(AccessorDeclSyntax.self) {
                let kind = accessor.accessorSpecifier.tokenKind
                let isWriting = kind == .keyword(.set) || kind == .keyword(.willSet) || kind == .keyword(.didSet)
                return isWriting && accessor.modifier?.name.text != "nonmutating"
            }
            current = parent
        }
        return false
    }

    private func isStoredInitializer(_ node: ExprSyntax, in variable: VariableDeclSyntax) -> Bool {
        for binding in variable.bindings
        where binding.accessorBlock == nil || Self.isObserverBlock(binding.accessorBlock) {
            if let initializer = binding.initializer, node.position >= initializer.position,
                node.endPosition <= initializer.endPosition
            {
                return true
            }
        }
        return false
    }

    /// Whether `member` is marked `@available` or checks `#available`/`#unavailable` anywhere in its body.
    static func isUnderAvailabilityCheck(_ member: DeclSyntax) -> Bool {
        if let attributes = member.asProtocol(WithAttributesSyntax.self)?.attributes,
            attributes.contains(where: { $0.as(AttributeSyntax.self).map(isAvailabilityGate) == true })
        {
            return true
        }
        return member.tokens(viewMode: .sourceAccurate).contains { token in
            token.tokenKind == .poundAvailable || token.tokenKind == .poundUnavailable
        }
    }

    /// Whether an attribute limits where its declaration exists: `@available(iOS 17, *)`, `@available(macOS,
    /// introduced: 14)`, `@available(iOS, unavailable)`. A deprecation (`@available(*, deprecated, message: "…")`,
    /// stepik's `AuthInfo` and 52 of its sites) only warns: the declaration exists everywhere, so code reading it
    /// needs no check.
    static func isAvailabilityGate(_ attribute: AttributeSyntax) -> Bool {
        guard attribute.attributeName.trimmedDescription == "available" else { return false }
        guard case .availability(let arguments) = attribute.arguments else { return true }
        return arguments.contains { argument in
            switch argument.argument {
            case .availabilityVersionRestriction: return true
            case .availabilityLabeledArgument(let labeled):
                return ["introduced", "obsoleted"].contains(labeled.label.text)
            case .token(let token): return token.text == "unavailable"
            }
        }
    }

    static func isObserverBlock(_ block: AccessorBlockSyntax?) -> Bool {
        guard case .accessors(let accessors) = block?.accessors else { return false }
        return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }

    /// Whether an initializer is `convenience` or calls `self.init(...)`.
    static func isDelegating(_ initializer: InitializerDeclSyntax) -> Bool {
        if initializer.modifiers.contains("convenience") { return true }
        return firstInitCall(in: initializer, on: .self) != nil
    }

    /// The first `self.init(…)` or `super.init(…)` call in the initializer's body, in source order.
    static func firstInitCall(
        in initializer: InitializerDeclSyntax, on receiver: InitCallFinder.Receiver
    ) -> FunctionCallExprSyntax? {
        guard let body = initializer.body else { return nil }
        let finder = InitCallFinder(receiver, viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }
}

/// The first call of `self.init(...)` or `super.init(...)` in a body.
final class InitCallFinder: SyntaxVisitor {
    enum Receiver { case `self`, `super` }

    let receiver: Receiver
    private(set) var found: FunctionCallExprSyntax?

    init(_ receiver: Receiver, viewMode: SyntaxTreeViewMode) {
        self.receiver = receiver
        super.init(viewMode: viewMode)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        if let callee = node.calledExpression.as(MemberAccessExprSyntax.self), callee.declName.baseName.text == "init",
            let base = callee.base
        {
            switch receiver {
            case .self: if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" { found = node }
            case .super: if base.is(SuperExprSyntax.self) { found = node }
            }
        }
        return found == nil ? .visitChildren : .skipChildren
    }
}
