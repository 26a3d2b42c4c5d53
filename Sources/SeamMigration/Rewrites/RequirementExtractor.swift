import SwiftSyntax

/// Reads the requirements of a protocol, or the protocol-worthy API of a class or actor, from members.
///
/// For a concrete type it takes the non-private instance API: methods (generics, `where` clauses,
/// `async`/`throws`, `inout`, default arguments dropped), properties with their get/set, and members
/// inside `#if` blocks (kept inside the same `#if`). For an actor, isolated members become `async`
/// requirements, the way they are seen from outside. What cannot be a requirement is reported.
struct RequirementExtractor {
    /// Whether the members belong to an actor.
    var isActor = false
    /// Whether the members belong to a protocol (everything is a requirement, nothing is private).
    var isProtocol = false
    /// Names of the type's nested types, qualified with `owner` in requirements (`Mode` → `DataStore.Mode`).
    var nestedTypeNames: Set<String> = []
    var owner = ""
    /// The minimum access level a member needs (`public` for a public protocol).
    var requiresPublic = false
    /// The access level an extension gives its members by default.
    var defaultAccess: String?
    /// The only members to extract (those callers use), or `nil` for the whole API minus callbacks
    /// (`@objc`, `@IBAction`, `override` and delegate-shaped methods).
    var usedMembers: Set<String>?
    /// Names that are types (the codebase's), so `Foo()` in an initial value is read as a type only when
    /// `Foo` is one, not a function such as `NSLocalizedString(...)`; `nil` trusts capitalisation.
    var knownTypeNames: Set<String>?
    /// The codebase's aliases of function types (the model's `functionTypeAliases`): a parameter written
    /// `_ handler: Handler` is a non-escaping closure that a mock must not store.
    var functionTypeAliases: Set<String> = []

    /// A member that was left out, with why.
    struct Skipped: Hashable, Sendable {
        var node: Syntax
        var reason: String
    }

    /// The caller-site literal (`#function`, `#fileID`, `#line`…) a default value is, if it is one.
    static func callerLiteral(_ value: ExprSyntax?) -> String? {
        guard let macro = value?.as(MacroExpansionExprSyntax.self), macro.arguments.isEmpty,
            macro.trailingClosure == nil,
            callerLiterals.contains(macro.macroName.text)
        else { return nil }
        return "#" + macro.macroName.text
    }

    private static let callerLiterals: Set<String> = [
        "function", "file", "fileID", "filePath", "line", "column", "dsohandle",
    ]

    func extract(from members: MemberBlockItemListSyntax) -> (items: [RequirementItem], skipped: [Skipped]) {
        var items: [RequirementItem] = []
        var skipped: [Skipped] = []
        for member in members {
            extract(decl: member.decl, into: &items, skipped: &skipped)
        }
        return (items, skipped)
    }

