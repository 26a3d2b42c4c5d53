import SwiftSyntax

/// The body walk of one file, run right after it is parsed: records every place that may reach a
/// singleton, force operations, hard-coded values and writes that may touch UI state, with the enclosing
/// types and closures kept as written. Nothing here needs another file; `BodyFactResolver` finishes the job
/// once every file's declarations are merged.
final class BodyCollector: SyntaxVisitor {
    private let context: FileContext
    private(set) var facts = BodyFacts()

    /// Indexes into `facts.scopes` of the enclosing types.
    private var scopeStack: [Int] = []
    /// Index into `facts.threads` of the innermost function or closure.
    private var thread: Int?

    init(context: FileContext) {
        self.context = context
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ tree: SourceFileSyntax, context: FileContext) -> BodyFacts {
        let collector = BodyCollector(context: context)
        collector.walk(tree)
        return collector.facts
    }

    private var scope: Int? { scopeStack.last }

    /// Whether the innermost type may hold UI state (a class, or an extension): closures, methods and
    /// writes elsewhere need no classification.
    private var mayHoldUIState: Bool { scope.map { facts.scopes[$0].mayHoldUIState } ?? false }

    // MARK: Enclosing types

    private func enter(_ name: String, kind: TypeKind?) -> SyntaxVisitorContinueKind {
        // An extension is top level, whatever it is nested in.
        facts.scopes.append(.init(parent: kind == nil ? nil : scope, name: name, kind: kind))
        scopeStack.append(facts.scopes.count - 1)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.bareName, kind: .class) }
    override func visitPost(_ node: ClassDeclSyntax) { scopeStack.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.bareName, kind: .struct) }
    override func visitPost(_ node: StructDeclSyntax) { scopeStack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.bareName, kind: .actor) }
    override func visitPost(_ node: ActorDeclSyntax) { scopeStack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.bareName, kind: .enum) }
    override func visitPost(_ node: EnumDeclSyntax) { scopeStack.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.bareName, kind: .protocol)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopeStack.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.extendedType.coreName ?? node.extendedType.trimmedSourceText, kind: nil)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopeStack.removeLast() }

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

    // MARK: Places that may reach a singleton

    /// `Type.member`, `Self.member`, or `.member` as a default value: a singleton access if `member` turns
    /// out to be one of the type's singleton properties. Only the base is walked further: the member's name
    /// is not a reference of its own.
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        recordCandidate(node)
        if let base = node.base { walk(base) }
        return .skipChildren
    }

    private func recordCandidate(_ node: MemberAccessExprSyntax) {
        // The start is the first name's (or the period's): no search for the node's first token.
        let base: BodyFacts.MemberCandidate.Base
        let start: Int
        if let written = node.base {
            if let reference = written.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.Self) {
                base = .selfType
                start = reference.baseName.positionAfterSkippingLeadingTrivia.utf8Offset
            } else if let names = recordTypeLikeName(written) {
                base = .named(names)
                start = facts.nameTokens[names.upperBound - 1].lowerBound
            } else {
                return
            }
        } else if let annotation = Self.annotatedType(ofImplicitMember: node) {
            base = .implicit(annotation)
            start = node.period.positionAfterSkippingLeadingTrivia.utf8Offset
        } else {
            return
        }
        facts.members.append(
            .init(
                member: node.declName.baseName.bareName, base: base, scope: scope, start: start,
                end: node.endPosition.utf8Offset, context: Self.accessContext(of: ExprSyntax(node))))
    }

    /// Records the name tokens of `Outer.Inner` (last first) when the chain of references starts with an
    /// uppercase name; `nil` for `store.shared` or `make().shared`. No string is built here: the names are
    /// read back from the source only for members that are singleton properties.
    private func recordTypeLikeName(_ expression: ExprSyntax) -> Range<Int>? {
        let first = facts.nameTokens.count
        var current = expression
        while let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
            facts.nameTokens.append(Self.textRange(of: member.declName.baseName))
            current = base
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self), Self.isUppercaseName(reference.baseName) else {
            facts.nameTokens.removeSubrange(first...)
            return nil
        }
        facts.nameTokens.append(Self.textRange(of: reference.baseName))
        return first..<facts.nameTokens.count
    }

    private static func textRange(of token: TokenSyntax) -> Range<Int> {
        let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
        return start..<(start + token.trimmedLength.utf8Length)
    }

    /// Whether a name starts with an uppercase letter (after a backtick).
    private static func isUppercaseName(_ token: TokenSyntax) -> Bool {
        token.text.unicodeScalars.first(where: { $0 != "`" }).map(isUppercaseInitial) ?? false
    }

    /// The type written for an implicit `.shared`: the parameter's type for a default argument, the
    /// annotation for `let store: DataStore = .shared`.
    private static func annotatedType(ofImplicitMember node: MemberAccessExprSyntax) -> String? {
        guard let clause = node.parent?.as(InitializerClauseSyntax.self) else { return nil }
        if let parameter = clause.parent?.as(FunctionParameterSyntax.self) { return parameter.type.coreName }
        if let binding = clause.parent?.as(PatternBindingSyntax.self) { return binding.typeAnnotation?.type.coreName }
        return nil
    }

    /// A name that may be a global instance. Recorded by position only: the name is read back from the
    /// source if the codebase has global instances at all.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if case .identifier = node.baseName.tokenKind {
            facts.references.append(.init(name: Self.textRange(of: node.baseName), scope: scope))
        }
        return .skipChildren
    }

    /// How a reached expression is used, and the member used on it.
    static func accessContext(of expression: ExprSyntax) -> BodyFacts.AccessContext {
        var context = BodyFacts.AccessContext(usage: usage(of: expression), member: nil, memberUsage: .direct)
        if let member = expression.parent?.as(MemberAccessExprSyntax.self),
            expression.keyPathInParent == \MemberAccessExprSyntax.base
        {
            context.member = member.declName.baseName.bareName
            context.memberUsage = usage(of: ExprSyntax(member))
        }
        return context
    }

    private static func usage(of expression: ExprSyntax) -> BodyFacts.Usage {
        if let clause = expression.parent?.as(InitializerClauseSyntax.self), clause.parent?.is(FunctionParameterSyntax.self) == true {
            return .defaultArgument
        }
        return isNilCoalescingFallback(expression) ? .injectedDefault : .direct
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
        facts.observations.append(
            .init(
                observation: .init(rule: rule, location: context.location(of: position), subject: subject, typeName: nil),
                scope: scope))
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
            facts.literals.append(
                .init(literal: .init(text: text, location: context.location(of: node), typeName: nil), scope: scope))
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
        recordWrite(node)
        return .visitChildren
    }

    // MARK: Writes that may touch UI state

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        // Outside a class there is no UI state to guard; the closure then runs like the code around it.
        enterThread(.closure(mayHoldUIState ? ClosureContext.of(node) : .inherited))
    }
    override func visitPost(_ node: ClosureExprSyntax) { leaveThread() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard mayHoldUIState else { return enterThread(.function(isMainActor: false, isAsync: false)) }
        return enterThread(
            .function(
                isMainActor: node.attributes.names.contains("MainActor"),
                isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil))
    }
    override func visitPost(_ node: FunctionDeclSyntax) { leaveThread() }

    private func enterThread(_ kind: BodyFacts.Thread.Kind) -> SyntaxVisitorContinueKind {
        facts.threads.append(.init(parent: thread, scope: scope, kind: kind))
        thread = facts.threads.count - 1
        return .visitChildren
    }

    private func leaveThread() {
        thread = thread.flatMap { facts.threads[$0].parent }
    }

    /// `x = …`, `self.x = …`, `self?.x += …` inside a class or an extension.
    private func recordWrite(_ node: SequenceExprSyntax) {
        guard let scope, facts.scopes[scope].mayHoldUIState else { return }
        var iterator = node.elements.makeIterator()
        guard let target = iterator.next(), let op = iterator.next() else { return }
        if let binary = op.as(BinaryOperatorExprSyntax.self) {
            switch binary.operator.text {
            case "==", "!=", "<=", ">=", "===", "!==": return
            case let text where text.hasSuffix("="): break
            default: return
            }
        } else if !op.is(AssignmentExprSyntax.self) {
            return
        }
        guard let property = Self.assignedProperty(target) else { return }
        facts.writes.append(
            .init(
                property: property, offset: target.positionAfterSkippingLeadingTrivia.utf8Offset, scope: scope,
                thread: thread))
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
