import SeamAnalysis
import SwiftSyntax

/// Rewrite 5 (the view layer): a SwiftUI view reads its dependencies from the environment.
///
/// SwiftUI creates a view again from its parent's `body` at every update, so a dependency taken through the
/// view's `init` would have to be passed down by every parent. Instead, a view that reaches `Store.shared` gets
/// `@Environment(\.dependencies) private var dependencies` (once) and the use becomes
/// `dependencies.store.load()`. `dependencies` is the app's one dependencies container (see
/// ``DependenciesContainer``): the app's own container type when it has one, otherwise a generated
/// `AppDependencies`.
///
/// Only sites where the environment is installed move: `body` and other computed properties, methods, and
/// the closures they create (a button's action). A site in `init`, in a stored property's initial value
/// (`@StateObject private var model = Model(store: Store.shared)`), in a static member, in a closure that may
/// run off the main actor or in a `nonisolated` member stays, with a note. Unlike `init` injection, a view may
/// move some sites and keep others: reading the environment is no second way in that a test could miss, and
/// the environment's default is the live singleton.
struct ViewEnvironmentInjection {
    let input: MigrationInput

    /// The property name and key path the rewrite adds (`@Environment(\.dependencies) private var dependencies`).
    static let keyName = "dependencies"

    /// One site to move: the `S.shared` expression and the dependency it becomes.
    struct MovedSite {
        var site: AccessSiteClassifier.Site
        var dependency: SingletonInjection.Dependency
        /// The stored property the site is the whole initial value of, which becomes a computed one.
        var holder: Holder?
    }

    /// A stored property of a view whose whole initial value is the singleton (CotEditor's `private var manager:
    /// ThemeManager = .shared`, `@State private var encodingManager: EncodingManager = .shared`). It becomes a
    /// computed property that reads the environment (`private var manager: any ThemeManagerProtocol {
    /// dependencies.themeManager }`): the same instance, since the environment's default is the live one.
    struct Holder {
        var variable: VariableDeclSyntax
        var name: String
        /// Whether a use needs the class rather than the protocol: the instance passed on or compared, a property
        /// assigned through it, a member the protocol does not declare.
        var needsClass: Bool
    }

    /// A view whose sites move.
    struct ViewPlan {
        var typeName: String
        var file: Int
        var sites: [MovedSite]
        /// The view's `@Environment(\.<key>)` property name, when it already has one.
        var existingProperty: String?
        /// Whether sites are in extensions in other files (the property cannot be `private`).
        var crossFile: Bool
    }

    /// What the view rewrite decided before any container is chosen.
    struct Planning {
        var views: [ViewPlan] = []
        var notes: [MigrationNote] = []
        /// Every view type routed here (moved or not): none of them is injected through `init`.
        var routed: Set<String> = []
        /// The singleton sites in views, moved or not (the summary's denominator).
        var totalSites = 0

        /// The dependencies some view reads, once each, by access expression.
        var dependencies: [SingletonInjection.Dependency] {
            var seen: Set<String> = []
            return views.flatMap(\.sites).map(\.dependency).filter {
                seen.insert($0.singleton.accessExpression).inserted
            }
            .sorted { $0.singleton.accessExpression < $1.singleton.accessExpression }
        }
    }

    /// Whether the type declared at `declaration` is a view this rewrite handles (the model's fact).
    static func isView(_ declaration: MigrationInput.Declaration) -> Bool {
        declaration.view.kind == .struct && declaration.type.isSwiftUIView
    }

