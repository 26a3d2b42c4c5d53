import SwiftSyntax

/// A class, struct, actor, enum, protocol or extension declaration, seen through one interface.
struct TypeDeclarationView {
    enum Kind: String, Sendable {
        case `class`, `struct`, actor, `enum`, `protocol`, `extension`
    }

    let node: DeclSyntax
    let kind: Kind
    /// The declared name, or for an extension the extended type's last name component.
    let name: String
    let memberBlock: MemberBlockSyntax
    let modifiers: DeclModifierListSyntax
    let attributes: AttributeListSyntax
    let inheritanceClause: InheritanceClauseSyntax?
    /// The token after which `: Protocol` goes when there is no inheritance clause yet.
    let conformanceAnchor: TokenSyntax
    /// Whether the type (or extended type) has generic parameters of its own.
    let isGeneric: Bool

    init?(_ syntax: some SyntaxProtocol) {
        let node = Syntax(syntax)
        if let decl = node.as(ClassDeclSyntax.self) {
            self.init(nominal: decl, kind: .class)
        } else if let decl = node.as(StructDeclSyntax.self) {
            self.init(nominal: decl, kind: .struct)
        } else if let decl = node.as(ActorDeclSyntax.self) {
            self.init(nominal: decl, kind: .actor)
        } else if let decl = node.as(EnumDeclSyntax.self) {
            self.init(nominal: decl, kind: .enum)
        } else if let decl = node.as(ProtocolDeclSyntax.self) {
            self.init(
                node: DeclSyntax(decl), kind: .protocol, name: decl.name.text, memberBlock: decl.memberBlock,
                modifiers: decl.modifiers, attributes: decl.attributes, inheritanceClause: decl.inheritanceClause,
                conformanceAnchor: decl.primaryAssociatedTypeClause?.rightAngle ?? decl.name, isGeneric: false)
        } else if let decl = node.as(ExtensionDeclSyntax.self) {
            let extended = decl.extendedType.trimmedDescription
            let simple = extended.split(separator: ".").last.map(String.init) ?? extended
            self.init(
                node: DeclSyntax(decl), kind: .extension, name: simple, memberBlock: decl.memberBlock,
                modifiers: decl.modifiers, attributes: decl.attributes, inheritanceClause: decl.inheritanceClause,
                conformanceAnchor: decl.extendedType.lastToken(viewMode: .sourceAccurate) ?? decl.extensionKeyword,
                isGeneric: decl.genericWhereClause != nil)
        } else {
            return nil
        }
    }

    /// A class, struct, actor or enum: named, with optional generic parameters.
    private init(nominal decl: some DeclGroupSyntax & NamedDeclSyntax & WithGenericParametersSyntax, kind: Kind) {
        self.init(
            node: DeclSyntax(decl), kind: kind, name: decl.name.text, memberBlock: decl.memberBlock,
            modifiers: decl.modifiers, attributes: decl.attributes, inheritanceClause: decl.inheritanceClause,
            conformanceAnchor: decl.genericParameterClause?.rightAngle ?? decl.name,
            isGeneric: decl.genericParameterClause != nil)
    }

    private init(
        node: DeclSyntax, kind: Kind, name: String, memberBlock: MemberBlockSyntax, modifiers: DeclModifierListSyntax,
        attributes: AttributeListSyntax, inheritanceClause: InheritanceClauseSyntax?, conformanceAnchor: TokenSyntax,
        isGeneric: Bool
    ) {
        self.node = node
        self.kind = kind
        self.name = name
        self.memberBlock = memberBlock
        self.modifiers = modifiers
        self.attributes = attributes
        self.inheritanceClause = inheritanceClause
        self.conformanceAnchor = conformanceAnchor
        self.isGeneric = isGeneric
    }

    /// Names in the inheritance clause (`["ObservableObject", "DataStoreProtocol"]`).
    var inheritedTypeNames: [String] {
        inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    }

    /// Whether the declaration is `@MainActor`.
    var isMainActor: Bool { attributes.contains(named: "MainActor") }

    /// Whether the type says it is `Sendable` (checked or `@unchecked`).
    var declaresSendable: Bool {
        inheritedTypeNames.contains { $0 == "Sendable" || $0 == "@unchecked Sendable" || $0.hasSuffix(" Sendable") }
    }

    /// The explicit access level keyword (`public`, `package`, `internal`, `fileprivate`, `private`, `open`).
    var accessLevel: String? { modifiers.accessLevel }

    /// Whether the type is `public` or `open`.
    var isPublic: Bool { modifiers.isPublic }
}