    private func extract(decl: DeclSyntax, into items: inout [RequirementItem], skipped: inout [Skipped]) {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            var clauses: [RequirementItem.Clause] = []
            for clause in ifConfig.clauses {
                var clauseItems: [RequirementItem] = []
                if case .decls(let decls) = clause.elements {
                    for member in decls { extract(decl: member.decl, into: &clauseItems, skipped: &skipped) }
                }
                clauses.append(
                    RequirementItem.Clause(
                        keyword: clause.poundKeyword.text, condition: clause.condition?.trimmedDescription,
                        items: clauseItems))
            }
            if clauses.contains(where: { !$0.items.isEmpty }) { items.append(.conditional(clauses)) }
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            guard isIncluded(function.modifiers) else { return }
            if let usedMembers, !usedMembers.contains(function.name.text) { return }
            if usedMembers == nil, !isProtocol, Self.isCallback(function) { return }
            if case .binaryOperator = function.name.tokenKind { return }
            if let returnType = function.signature.returnClause?.type, returnType.is(SomeOrAnyTypeSyntax.self),
                returnType.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.text == "some"
            {
                skipped.append(
                    Skipped(
                        node: Syntax(function),
                        reason:
                            "`\(function.name.text)` returns an opaque `some` type, which a protocol requirement cannot"
                    ))
                return
            }
            // `function: String = #function`: a requirement cannot declare the default, and the overload that would
            // supply it names its own function and file, not the caller's (trio's Core Data error logs).
            if let literal = function.signature.parameterClause.parameters.lazy.compactMap({
                Self.callerLiteral($0.defaultValue?.value)
            }).first {
                skipped.append(
                    Skipped(
                        node: Syntax(function),
                        reason:
                            "`\(function.name.text)` defaults a parameter to the caller's `\(literal)`, which a protocol's forwarding overload would replace by its own"
                    ))
                return
            }
            items.append(.requirement(requirement(for: function)))
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            guard isIncluded(variable.modifiers) else { return }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let usedMembers, !usedMembers.contains(name) { continue }
                guard let type = type(of: binding, in: variable) else {
                    skipped.append(
                        Skipped(
                            node: Syntax(binding), reason: "`\(name)` has no type annotation to copy into the protocol")
                    )
                    continue
                }
                items.append(.requirement(requirement(for: variable, binding: binding, name: name, type: type)))
            }
        } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self), isIncluded(subscriptDecl.modifiers) {
            skipped.append(Skipped(node: Syntax(subscriptDecl), reason: "subscripts are not extracted into protocols"))
        }
    }

    private func isIncluded(_ modifiers: DeclModifierListSyntax) -> Bool {
        if isProtocol { return true }
        if modifiers.isStatic { return false }
        let access = modifiers.accessLevel ?? defaultAccess ?? "internal"
        if access == "private" || access == "fileprivate" { return false }
        if requiresPublic { return access == "public" || access == "open" }
        return true
    }

    // MARK: Methods

    private func requirement(for function: FunctionDeclSyntax) -> Requirement {
        let signature = function.signature
        let genericNames = function.genericParameterClause?.parameters.map { $0.name.text } ?? []
        let parameters = signature.parameterClause.parameters.map { parameter in
            let type = qualified(parameter.type)
            return Requirement.Parameter(
                firstName: parameter.firstName.text,
                attributes: parameter.attributes.map { $0.trimmedDescription + " " }.joined(),
                secondName: parameter.secondName?.text,
                type: type, bareType: Self.bareType(parameter.type, qualify: qualified),
                isVariadic: parameter.ellipsis != nil,
                isInout: Self.isInout(parameter.type),
                isNonEscapingClosure: Self.isNonEscapingClosure(
                    parameter.type, functionTypeAliases: functionTypeAliases),
                defaultValue: parameter.defaultValue.map { qualified($0.value) })
        }
        let effects = signature.effectSpecifiers
        let isNonisolated = function.modifiers.contains("nonisolated")
        let throwsClause = effects?.throwsClause?.trimmedDescription
        let method = Requirement.Method(
            name: function.name.text,
            genericParameters: function.genericParameterClause.map { qualified($0) } ?? "",
            parameters: parameters,
            isAsync: effects?.asyncSpecifier != nil || (isActor && !isNonisolated),
            throwsClause: throwsClause,
            returnType: signature.returnClause.map { qualified($0.type) },
            whereClause: function.genericWhereClause.map { qualified($0) } ?? "",
            genericParameterNames: genericNames)
        return Requirement(
            kind: .method(method), documentation: function.documentationLines,
            attributes: keptAttributes(function.attributes), modifiers: keptModifiers(function.modifiers))
    }

    // MARK: Properties

    private func requirement(
        for variable: VariableDeclSyntax, binding: PatternBindingSyntax, name: String, type: String
    ) -> Requirement {
        let isLet = variable.bindingSpecifier.text == "let"
        let isNonisolated = variable.modifiers.contains("nonisolated")
        var isSettable = !isLet && !variable.modifiers.hasRestrictedSetter
        var isAsync = false
        var throwsClause: String?
        switch binding.accessorBlock?.accessors {
        case .getter:
            isSettable = false
        case .accessors(let accessors):
            let specifiers = Set(accessors.map(\.accessorSpecifier.text))
            if specifiers.contains("get") || specifiers.contains("_read") {
                isSettable = isSettable && (specifiers.contains("set") || specifiers.contains("_modify"))
            }
            if let getter = accessors.first(where: { $0.accessorSpecifier.text == "get" }) {
                isAsync = getter.effectSpecifiers?.asyncSpecifier != nil
                throwsClause = getter.effectSpecifiers?.throwsClause?.trimmedDescription
            }
        case nil:
            break
        }
        if isActor && !isNonisolated && !isLet {
            // Seen from outside, an actor's mutable state is read with `await` and never set directly.
            isAsync = true
            isSettable = false
        }
        let property = Requirement.Property(
            name: name, type: type, isSettable: isSettable, isAsync: isAsync, throwsClause: throwsClause)
        return Requirement(
            kind: .property(property), documentation: variable.documentationLines,
            attributes: keptAttributes(variable.attributes), modifiers: keptModifiers(variable.modifiers))
    }

    private func type(of binding: PatternBindingSyntax, in variable: VariableDeclSyntax) -> String? {
        if let annotation = binding.typeAnnotation { return qualified(annotation.type) }
        // `var a, b: Int`: a binding without its own annotation takes the next one's.
        let bindings = Array(variable.bindings)
        if let index = bindings.firstIndex(where: { $0.id == binding.id }), binding.initializer == nil {
            for later in bindings[index...] {
                if let annotation = later.typeAnnotation { return qualified(annotation.type) }
            }
        }
        guard let value = binding.initializer?.value else { return nil }
        return constructedType(of: value)
    }

    /// The type an initial value constructs, read from how it is written, or `nil` when it is anything else:
    /// - a literal (`0`, `"a"`);
    /// - `Foo()`, `Foo(bar: 1)` or `Box<Int>(…)` for a type of the codebase;
    /// - `CLLocationManager()` or `PassthroughSubject<Void, Never>()` for a type from outside it, without
    ///   arguments only (an argument can pick a failable initializer: `URL(string:)` makes an optional);
    /// - `{ Foo(…) }()`, a closure called at once whose one statement is such a construction (`lazy var`s).
    private func constructedType(of value: ExprSyntax) -> String? {
        if let literal = Self.literalType(of: value) { return literal }
        guard let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.additionalTrailingClosures.isEmpty
        else { return nil }
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            guard call.arguments.isEmpty, closure.signature == nil, closure.statements.count == 1,
                let item = closure.statements.first?.item
            else { return nil }
            let expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
            return expression.flatMap(constructedType(of:))
        }
        // `[Action]()`, `[String: Int]()`: an empty collection of element types the expression names.
        if call.arguments.isEmpty, let collection = collectionType(call.calledExpression) { return collection }
        let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self)
        guard let callee = (specialized?.expression ?? call.calledExpression).as(DeclReferenceExprSyntax.self),
            callee.argumentNames == nil, callee.baseName.text.first?.isUppercase == true
        else { return nil }
        let name = callee.baseName.text
        // The type's own nested types are qualified, in the generic arguments too.
        let written =
            (nestedTypeNames.contains(name) ? "\(owner).\(name)" : name)
            + (specialized.map { qualified($0.genericArgumentClause) } ?? "")
        if nestedTypeNames.contains(name) || knownTypeNames?.contains(name) ?? true { return written }
        return call.arguments.isEmpty ? written : nil
    }

    /// The collection type an array or dictionary literal of one type spells (`[Action]` in `[Action]()`,
    /// `[String: Int]` in `[String: Int]()`), its element types qualified as a construction's are; `nil` for
    /// anything else.
    private func collectionType(_ expression: ExprSyntax) -> String? {
        if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1,
            let element = array.elements.first,
            let name = elementType(element.expression)
        {
            return "[\(name)]"
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content, elements.count == 1, let element = elements.first,
            let key = elementType(element.key), let value = elementType(element.value)
        {
            return "[\(key): \(value)]"
        }
        return nil
    }

    /// A type named in expression position (`Action`, `Foo.Kind`), as a requirement writes it.
    private func elementType(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            reference.baseName.text.first?.isUppercase == true
        {
            let name = reference.baseName.text
            return nestedTypeNames.contains(name) ? "\(owner).\(name)" : name
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base.flatMap(elementType),
            member.declName.baseName.text.first?.isUppercase == true
        {
            return "\(base).\(member.declName.baseName.text)"
        }
        return nil
    }

    /// Whether a method is a callback the type receives rather than API callers use: `@objc`,
    /// `@IBAction`, `override`, or delegate-shaped (`func tableView(_ tableView: UITableView, ...)`).
    static func isCallback(_ function: FunctionDeclSyntax) -> Bool {
        if function.attributes.contains(named: "objc") || function.attributes.contains(named: "IBAction") {
            return true
        }
        if function.modifiers.contains("override") { return true }
        guard let first = function.signature.parameterClause.parameters.first, first.firstName.text == "_" else {
            return false
        }
        let name = function.name.text
        let capitalized = name.prefix(1).uppercased() + name.dropFirst()
        return first.type.trimmedDescription.hasSuffix(capitalized)
    }

    /// The type of a literal (`0` → `Int`, `"a"` → `String`), or `nil` for anything else.
    static func literalType(of value: ExprSyntax) -> String? {
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        return nil
    }

    // MARK: Text

    private static let keptAttributeNames: Set<String> = [
        "MainActor", "available", "discardableResult", "preconcurrency",
    ]

    private func keptAttributes(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { element in
            guard case .attribute(let attribute) = element,
                Self.keptAttributeNames.contains(attribute.attributeName.trimmedDescription)
            else { return nil }
            return attribute.trimmedDescription
        }
    }

    private func keptModifiers(_ modifiers: DeclModifierListSyntax) -> [String] {
        modifiers.compactMap { modifier in
            let name = modifier.name.text
            if name == "nonisolated" { return modifier.trimmedDescription }
            if (name == "mutating" || name == "static") && isProtocol { return name }
            return nil
        }
    }

    /// The node's text with the type's own nested type names qualified (`Mode` → `DataStore.Mode`).
    private func qualified(_ node: some SyntaxProtocol) -> String {
        guard !nestedTypeNames.isEmpty else { return node.trimmedDescription }
        let rewritten = NestedTypeQualifier(names: nestedTypeNames, owner: owner).rewrite(Syntax(node))
        return rewritten.trimmedDescription
    }

    static func isNonEscapingClosure(_ type: TypeSyntax, functionTypeAliases: Set<String> = []) -> Bool {
        var base = type
        var escaping = false
        if let attributed = type.as(AttributedTypeSyntax.self) {
            escaping = attributed.attributes.contains(named: "escaping")
            base = attributed.baseType
        }
        while let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            base = only.type
        }
        if escaping { return false }
        if base.is(FunctionTypeSyntax.self) { return true }
        let name = base.as(IdentifierTypeSyntax.self)?.name.text ?? base.as(MemberTypeSyntax.self)?.name.text
        return name.map(functionTypeAliases.contains) ?? false
    }

    static func isInout(_ type: TypeSyntax) -> Bool {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return false }
        return attributed.specifiers.contains { $0.trimmedDescription == "inout" }
    }

    /// The type as a stored value would be written: without `inout` and other specifiers, and without
    /// `@escaping`/`@autoclosure`, which only exist in parameter lists.
    static func bareType(_ type: TypeSyntax, qualify: (TypeSyntax) -> String) -> String {
        guard let attributed = type.as(AttributedTypeSyntax.self) else { return qualify(type) }
        let kept = attributed.attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element else { return nil }
            let name = attribute.attributeName.trimmedDescription
            return name == "escaping" || name == "autoclosure" ? nil : attribute.trimmedDescription
        }
        let base = qualify(attributed.baseType)
        return (kept + [base]).joined(separator: " ")
    }
}

/// Qualifies references to a type's nested types so they resolve outside the type.
private final class NestedTypeQualifier: SyntaxRewriter {
    let names: Set<String>
    let owner: String

    init(names: Set<String>, owner: String) {
        self.names = names
        self.owner = owner
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        guard names.contains(node.name.text) else { return super.visit(node) }
        let qualifiedName = node.with(\.name, .identifier("\(owner).\(node.name.text)"))
        return super.visit(qualifiedName)
    }
}
