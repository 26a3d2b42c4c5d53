import SwiftSyntax

extension TypeSyntax {
    /// The nominal type this annotation names once optionals, `any`/`some`, attributes and `inout` are
    /// removed: `DataStore` for `(any DataStore)?`, `Outer.Inner` for `Outer.Inner!`. `nil` for arrays,
    /// dictionaries, tuples, functions, compositions and metatypes.
    var coreName: String? {
        if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.bareName }
        if let member = self.as(MemberTypeSyntax.self) {
            guard let base = member.baseType.coreName else { return nil }
            return base + "." + member.name.bareName
        }
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.coreName }
        if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unwrapped.wrappedType.coreName
        }
        if let existential = self.as(SomeOrAnyTypeSyntax.self) { return existential.constraint.coreName }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.coreName }
        if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return only.type.coreName
        }
        return nil
    }
}

extension AttributeListSyntax {
    /// Attribute names without `@`, generic arguments or arguments: `["MainActor", "Published"]`.
    var names: [String] {
        compactMap { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            return attribute.attributeName.coreName ?? attribute.attributeName.trimmedDescription
        }
    }
}

extension DeclModifierListSyntax {
    /// Whether the list holds `static` or `class`.
    var isStatic: Bool {
        contains { modifier in
            switch modifier.name.tokenKind {
            case .keyword(.static), .keyword(.class): true
            default: false
            }
        }
    }
}

extension InheritanceClauseSyntax {
    /// The inherited type names, as core names (`Sendable`, `DataStoreProtocol`).
    var names: [String] { inheritedTypes.compactMap { $0.type.coreName } }
}

extension ExprSyntax {
    /// The dotted name of a plain reference chain (`DataStore`, `Outer.Inner`, `self`), or `nil`.
    var dottedName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.bareName }
        if let member = self.as(MemberAccessExprSyntax.self), let base = member.base?.dottedName {
            return base + "." + member.declName.baseName.bareName
        }
        return nil
    }
}

extension TokenSyntax {
    /// The identifier without escaping backticks: `default` for `` `default` ``.
    var bareName: String {
        let text = self.text
        let utf8 = text.utf8
        guard utf8.count > 2, utf8.first == UInt8(ascii: "`"), utf8.last == UInt8(ascii: "`") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
