import SwiftSyntax

/// Phase two: one walk over a whole file, with the cross-file `TypeIndex` at hand. Records singleton
/// accesses (attributed to the enclosing type), force operations, hard-coded values and writes of UI state
/// off the main actor.
final class BodyCollector: SyntaxVisitor {
    private let context: FileContext
    private let index: TypeIndex
    private(set) var accesses: [SingletonAccess] = []
    private(set) var observations = FileObservations()

    /// Qualified names of the enclosing types (extensions resolved to the type they extend).
    private var typeStack: [String] = []
    /// Where the enclosing closures run.
    private var threadStack: [ThreadContext] = []

    init(context: FileContext, index: TypeIndex) {
        self.context = context
        self.index = index
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ tree: SourceFileSyntax, context: FileContext, index: TypeIndex) -> BodyCollector {
        let collector = BodyCollector(context: context, index: index)
        collector.walk(tree)
        return collector
    }

    private var currentType: String? { typeStack.last }

    // MARK: Enclosing types

    /// Enters a named type declaration nested in the current one.
    private func push(_ name: String) -> SyntaxVisitorContinueKind {
        typeStack.append(currentType.map { $0 + "." + name } ?? name)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.bareName) }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.bareName) }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.bareName) }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.bareName) }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.bareName) }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let written = node.extendedType.coreName ?? node.extendedType.trimmedDescription
        typeStack.append(index.resolve(written, from: nil) ?? written)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    // Subtrees with nothing to record: skipping them saves a good part of the walk. Attributes are read
    // where needed (closure and function signatures); enum raw values are the named definition of a
    // literal, not a duplicate of it.
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeclModifierListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Singleton accesses

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let member = node.declName.baseName.bareName
        guard index.singletonPropertyNames.contains(member) else { return .visitChildren }
        let typeName: String?
        if let base = node.base {
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.Self) {
                typeName = currentType
            } else if let dotted = base.dottedName, let first = dotted.unicodeScalars.first,
                isUppercaseInitial(first)
            {
                typeName = index.resolve(dotted, from: currentType)
            } else {
                typeName = nil
            }
        } else {
            typeName = implicitMemberType(of: node)
        }
        guard let typeName, let declaration = index.singletonProperties[typeName]?[member] else {
            return .visitChildren
        }
        // A type using its own singleton is not a dependency.
        if typeName == currentType { return .visitChildren }
        recordAccess(ExprSyntax(node), declaration: declaration)
        return .skipChildren
    }

    /// The type of an implicit `.shared`: the parameter's type for a default argument, the annotation for
    /// `let store: DataStore = .shared`.
    private func implicitMemberType(of node: MemberAccessExprSyntax) -> String? {
        guard let clause = node.parent?.as(InitializerClauseSyntax.self) else { return nil }
        let written: String?
        if let parameter = clause.parent?.as(FunctionParameterSyntax.self) {
            written = parameter.type.coreName
        } else if let binding = clause.parent?.as(PatternBindingSyntax.self) {
            written = binding.typeAnnotation?.type.coreName
        } else {
            written = nil
        }
        return written.flatMap { index.resolve($0, from: currentType) }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard !index.globalInstances.isEmpty, let declaration = index.globalInstances[node.baseName.bareName] else {
            return .skipChildren
        }
        if node.keyPathInParent == \MemberAccessExprSyntax.declName { return .skipChildren }
        if let currentType, index.memberNames[currentType]?.contains(node.baseName.bareName) == true {
            return .skipChildren
        }
        if declaration.typeName == currentType { return .skipChildren }
        recordAccess(ExprSyntax(node), declaration: declaration)
        return .skipChildren
    }

    private func recordAccess(_ expression: ExprSyntax, declaration: SingletonDeclaration) {
        var kind = SingletonAccess.Kind.direct
        var outer = expression
        var locatorMember: String?
        var providedType: String?
        var usedMember: String?
        if let member = expression.parent?.as(MemberAccessExprSyntax.self), member.base?.id == expression.id,
            let singletonType = index.types[declaration.typeName]
        {
            let name = member.declName.baseName.bareName
            usedMember = name
            if let property = singletonType.properties.first(where: { !$0.isStatic && $0.name == name }),
                let written = property.typeName, let resolved = index.resolve(written, from: declaration.typeName),
                let provided = index.types[resolved], TypeIndex.isDependency(provided)
            {
                kind = .serviceLocator
                locatorMember = name
                providedType = resolved
                outer = ExprSyntax(member)
            }
        }
        if outer.parent?.is(InitializerClauseSyntax.self) == true,
            outer.parent?.parent?.is(FunctionParameterSyntax.self) == true
        {
            kind = .defaultArgument
        } else if Self.isNilCoalescingFallback(outer) {
            kind = .injectedDefault
        }
        let role = currentType.flatMap { index.types[$0]?.role } ?? .other
        accesses.append(
            SingletonAccess(
                kind: kind, singletonType: declaration.typeName, propertyName: declaration.propertyName,
                isGlobalInstance: declaration.kind == .globalInstance, member: usedMember, locatorMember: locatorMember, providedType: providedType, enclosingType: currentType,
                enclosingRole: role, file: context.path, location: context.location(of: expression),
                syntax: expression))
    }

    /// Whether `expression` is the right-hand side of `??` (`store ?? DataStore.shared`).
    private static func isNilCoalescingFallback(_ expression: ExprSyntax) -> Bool {
        guard let list = expression.parent?.as(ExprListSyntax.self) else { return false }
        var previous: ExprSyntax?
        for element in list {
            if element.id == expression.id {
                guard let previous, let op = previous.as(BinaryOperatorExprSyntax.self) else { return false }
                return op.operator.text == "??"
            }
            previous = element
        }
        return false
    }

    // MARK: Force operations

    override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
        if !context.isTest {
            observe(.forceUnwrap, at: node.exclamationMark.positionAfterSkippingLeadingTrivia,
                    subject: node.trimmedSourceText)
        }
        return .visitChildren
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if !context.isTest, node.questionOrExclamationMark?.tokenKind == .exclamationMark {
            observe(.forceTry, at: node.tryKeyword.positionAfterSkippingLeadingTrivia, subject: "try!")
        }
        return .visitChildren
    }

    override func visit(_ node: UnresolvedAsExprSyntax) -> SyntaxVisitorContinueKind {
        if !context.isTest, node.questionOrExclamationMark?.tokenKind == .exclamationMark {
            observe(.forceCast, at: node.asKeyword.positionAfterSkippingLeadingTrivia, subject: "as!")
        }
        return .visitChildren
    }

    override func visit(_ node: AsExprSyntax) -> SyntaxVisitorContinueKind {
        if !context.isTest, node.questionOrExclamationMark?.tokenKind == .exclamationMark {
            observe(.forceCast, at: node.asKeyword.positionAfterSkippingLeadingTrivia, subject: "as!")
        }
        return .visitChildren
    }

    private func observe(_ rule: RuleID, at position: AbsolutePosition, subject: String) {
        observations.observations.append(
            .init(rule: rule, location: context.location(of: position), subject: subject, typeName: currentType))
    }

    // MARK: Hard-coded values

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard !context.isTest else { return .visitChildren }
        var text = ""
        var isPlain = true
        for segment in node.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += plain.content.text
            } else {
                isPlain = false
                break
            }
        }
        if LiteralClassifier.isURL(text, isComplete: isPlain) {
            observe(.hardcodedURL, at: node.positionAfterSkippingLeadingTrivia, subject: text)
        } else if isPlain, node.openingQuote.tokenKind == .stringQuote, LiteralClassifier.isMeaningful(text),
            !Self.isInAttribute(node)
        {
            observations.literals.append(
                .init(text: text, location: context.location(of: node), typeName: currentType))
        }
        return isPlain ? .skipChildren : .visitChildren
    }

    private static func isInAttribute(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        var depth = 0
        while let parent = current, depth < 6 {
            if parent.is(AttributeSyntax.self) || parent.is(MacroExpansionExprSyntax.self)
                || parent.is(MacroExpansionDeclSyntax.self)
            {
                return true
            }
            current = parent.parent
            depth += 1
        }
        return false
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if !context.isTest {
            for run in LiteralClassifier.timeIntervalRuns(in: node.elements) {
                observe(.hardcodedInterval, at: run.position, subject: run.text)
            }
        }
        checkUIStateWrite(node)
        return .visitChildren
    }

    // MARK: UI state off the main actor

    /// Whether the enclosing type has UI state to protect; closures elsewhere need no classification.
    private var guardsUIState: Bool {
        guard let currentType else { return false }
        return index.uiStateProperties[currentType] != nil
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        guard guardsUIState else {
            threadStack.append(.inherited)
            return .visitChildren
        }
        var context = ThreadContext.of(node, completionFunctions: index.completionFunctions)
        if context == .task { context = isOnMainActor ? .main : .background }
        threadStack.append(context)
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { threadStack.removeLast() }

    /// A `@MainActor` method runs on the main actor; a non-isolated `async` method of a class that is not
    /// `@MainActor` runs off it (SE-0338); any other body runs wherever it is called from.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if !guardsUIState {
            threadStack.append(.unknown)
        } else if node.attributes.names.contains("MainActor") {
            threadStack.append(.main)
        } else if node.signature.effectSpecifiers?.asyncSpecifier != nil {
            threadStack.append(.background)
        } else {
            threadStack.append(.unknown)
        }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { threadStack.removeLast() }

    /// Whether the innermost known context is off the main actor.
    private var isOffMainActor: Bool {
        for context in threadStack.reversed() {
            switch context {
            case .main, .unknown: return false
            case .background: return true
            case .inherited, .task: continue
            }
        }
        return false
    }

    /// Whether the innermost known context is the main actor.
    private var isOnMainActor: Bool {
        for context in threadStack.reversed() {
            switch context {
            case .main: return true
            case .background, .unknown: return false
            case .inherited, .task: continue
            }
        }
        return false
    }

    private func checkUIStateWrite(_ node: SequenceExprSyntax) {
        guard let currentType, let state = index.uiStateProperties[currentType] else { return }
        var iterator = node.elements.makeIterator()
        guard let target = iterator.next(), let op = iterator.next() else { return }
        if let binary = op.as(BinaryOperatorExprSyntax.self) {
            let text = binary.operator.text
            guard text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) else { return }
        } else if !op.is(AssignmentExprSyntax.self) {
            return
        }
        guard let property = Self.assignedProperty(target), state.contains(property), isOffMainActor else { return }
        observe(.uiStateOffMainActor, at: target.positionAfterSkippingLeadingTrivia, subject: property)
    }

    /// `x`, `self.x` or `self?.x` → `x`.
    private static func assignedProperty(_ target: ExprSyntax) -> String? {
        if let reference = target.as(DeclReferenceExprSyntax.self) { return reference.baseName.bareName }
        guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let receiver = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
        guard let reference = receiver.as(DeclReferenceExprSyntax.self),
            reference.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return member.declName.baseName.bareName
    }
}
