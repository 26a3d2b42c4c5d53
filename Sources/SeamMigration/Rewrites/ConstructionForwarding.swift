import SeamAnalysis
import SwiftSyntax

/// Rewrite 3e: a type that took a dependency through `init` passes it on where it builds another type that took the
/// same one, instead of leaving that construction on the default:
///
/// ```swift
/// struct CoordinatorViewModifier: ViewModifier {
///     private let coordinator: Coordinator
///     init(level: Int = 0, coordinator: Coordinator = AppDependencies.Live.coordinator) { … }
///     func body(content: Content) -> some View {
///         content.sheet(item: $route) { _ in Color.clear.modifier(CoordinatorViewModifier(level: level + 1)) }
///     }
/// }
/// // the nested modifier becomes
/// CoordinatorViewModifier(level: level + 1, coordinator: self.coordinator)
/// ```
///
/// In production both read the same instance, so nothing changes; a test's mock now reaches the instances its
/// subject builds (review 39: Unstoppable's modifier re-applied itself for each presented level on the live
/// coordinator).
///
/// Only where `self` holds the property and the call certainly reaches an initializer that took it: an instance
/// method, computed property or subscript of the owner (not an `init`, a static or `nonisolated` member, a stored
/// property's initial value or a nested type), outside closures in a class (which would start capturing `self`); the built type's every
/// initializer is designated and took the dependencies last (``SingletonInjection/Result/forwardable``); the call
/// does not pass them already. Both sides hold the instance itself (no closure), and the owner's property can be
/// passed where the built type takes it (a class can stand for its protocol, not the reverse).
struct ConstructionForwarding {
    let input: MigrationInput

    /// The edits per owner type, for its injection's edit group.
    ///
    /// - Parameters:
    ///   - owners: per type, the dependencies it holds in stored properties after this migration.
    ///   - takers: per type, the dependencies its initializers take as their last parameters.
    func edits(owners: [String: [SingletonInjection.Dependency]], takers: [String: [SingletonInjection.Dependency]])
        -> [String: [(file: Int, edit: SourceEdit)]]
    {
        guard !takers.isEmpty else { return [:] }
        var result: [String: [(file: Int, edit: SourceEdit)]] = [:]
        let takerNames = Set(takers.keys.compactMap { input.model?.types[$0]?.simpleName })
        for (owner, held) in owners.sorted(by: { $0.key < $1.key }) {
            guard let entry = input.declaration(of: owner), entry.view.kind != .actor else { continue }
            let isClass = entry.view.kind == .class
            let blocks =
                [(entry.view.memberBlock, entry.file)]
                + input.extensions(of: entry.type).map { ($0.view.memberBlock, $0.file) }
            for (block, file) in blocks {
                let calls = BareCalls(names: takerNames)
                calls.walk(block)
                for call in calls.found {
                    guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        let built = input.model?.type(named: name, from: owner)?.name, let taken = takers[built],
                        let edit = edit(for: call, taking: taken, from: held, isClass: isClass, in: block)
                    else { continue }
                    result[owner, default: []].append((file, edit))
                }
            }
        }
        return result
    }

    /// The arguments to add to `call`, or `nil` when it is not a place to pass them.
    private func edit(
        for call: FunctionCallExprSyntax, taking taken: [SingletonInjection.Dependency],
        from held: [SingletonInjection.Dependency],
        isClass: Bool, in block: MemberBlockSyntax
    ) -> SourceEdit? {
        guard let rightParen = call.rightParen, call.leftParen != nil, call.arguments.last?.trailingComma == nil,
            Self.runsOnTheInstance(call, in: block, isClass: isClass)
        else { return nil }
        let labels = Set(call.arguments.compactMap { $0.label?.text })
        let arguments = taken.compactMap { parameter -> String? in
            guard !parameter.isProvider, !labels.contains(parameter.propertyName),
                let property = held.first(where: { $0.singleton.id == parameter.singleton.id }), !property.isProvider,
                // `any SProtocol` cannot stand where the class is taken.
                !parameter.isClass || property.isClass
            else { return nil }
            return "\(parameter.propertyName): self.\(property.propertyName)"
        }
        guard !arguments.isEmpty else { return nil }
        guard let last = call.arguments.last else {
            return .insert(arguments.joined(separator: ", "), at: rightParen.positionAfterSkippingLeadingTrivia)
        }
        if call.arguments.contains(where: { $0.leadingTrivia.contains(where: \.isNewline) }) {
            let indent = last.lineIndentation
            return .insert(arguments.map { ",\n" + indent + $0 }.joined(), at: last.endPositionBeforeTrailingTrivia)
        }
        return .insert(arguments.map { ", " + $0 }.joined(), at: last.endPositionBeforeTrailingTrivia)
    }

    /// Whether `call` runs on an instance of the type whose member block is `block`, where `self.x` reads its
    /// property: in an instance method, computed property or subscript, not in a nested type, and, in a class,
    /// not in a closure or local function.
    static func runsOnTheInstance(_ call: FunctionCallExprSyntax, in block: MemberBlockSyntax, isClass: Bool) -> Bool {
        var node = call.parent
        var inClosure = false
        while let current = node, current.id != block.id {
            if current.is(ClosureExprSyntax.self) { inClosure = true }
            // A stored property's initial value, or a nested type: no `self` of the owner there.
            if current.is(InitializerClauseSyntax.self) || TypeDeclarationView(current) != nil { return false }
            if current.parent?.is(MemberBlockItemSyntax.self) == true {
                // The member: not an `init` or `deinit`, nor a static one, nor a `nonisolated` one (an isolated type's
                // properties are out of its reach).
                if current.is(InitializerDeclSyntax.self) || current.is(DeinitializerDeclSyntax.self) { return false }
                if let modifiers = current.asProtocol(WithModifiersSyntax.self)?.modifiers,
                    modifiers.isStatic || modifiers.contains("nonisolated")
                {
                    return false
                }
            } else if current.is(FunctionDeclSyntax.self) {
                // A local function captures `self` as a closure does.
                inClosure = true
            }
            node = current.parent
        }
        return !(isClass && inClosure)
    }
}

/// The calls of a bare name among `names` (`Foo(…)`, `continueSSO(url:)`; not `Foo.make(…)`), in a syntax tree.
final class BareCalls: SyntaxVisitor {
    let names: Set<String>
    var found: [FunctionCallExprSyntax] = []

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self), callee.argumentNames == nil,
            names.contains(callee.baseName.text)
        {
            found.append(node)
        }
        return .visitChildren
    }
}
