import SwiftSyntax

/// A type declaration or extension as found in one file, before extensions are merged.
struct RawFragment: Sendable {
    var kind: TypeKind
    var isExtension: Bool
    /// The qualified name for declarations (`Outer.Inner`); the extended type as written for extensions.
    var name: String
    var conformances: [String]
    var attributes: [String]
    var fragment: TypeFragment
    var properties: [StoredProperty] = []
    var initializers: [InitDeclaration] = []
}

/// A top-level `let`/`var` that may hold a global instance.
struct RawGlobal: Sendable {
    var name: String
    /// The type named by the annotation or by the initializer call (`AppState` for `AppState()`).
    var typeName: String
    var isLet: Bool
    var location: SourceLocation
}

/// The declaration walk: walks the declarations of one file (never function bodies or initial values) and records
/// types, extensions, properties, initialisers and top-level variables.
final class DeclarationCollector: SyntaxVisitor {
    private let context: FileContext
    private(set) var fragments: [RawFragment] = []
    private(set) var globals: [RawGlobal] = []
    /// Names of functions with an `@escaping` completion-handler parameter.
    private(set) var completionFunctions: Set<String> = []
    /// Indexes into `fragments` of the enclosing declarations.
    private var stack: [Int] = []

    init(context: FileContext) {
        self.context = context
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ tree: SourceFileSyntax, context: FileContext) -> DeclarationCollector {
        let collector = DeclarationCollector(context: context)
        collector.walk(tree)
        return collector
    }

    // MARK: Types

    private func enter(
        kind: TypeKind, name: String, isExtension: Bool, inheritance: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax, node: some DeclSyntaxProtocol, nameToken: some SyntaxProtocol
    ) {
        let qualified: String
        if isExtension {
            qualified = name
        } else if let outer = stack.last {
            qualified = fragments[outer].name + "." + name
        } else {
            qualified = name
        }
        let fragment = TypeFragment(
            file: context.path, isExtension: isExtension,
            location: context.location(of: nameToken), lineCount: context.lineSpan(of: node))
        fragments.append(
            RawFragment(
                kind: kind, isExtension: isExtension, name: qualified, conformances: inheritance?.names ?? [],
                attributes: attributes.names, fragment: fragment))
        stack.append(fragments.count - 1)
    }

    /// Enters a named type declaration (class, struct, actor, enum or protocol).
    private func enterType(_ kind: TypeKind, _ node: some DeclGroupSyntax & NamedDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(
            kind: kind, name: node.name.bareName, isExtension: false, inheritance: node.inheritanceClause,
            attributes: node.attributes, node: node, nameToken: node.name)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(.class, node) }
    override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(.struct, node) }
    override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(.actor, node) }
    override func visitPost(_ node: ActorDeclSyntax) { stack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(.enum, node) }
    override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enterType(.protocol, node) }
    override func visitPost(_ node: ProtocolDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.coreName ?? node.extendedType.trimmedDescription
        enter(
            kind: .external, name: name, isExtension: true, inheritance: node.inheritanceClause,
            attributes: node.attributes, node: node, nameToken: node.extendedType)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

    // MARK: Members

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if let owner = stack.last {
            recordProperties(node, into: owner)
        } else if node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
            recordGlobals(node)
        }
        return .skipChildren
    }

    private func recordProperties(_ node: VariableDeclSyntax, into owner: Int) {
        let isStatic = node.modifiers.isStatic
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        let attributes = node.attributes.names
        for binding in node.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let isComputed = binding.accessorBlock.map(Self.isComputed) ?? false
            if isComputed && !isStatic { continue }
            // `let a, b: Int` annotates only the last binding; Swift applies it to all.
            let type = binding.typeAnnotation?.type ?? Self.trailingAnnotation(after: binding, in: node)
            fragments[owner].properties.append(
                StoredProperty(
                    name: identifier.identifier.bareName,
                    typeName: type?.coreName ?? binding.initializer.flatMap { Self.constructedType($0.value) },
                    initialValue: binding.initializer?.value.trimmedSourceText, isStatic: isStatic, isLet: isLet,
                    isComputed: isComputed, attributes: attributes, location: context.location(of: identifier)))
        }
    }

    private static func trailingAnnotation(after binding: PatternBindingSyntax, in node: VariableDeclSyntax)
        -> TypeSyntax?
    {
        guard binding.initializer == nil else { return nil }
        var found = false
        for candidate in node.bindings {
            if candidate.id == binding.id { found = true }
            if found, let type = candidate.typeAnnotation?.type { return type }
            if found, candidate.initializer != nil { return nil }
        }
        return nil
    }

    /// A getter (explicit or implicit) makes a computed property; `willSet`/`didSet` alone do not.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): false
                default: true
                }
            }
        }
    }

    private func recordGlobals(_ node: VariableDeclSyntax) {
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), binding.accessorBlock == nil
            else { continue }
            let typeName =
                binding.typeAnnotation?.type.coreName ?? binding.initializer.flatMap { Self.constructedType($0.value) }
            guard let typeName else { continue }
            globals.append(
                RawGlobal(
                    name: identifier.identifier.bareName, typeName: typeName, isLet: isLet,
                    location: context.location(of: identifier)))
        }
    }

    /// The type constructed by `T(...)` or `T.init(...)`, or `nil`.
    static func constructedType(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`) {
            return member.base?.dottedName
        }
        // `Outer.Inner(...)` constructs; `Factory.make(...)` calls a function.
        guard let name = callee.dottedName,
            name.split(separator: ".").allSatisfy({ $0.unicodeScalars.first.map(isUppercaseInitial) ?? false })
        else { return nil }
        return name
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = stack.last else { return .skipChildren }
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            let first = parameter.firstName.bareName
            let label: String? = first == "_" ? nil : first
            return InitParameter(
                label: label, name: parameter.secondName?.bareName ?? first, typeName: parameter.type.coreName,
                defaultValue: parameter.defaultValue?.value.trimmedSourceText, location: context.location(of: parameter))
        }
        fragments[owner].initializers.append(
            InitDeclaration(location: context.location(of: node.initKeyword), parameters: parameters))
        return .skipChildren
    }

    // Bodies and values are the body collector's business.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let takesCompletion = node.signature.parameterClause.parameters.contains { parameter in
            guard let attributed = parameter.type.as(AttributedTypeSyntax.self),
                attributed.attributes.names.contains("escaping")
            else { return false }
            return ClosureContext.isCompletionName(parameter.firstName.text)
                || parameter.secondName.map { ClosureContext.isCompletionName($0.text) } ?? false
        }
        if takesCompletion { completionFunctions.insert(node.name.text) }
        return .skipChildren
    }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// Top-level statements that are not declarations (a `main.swift`'s code) hold no declarations we need.
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        switch node.item {
        case .decl: .visitChildren
        case .stmt, .expr: .skipChildren
        }
    }
}

/// Whether a scalar is an uppercase letter (type names start with one by convention). ASCII is answered
/// without the Unicode property tables.
@inline(__always)
func isUppercaseInitial(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar >= "A" && scalar <= "Z" : scalar.properties.isUppercase
}