    /// Classifies the sites of `dependencies` in each view of `targets`.
    func plan(targets: [String: [SingletonInjection.Dependency]]) -> Planning {
        var planning = Planning()
        for typeName in targets.keys.sorted() {
            guard let entry = input.declaration(of: typeName), Self.isView(entry) else { continue }
            planning.routed.insert(typeName)
            var moved: [MovedSite] = []
            var kept: [(AccessSiteClassifier.Site, String)] = []
            for dependency in targets[typeName, default: []] {
                let classifier = AccessSiteClassifier(propertyName: Self.keyName)
                for access in input.accessSites
                where access.enclosingType == typeName && access.singletonID == dependency.singleton.id
                    && !access.isInjectionDefault
                {
                    planning.totalSites += 1
                    // An implicit `.shared` is reachable as a holder's whole initial value.
                    guard let file = input.fileIndex[access.location.file],
                        let node = input.files[file].singletonExpression(at: access.offset, of: dependency.singleton)
                            ?? input.files[file].implicitHolderAccess(
                                at: access.offset, named: dependency.singleton.propertyName
                            ).map(ExprSyntax.init)
                    else {
                        planning.notes.append(
                            MigrationNote(
                                kind: .leftUntouched, location: access.location,
                                message:
                                    "`\(dependency.singleton.accessExpression)` is not written as `\(dependency.singleton.accessExpression)` here (an implicit `.\(dependency.singleton.propertyName)`?); move it to the environment by hand"
                            ))
                        continue
                    }
                    let site = classifier.classify(node, file: file, access: access)
                    if let holding = holder(of: site, in: entry, dependency: dependency) {
                        switch holding {
                        case .success(let holder):
                            var held = dependency
                            held.isClass = holder.needsClass
                            moved.append(MovedSite(site: site, dependency: held, holder: holder))
                        case .failure(let refusal):
                            kept.append((site, refusal.reason))
                        }
                        continue
                    }
                    if let reason = refusal(of: site, dependency: dependency) {
                        kept.append((site, reason))
                    } else {
                        moved.append(MovedSite(site: site, dependency: dependency))
                    }
                }
            }
            for (site, reason) in kept {
                planning.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: input.files[site.file].location(of: site.node),
                        message: "`\(site.node.trimmedDescription)` stays in the view `\(typeName)`: \(reason)"))
            }
            guard !moved.isEmpty else { continue }
            let existing = Self.environmentProperty(in: entry.view.memberBlock)
            // A member of that name in an extension (a computed `dependencies`) clashes too.
            let clashInExtension = input.extensions(of: entry.type).contains {
                Self.environmentProperty(in: $0.view.memberBlock).clash
            }
            if existing.name == nil, existing.clash || clashInExtension {
                for item in moved {
                    planning.notes.append(
                        MigrationNote(
                            kind: .leftUntouched, location: input.files[item.site.file].location(of: item.site.node),
                            message:
                                "`\(item.site.node.trimmedDescription)` stays in the view `\(typeName)`: it already has a member named `\(Self.keyName)`"
                        ))
                }
                continue
            }
            let crossFile = moved.contains { $0.site.file != entry.file }
            planning.views.append(
                ViewPlan(
                    typeName: typeName, file: entry.file, sites: moved, existingProperty: existing.name,
                    crossFile: crossFile))
        }
        return planning
    }

    /// Why a holder must stay.
    struct HolderRefusal: Error {
        var reason: String
    }

    /// The holder `site` is the whole initial value of, or why it stays; `nil` when the site is no holder: not the
    /// whole initial value of a stored property with one binding, typed by nothing or by the singleton's own type, and
    /// wrapped by nothing or by `@State` (a `@StateObject` or `@ObservedObject` would stop observing).
    private func holder(
        of site: AccessSiteClassifier.Site, in entry: MigrationInput.Declaration,
        dependency: SingletonInjection.Dependency
    ) -> Result<Holder, HolderRefusal>? {
        guard let variable = site.storedProperty, variable.bindings.count == 1, let binding = variable.bindings.first,
            binding.accessorBlock == nil, binding.initializer?.value.id == site.node.id,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            variable.attributes.allSatisfy({
                $0.as(AttributeSyntax.self).map {
                    $0.attributeName.trimmedDescription == "State" && $0.arguments == nil
                } ?? false
            })
        else { return nil }
        if let annotation = binding.typeAnnotation?.type.trimmedDescription,
            annotation != dependency.singleton.typeName, annotation != dependency.singleton.simpleName
        {
            return nil
        }
        if let reason = availabilityRefusal(of: dependency) { return .failure(HolderRefusal(reason: reason)) }
        let blocks = [entry.view.memberBlock] + input.extensions(of: entry.type).map(\.view.memberBlock)
        let uses = HolderUses(of: name, in: blocks.map(Syntax.init))
        if uses.isWritten {
            return .failure(
                HolderRefusal(
                    reason:
                        "the view writes or binds `\(name)` (`\(name) =`, `$\(name)`, `_\(name)`), which a computed property cannot take"
                ))
        }
        // Without an `init` of its own, the view's memberwise initializer takes a non-private holder.
        let hasInitializer = entry.view.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        if !hasInitializer, !variable.modifiers.isPrivate, passesArgument(labelled: name, to: entry.type.simpleName) {
            return .failure(HolderRefusal(reason: "its memberwise initializer takes `\(name)`, which a caller passes"))
        }
        let needsClass = uses.needsInstance || !uses.members.isSubset(of: dependency.plan.memberNames)
        return .success(Holder(variable: variable, name: name, needsClass: needsClass))
    }

    /// Whether a call of `typeName(…)` in the migrated files passes an argument labelled `label`.
    private func passesArgument(labelled label: String, to typeName: String) -> Bool {
        input.files.contains { file in
            guard file.text.contains(typeName + "(") else { return false }
            return file.tree.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.text == label, let argument = token.parent?.as(LabeledExprSyntax.self),
                    argument.label?.id == token.id,
                    let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
                else { return false }
                let callee = call.calledExpression.trimmedDescription
                return callee == typeName || callee == typeName + ".init" || callee.hasSuffix("." + typeName)
            }
        }
    }

    /// How a view's code uses its stored property `name`: the members called through it, and whether it needs the
    /// instance itself or writes the property.
    struct HolderUses {
        var members: Set<String> = []
        /// The instance passed on, compared or captured bare, or a property assigned through it.
        var needsInstance = false
        /// `name = …`, `&name`, `$name` or `_name`.
        var isWritten = false

        init(of name: String, in blocks: [Syntax]) {
            for block in blocks {
                for token in block.tokens(viewMode: .sourceAccurate) {
                    if token.text == "$" + name || token.text == "_" + name {
                        isWritten = true
                        continue
                    }
                    guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else {
                        continue
                    }
                    var expression = ExprSyntax(reference)
                    if let access = reference.parent?.as(MemberAccessExprSyntax.self),
                        access.declName.id == reference.id
                    {
                        // `self.name` is the property; `other.name` is not.
                        guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                        else { continue }
                        expression = ExprSyntax(access)
                    }
                    if Self.isAssigned(expression) || expression.parent?.is(InOutExprSyntax.self) == true {
                        isWritten = true
                    } else if let call = expression.parent?.as(MemberAccessExprSyntax.self),
                        call.base?.id == expression.id
                    {
                        members.insert(call.declName.baseName.text)
                        if Self.isAssigned(ExprSyntax(call)) || call.parent?.is(InOutExprSyntax.self) == true {
                            needsInstance = true
                        }
                    } else {
                        needsInstance = true
                    }
                }
            }
        }

        /// Whether `expression` is the left side of an assignment (`=`, `+=`), folded or not.
        static func isAssigned(_ expression: ExprSyntax) -> Bool {
            if let infix = expression.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == expression.id {
                return isAssignment(infix.operator)
            }
            guard let list = expression.parent?.as(ExprListSyntax.self),
                let index = list.firstIndex(where: { $0.id == expression.id }),
                list.index(after: index) != list.endIndex
            else { return false }
            return isAssignment(list[list.index(after: index)])
        }

        private static func isAssignment(_ element: ExprSyntax) -> Bool {
            if element.is(AssignmentExprSyntax.self) { return true }
            guard let text = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
        }
    }

    /// Whether `node` is the whole initial value of a local `let` without a written type whose every use in the
    /// statements after it calls a member `plan` declares (never passing, writing or binding the local).
    static func isLocalUsedThroughMembers(_ node: ExprSyntax, of plan: ProtocolPlan) -> Bool {
        guard let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            binding.initializer?.value.id == node.id, binding.typeAnnotation == nil,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            variable.bindingSpecifier.tokenKind == .keyword(.let),
            let item = variable.parent?.as(CodeBlockItemSyntax.self),
            let statements = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        let following = statements.filter { $0.position > item.position }.map(Syntax.init)
        let uses = HolderUses(of: name, in: following)
        return !uses.isWritten && !uses.needsInstance && !uses.members.isEmpty
            && uses.members.isSubset(of: plan.memberNames)
    }

    /// Why no view can read `dependency` from the environment, if none can.
    private func availabilityRefusal(of dependency: SingletonInjection.Dependency) -> String? {
        guard !input.availability(of: dependency.singleton.typeName).isEmpty else { return nil }
        return
            "`\(dependency.singleton.typeName)` is `@available`-gated, and the dependencies container holds it unconditionally"
    }

    /// Why a site in a view must stay, or `nil` when it reads the environment safely.
    private func refusal(of site: AccessSiteClassifier.Site, dependency: SingletonInjection.Dependency) -> String? {
        if site.initializer != nil {
            return
                "in `init`, which runs before SwiftUI installs the environment (pass the dependency from the parent, or move the use to `body` or `.task`)"
        }
        if site.isInLazyInitializer {
            return "in a `lazy` property's initializer, which a view's `body` cannot run (it is `mutating`)"
        }
        if let reason = availabilityRefusal(of: dependency) { return reason }
        // Reading the environment under `#available` is fine: no default argument is evaluated in `init`.
        if let reason = site.unsafeReason, !site.isUnderAvailabilityCheck {
            if reason.hasPrefix("in a stored property's initial value") {
                return
                    "in a stored property's initial value (a `@StateObject`/`@State` initial value too), which is evaluated before SwiftUI installs the environment"
            }
            return reason
        }
        if let member = site.calledMember, !dependency.plan.memberNames.contains(member) {
            return "calls `\(member)`, which `\(dependency.plan.protocolName)` does not declare"
        }
        // `let provider = Settings.shared` in `body`, then only members called on it (Trio's forms): the local takes
        // `any SettingsProtocol` as well.
        if site.calledMember == nil, !Self.isLocalUsedThroughMembers(site.node, of: dependency.plan) {
            return
                "uses the instance itself (passed, compared or stored as `\(dependency.singleton.typeName)`), which `any \(dependency.plan.protocolName)` may not replace"
        }
        if let reason = Self.offMainActorReason(site.node) { return reason }
        return nil
    }

    /// Why the site may run outside the view's main actor (where its environment property cannot be read), if
    /// it may: a `nonisolated` member, a `@Sendable` closure, `Task.detached`, a global dispatch queue.
    static func offMainActorReason(_ node: some SyntaxProtocol) -> String? {
        var current = Syntax(node)
        while let parent = current.parent {
            if let closure = parent.as(ClosureExprSyntax.self) {
                if closure.signature?.attributes.contains(where: {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Sendable"
                }) == true {
                    return
                        "in a `@Sendable` closure, which may run off the main actor where the view's environment is read"
                }
                if let callee = closure.passedToCall?.calledExpression.trimmedDescription,
                    callee.hasSuffix("detached") || callee.contains("global(")
                        || callee.hasPrefix("DispatchQueue.global")
                {
                    return
                        "in a closure that runs off the main actor (`\(callee)`), where the view's environment is not read"
                }
            }
            if parent.parent?.is(MemberBlockItemSyntax.self) == true {
                if let modifiers = parent.asProtocol(WithModifiersSyntax.self)?.modifiers,
                    modifiers.contains("nonisolated")
                {
                    return "in a `nonisolated` member, which cannot read the view's main-actor environment"
                }
                return nil
            }
            current = parent
        }
        return nil
    }

    /// The name of the view's `@Environment(\.dependencies)` property, if it has one, and whether another member
    /// already takes the name `dependencies`.
    static func environmentProperty(in memberBlock: MemberBlockSyntax, keyName: String = keyName) -> (
        name: String?, clash: Bool
    ) {
        var clash = false
        for member in memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                let names = variable.bindings.compactMap {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                }
                let isEnvironment = variable.attributes.contains { element in
                    guard let attribute = element.as(AttributeSyntax.self),
                        attribute.attributeName.trimmedDescription == "Environment",
                        case .argumentList(let arguments) = attribute.arguments, let first = arguments.first
                    else { return false }
                    return first.expression.trimmedDescription.filter { !$0.isWhitespace } == "\\.\(keyName)"
                }
                if isEnvironment, let name = names.first { return (name, false) }
                if names.contains(keyName) { clash = true }
            } else if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == keyName {
                clash = true
            }
        }
        return (nil, clash)
    }

    /// The edits of one view: the environment property (unless it has one) and each site rewritten to read
    /// `dependencies.<member>`, where `member(dependency)` names the container's property.
    func edits(
        for plan: ViewPlan, keyName: String, member: (SingletonInjection.Dependency) -> String
    ) -> (edits: [(file: Int, edit: SourceEdit)], rewritten: [SingletonInjection.SitePosition]) {
        var edits: [(file: Int, edit: SourceEdit)] = []
        var rewritten: [SingletonInjection.SitePosition] = []
        let property = plan.existingProperty ?? keyName
        if plan.existingProperty == nil, let entry = input.declaration(of: plan.typeName) {
            let access = plan.crossFile ? "" : "private "
            let declaration = "@Environment(\\.\(keyName)) \(access)var \(property)"
            edits.append((plan.file, propertyInsertion(declaration, in: entry.view, file: plan.file)))
        }
        for item in plan.sites {
            if let holder = item.holder {
                // `private(set)` and the like go: a computed property without a setter takes no setter access.
                let access = holder.variable.modifiers.accessLevel.map { $0 + " " } ?? ""
                edits.append(
                    (
                        item.site.file,
                        .replace(
                            holder.variable,
                            with:
                                "\(access)var \(holder.name): \(item.dependency.propertyType) { \(property).\(member(item.dependency)) }"
                        )
                    ))
                rewritten.append(
                    SingletonInjection.SitePosition(
                        file: input.files[item.site.file].path,
                        offset: item.site.node.positionAfterSkippingLeadingTrivia.utf8Offset))
                continue
            }
            let shadowed = LocalShadowing.isShadowed(property, at: item.site.node, countingLaterDeclarations: true)
            let base = shadowed ? "self.\(property)" : property
            edits.append((item.site.file, .replace(item.site.node, with: "\(base).\(member(item.dependency))")))
            rewritten.append(
                SingletonInjection.SitePosition(
                    file: input.files[item.site.file].path,
                    offset: item.site.node.positionAfterSkippingLeadingTrivia.utf8Offset))
        }
        return (edits, rewritten)
    }

    /// Inserts the property after the view's last `@Environment`/`@EnvironmentObject` property, else as its
    /// first member.
    private func propertyInsertion(_ declaration: String, in view: TypeDeclarationView, file: Int) -> SourceEdit {
        let members = view.memberBlock.members
        let indent = view.memberBlock.memberIndentation(
            of: view.node, unit: Indentation.unit(of: input.files[file].text))
        let lastEnvironment = members.last { member in
            member.decl.as(VariableDeclSyntax.self)?.attributes.contains { element in
                guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else {
                    return false
                }
                return name == "Environment" || name == "EnvironmentObject"
            } ?? false
        }
        if let lastEnvironment {
            return .insert("\n\(indent)\(declaration)", at: lastEnvironment.endPositionBeforeTrailingTrivia, order: 1)
        }
        // A blank line between the property and the members that follow, unless one is there already.
        let blankLineFollows = members.first?.startsWithBlankLine ?? true
        let text = "\n\(indent)\(declaration)" + (blankLineFollows ? "" : "\n")
        return .insert(text, at: view.memberBlock.leftBrace.endPositionBeforeTrailingTrivia, order: 1)
    }
}
