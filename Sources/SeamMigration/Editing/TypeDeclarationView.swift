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
            self.init(
                node: DeclSyntax(decl), kind: .class, name: decl.name.text, memberBlock: decl.memberBlock,
                modifiers: decl.modifiers, attributes: decl.attributes, inheritanceClause: decl.inheritanceClause,
                conformanceAnchor: decl.genericParameterClause?.rightAngle ?? decl.name,
                isGeneric: decl.genericParameterClause != nil)
        } else if let decl = node.as(StructDeclSyntax.self) {
            self.init(
                node: DeclSyntax(decl), kind: .struct, name: decl.name.text, memberBlock: decl.memberBlock,
                modifiers: decl.modifiers, attributes: decl.attributes, inheritanceClause: decl.inheritanceClause,
                conformanceAnchor: decl.genericParameterClause?.rightAngle ?? decl.name,
                isGeneric: decl.genericParameterClause != nil)
        } else if let decl = node.as(ActorDeclSyntax.self) {
            self.init(
                node: DeclSyntax(decl), kind: .actor, name: decl.name.text, memberBlock: decl.memberBlock,
                modifiers: decl.modifiers, attributes: decl.attributes, inheritanceClause: decl.inheritanceClause,
                conformanceAnchor: decl.genericParameterClause?.rightAngle ?? decl.name,
                isGeneric: decl.genericParameterClause != nil)
        } else if let decl = node.as(EnumDeclSyntax.self) {
            self.init(
                node: DeclSyntax(decl), kind: .enum, name: decl.name.text, memberBlock: decl.memberBlock,
                modifiers: decl.modifiers, attributes: decl.attributes, inheritanceClause: decl.inheritanceClause,
                conformanceAnchor: decl.genericParameterClause?.rightAngle ?? decl.name,
                isGeneric: decl.genericParameterClause != nil)
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

    /// The dotted path of the enclosing types plus this one (`Outer.Inner`).
    var qualifiedName: String {
        var names = [name]
        var parent = node.parent
        while let current = parent {
            if let enclosing = TypeDeclarationView(current), enclosing.kind != .protocol {
                names.insert(enclosing.name, at: 0)
            }
            parent = current.parent
        }
        return names.joined(separator: ".")
    }

    /// Whether the declaration is `@MainActor`.
    var isMainActor: Bool { attributes.contains(named: "MainActor") }

    /// Whether the type says it is `Sendable` (checked or `@unchecked`).
    var declaresSendable: Bool {
        inheritedTypeNames.contains { $0 == "Sendable" || $0 == "@unchecked Sendable" || $0.hasSuffix(" Sendable") }
    }

    /// The explicit access level keyword (`public`, `package`, `internal`, `fileprivate`, `private`, `open`).
    var accessLevel: String? { modifiers.accessLevel }
}

extension AttributeListSyntax {
    /// Whether an attribute with this name (`MainActor`, `Published`) is present.
    func contains(named name: String) -> Bool {
        contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return attribute.attributeName.trimmedDescription == name
        }
    }
}

extension DeclModifierListSyntax {
    /// Whether a modifier with this keyword (`static`, `convenience`, `lazy`) is present.
    func contains(_ keyword: String) -> Bool {
        contains { $0.name.text == keyword }
    }

    /// The access level keyword, ignoring setter-only ones like `private(set)`.
    var accessLevel: String? {
        first { ["open", "public", "package", "internal", "fileprivate", "private"].contains($0.name.text) && $0.detail == nil }?
            .name.text
    }

    /// Whether the member is `private` or `fileprivate` (not just its setter).
    var isPrivate: Bool {
        accessLevel == "private" || accessLevel == "fileprivate"
    }

    /// Whether the setter is restricted (`private(set)`, `fileprivate(set)`).
    var hasRestrictedSetter: Bool {
        contains { ($0.name.text == "private" || $0.name.text == "fileprivate") && $0.detail?.detail.text == "set" }
    }

    /// Whether the member is `static` or `class`.
    var isStatic: Bool { contains("static") || contains("class") }
}

extension SyntaxProtocol {
    /// The whitespace that starts the node's line, if the node is the first thing on it.
    var lineIndentation: String {
        var indentation = ""
        for piece in leadingTrivia {
            switch piece {
            case .spaces(let count): indentation += String(repeating: " ", count: count)
            case .tabs(let count): indentation += String(repeating: "\t", count: count)
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indentation = ""
            default: indentation = ""
            }
        }
        return indentation
    }

    /// The `///` and `/** */` comment lines in the node's leading trivia.
    var documentationLines: [String] {
        leadingTrivia.compactMap { piece -> [String]? in
            switch piece {
            case .docLineComment(let text): [text]
            case .docBlockComment(let text):
                text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    String($0.drop { $0 == " " || $0 == "\t" })
                }
            default: nil
            }
        }.flatMap { $0 }
    }

    /// The nearest enclosing type or extension declaration.
    var enclosingTypeDeclaration: TypeDeclarationView? {
        var parent = self.parent
        while let current = parent {
            if let view = TypeDeclarationView(current) { return view }
            parent = current.parent
        }
        return nil
    }
}

/// Formatting conventions read from a file, so inserted code looks like its neighbours.
enum Indentation {
    /// The file's indentation unit: the whitespace of its first indented line, or four spaces.
    static func unit(of text: String) -> String {
        for line in text.split(separator: "\n") {
            let whitespace = line.prefix { $0 == " " || $0 == "\t" }
            if !whitespace.isEmpty, whitespace.count < line.count, !line.dropFirst(whitespace.count).hasPrefix("*") {
                return whitespace.first == "\t" ? "\t" : String(repeating: " ", count: min(whitespace.count, 8))
            }
        }
        return "    "
    }
}

extension String {
    /// `DataStore` → `dataStore`, `APIClient` → `apiClient`, `URLSessionClient` → `urlSessionClient`.
    var lowerCamelCased: String {
        let characters = Array(self)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return self }
        // Keep the last capital of a run when a lowercase letter follows ("APIClient": "API" + "Client").
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// `dataStore` → `DataStore`.
    var upperFirst: String { prefix(1).uppercased() + dropFirst() }
}
