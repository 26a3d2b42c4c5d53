import SwiftSyntax

extension AttributeListSyntax {
    /// Whether an attribute with this name (`MainActor`, `Published`) is present.
    func contains(named name: String) -> Bool {
        attribute(named: name) != nil
    }

    /// The attribute named `name` (`objc` finds `@objc(initWithConfig:)`), if any.
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            if case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == name {
                return attribute
            }
        }
        return nil
    }
}

extension DeclModifierListSyntax {
    /// Whether a modifier with this keyword (`static`, `convenience`, `lazy`) is present.
    func contains(_ keyword: String) -> Bool {
        contains { $0.name.text == keyword }
    }

    /// The access level keyword, ignoring setter-only ones like `private(set)`.
    var accessLevel: String? {
        first {
            ["open", "public", "package", "internal", "fileprivate", "private"].contains($0.name.text)
                && $0.detail == nil
        }?
        .name.text
    }

    /// Whether the declaration is `public` or `open`: visible outside its module, so what its signature names
    /// (a default argument too) must be as well.
    var isPublic: Bool {
        accessLevel == "public" || accessLevel == "open"
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
