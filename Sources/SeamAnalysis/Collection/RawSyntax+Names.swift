@_spi(RawSyntax) import SwiftSyntax

extension RawTypeSyntax {
    /// The nominal type this annotation names once optionals, `any`/`some`, attributes and `inout` are
    /// removed: `DataStore` for `(any DataStore)?`, `Outer.Inner` for `Outer.Inner!`, `Fetching` for the
    /// composition `Any & Fetching` (or `any Fetching & Sendable`). `nil` for arrays, dictionaries, tuples,
    /// functions, metatypes and compositions of two types or more.
    var coreName: String? {
        let type = unwrapped
        switch type.raw.kind {
        case .identifierType:
            return type.raw.cast(RawIdentifierTypeSyntax.self).name.bareName
        case .memberType:
            let member = type.raw.cast(RawMemberTypeSyntax.self)
            return member.baseType.coreName.map { $0 + "." + member.name.bareName }
        case .someOrAnyType:
            return type.raw.cast(RawSomeOrAnyTypeSyntax.self).constraint.coreName
        case .compositionType:
            // `Any & APIFetcher`, `any Store & Sendable`: the one type the composition adds to the standard
            // markers; a composition of two types of its own names neither.
            let named = type.raw.cast(RawCompositionTypeSyntax.self).elements.layoutView.children.compactMap {
                $0?.as(RawCompositionTypeElementSyntax.self)?.type.coreName
            }.filter { !Self.compositionMarkers.contains($0) }
            return named.count == 1 ? named[0] : nil
        default:
            return nil
        }
    }

    /// For a metatype annotation (`Reporter.Type`, `Reporter.Type?`), the core name of its instances' type.
    var metatypeInstanceName: String? {
        let type = unwrapped
        guard type.raw.kind == .metatypeType else { return nil }
        let metatype = type.raw.cast(RawMetatypeTypeSyntax.self)
        guard metatype.metatypeSpecifier.tokenText == "Type" else { return nil }
        return metatype.baseType.coreName
    }

    /// What a composition adds to a type without naming another one (`Any & Fetching`, `Store & Sendable`).
    private static let compositionMarkers: Set<String> = ["Any", "AnyObject", "Sendable", "Swift.Sendable"]

    /// For a standard collection (`[Item]`, `[String: Item]`, `Set<Item>`, `Array<Item>`, `ContiguousArray<Item>`,
    /// `Dictionary<String, Item>`, also optional, attributed or in parentheses): the core name of its elements
    /// (of its values for a dictionary); `nil` for any other type.
    var collectionElementName: String? {
        let type = unwrapped
        switch type.raw.kind {
        case .arrayType:
            return type.raw.cast(RawArrayTypeSyntax.self).element.coreName
        case .dictionaryType:
            return type.raw.cast(RawDictionaryTypeSyntax.self).value.coreName
        case .identifierType:
            let identifier = type.raw.cast(RawIdentifierTypeSyntax.self)
            guard let clause = identifier.genericArgumentClause else { return nil }
            let arguments = clause.arguments.layoutView.children.compactMap {
                $0?.as(RawGenericArgumentSyntax.self)?.argument.as(RawTypeSyntax.self)
            }
            return Self.collectionElement(named: identifier.name.bareName, arguments: arguments)?.coreName
        default:
            return nil
        }
    }

    /// The annotation without the optionals (`?`, `!`), attributes (`inout`, `@Sendable`) and parentheses
    /// around it: `Store` for `(inout Store)?`.
    private var unwrapped: RawTypeSyntax {
        var type = self
        while true {
            switch type.raw.kind {
            case .optionalType: type = type.raw.cast(RawOptionalTypeSyntax.self).wrappedType
            case .implicitlyUnwrappedOptionalType:
                type = type.raw.cast(RawImplicitlyUnwrappedOptionalTypeSyntax.self).wrappedType
            case .attributedType: type = type.raw.cast(RawAttributedTypeSyntax.self).baseType
            case .tupleType:
                let elements = type.raw.cast(RawTupleTypeSyntax.self).elements.layoutView.children
                guard elements.count == 1, let only = elements.first??.as(RawTupleTypeElementSyntax.self) else {
                    return type
                }
                type = only.type
            default: return type
            }
        }
    }

    /// The element type of the standard collection `name<arguments>` (the value type of a dictionary).
    static func collectionElement(named name: String, arguments: [RawTypeSyntax]) -> RawTypeSyntax? {
        switch (name, arguments.count) {
        case ("Array", 1), ("ContiguousArray", 1), ("Set", 1), ("Dictionary", 2): return arguments.last
        default: return nil
        }
    }

    /// The type a Factory registration registers: `APIClient` of `Factory<APIClient>`, the last argument of
    /// `ParameterFactory<Int, APIClient>`; `nil` for any other annotation.
    var factoryRegisteredType: RawTypeSyntax? {
        guard let identifier = self.as(RawIdentifierTypeSyntax.self),
            identifier.name.tokenText == "Factory" || identifier.name.tokenText == "ParameterFactory",
            let clause = identifier.genericArgumentClause
        else { return nil }
        return clause.arguments.layoutView.children.compactMap {
            $0?.as(RawGenericArgumentSyntax.self)?.argument.as(RawTypeSyntax.self)
        }.last
    }

    /// Whether the annotation is an implicitly unwrapped optional (`T!`).
    var isImplicitlyUnwrapped: Bool { raw.kind == .implicitlyUnwrappedOptionalType }

    /// Whether the annotation is an optional (`T?`, `T!`, also inside attributes or parentheses).
    var isOptional: Bool {
        switch raw.kind {
        case .optionalType, .implicitlyUnwrappedOptionalType: return true
        case .attributedType: return raw.cast(RawAttributedTypeSyntax.self).baseType.isOptional
        case .tupleType:
            let elements = raw.cast(RawTupleTypeSyntax.self).elements.layoutView.children
            guard elements.count == 1, let only = elements.first??.as(RawTupleTypeElementSyntax.self) else {
                return false
            }
            return only.type.isOptional
        default: return false
        }
    }

    /// The written type, trivia around it excluded (for a type that has no core name).
    var trimmedDescription: String {
        let bytes = raw.syntaxTextBytes
        let start = raw.leadingTriviaByteLength
        let end = bytes.count - raw.trailingTriviaByteLength
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
    }
}

extension RawAttributeListSyntax {
    /// Attribute names without `@`, generic arguments or arguments: `["MainActor", "Published"]`.
    var names: [String] {
        layoutView.children.compactMap { element in
            guard let attribute = element?.as(RawAttributeSyntax.self) else { return nil }
            return attribute.attributeName.coreName ?? attribute.attributeName.trimmedDescription
        }
    }

    /// Whether the list holds `@name` (`@MainActor`, `@escaping`), compared without building the names.
    func contains(_ name: SyntaxText) -> Bool {
        layoutView.children.contains { element in
            guard let type = element?.as(RawAttributeSyntax.self)?.attributeName.as(RawIdentifierTypeSyntax.self)
            else { return false }
            return type.name.tokenText == name
        }
    }
}

extension RawDeclModifierListSyntax {
    /// Whether the list holds `static` or `class`.
    var isStatic: Bool {
        layoutView.children.contains { element in
            guard let name = element?.as(RawDeclModifierSyntax.self)?.name else { return false }
            return name.isKeyword("static") || name.isKeyword("class")
        }
    }

    /// Whether the list holds `weak` or `unowned` (`unowned(unsafe)` too): a reference that does not own.
    var isWeak: Bool {
        layoutView.children.contains { element in
            guard let name = element?.as(RawDeclModifierSyntax.self)?.name else { return false }
            return name.isKeyword("weak") || name.isKeyword("unowned")
        }
    }

    /// Whether the list holds `private` or `fileprivate` (not `private(set)`, which limits the setter only).
    var isPrivate: Bool {
        layoutView.children.contains { element in
            guard let modifier = element?.as(RawDeclModifierSyntax.self), modifier.detail == nil else { return false }
            return modifier.name.isKeyword("private") || modifier.name.isKeyword("fileprivate")
        }
    }
}

extension RawInheritanceClauseSyntax {
    /// The inherited type names, as core names (`Sendable`, `DataStoreProtocol`); each of a composition
    /// (2FAS's `final class CounterHandler: CounterHandlerStart & CounterHandlerTokens & CounterHandlerStop`).
    var names: [String] {
        var names: [String] = []
        for child in inheritedTypes.layoutView.children {
            guard let type = child?.as(RawInheritedTypeSyntax.self)?.type else { continue }
            if let composition = type.as(RawCompositionTypeSyntax.self) {
                for element in composition.elements.layoutView.children {
                    if let name = element?.as(RawCompositionTypeElementSyntax.self)?.type.coreName {
                        names.append(name)
                    }
                }
            } else if let name = type.coreName {
                names.append(name)
            }
        }
        return names
    }
}

extension RawExprSyntax {
    /// The dotted name of a plain reference chain (`DataStore`, `Outer.Inner`, `self`), or `nil`.
    /// A generic type's arguments are left out: `ImageCache` for `ImageCache<String>`.
    var dottedName: String? {
        if let reference = self.as(RawDeclReferenceExprSyntax.self) { return reference.baseName.bareName }
        if let specialization = self.as(RawGenericSpecializationExprSyntax.self) {
            return specialization.expression.dottedName
        }
        if let member = self.as(RawMemberAccessExprSyntax.self), let base = member.base?.dottedName {
            return base + "." + member.declName.baseName.bareName
        }
        return nil
    }

    /// The base name of a called expression: `fetch` for `api.fetch`, `load` for `load`.
    var calledName: String? {
        if let member = self.as(RawMemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = self.as(RawDeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }
}

/// Whether a scalar is an uppercase letter (type names start with one by convention). ASCII is answered
/// without the Unicode property tables.
@inline(__always)
func isUppercaseInitial(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar >= "A" && scalar <= "Z" : scalar.properties.isUppercase
}

extension RawVariableDeclSyntax {
    /// Whether a binding is given an initial value (`let api = API()`, `lazy var cache = Cache()`).
    var hasInitialValue: Bool {
        bindings.layoutView.children.contains { $0?.as(RawPatternBindingSyntax.self)?.initializer != nil }
    }
}

extension RawExprSyntax {
    /// The last name of a reference or a member access (`Text` of `Text`, `title` of `cell.title`), read from
    /// the token without building a string; `nil` for another expression.
    var lastName: SyntaxText? {
        if let reference = self.as(RawDeclReferenceExprSyntax.self) { return reference.baseName.tokenText }
        return self.as(RawMemberAccessExprSyntax.self)?.declName.baseName.tokenText
    }

    /// Whether the expression is a one-line string literal without interpolation (`"^[a-z]+$"`).
    var isPlainStringLiteral: Bool {
        isUninterpolatedStringLiteral
            && self.as(RawStringLiteralExprSyntax.self)?.openingQuote.tokenKind == .stringQuote
    }

    /// Whether the expression is a string literal of any form (raw, multi-line: `#"""…"""#`) without interpolation.
    var isUninterpolatedStringLiteral: Bool {
        guard let literal = self.as(RawStringLiteralExprSyntax.self) else { return false }
        return literal.segments.layoutView.children.allSatisfy { $0?.as(RawStringSegmentSyntax.self) != nil }
    }
}

extension SyntaxText {
    /// The name's camel-case words as lower-case ASCII bytes: `titleLabel` → `title`, `label`; `entitlementID` →
    /// `entitlement`, `id`; `URLSession` → `url`, `session`. Anything but an ASCII letter separates words.
    var camelCaseWords: [[UInt8]] {
        let bytes = Array(self)
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLetter(_ byte: UInt8) -> Bool {
            isUpper(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        }
        var words: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            guard isLetter(bytes[start]) else {
                start += 1
                continue
            }
            // A word: a capital or a run of capitals, then lower-case letters (`ID` in `entitlementID`, `URL`).
            var end = start + 1
            while end < bytes.count, isUpper(bytes[end]), end + 1 >= bytes.count || isUpper(bytes[end + 1]) { end += 1 }
            while end < bytes.count, isLetter(bytes[end]), !isUpper(bytes[end]) { end += 1 }
            words.append(bytes[start..<end].map { $0 | 0x20 })
            start = end
        }
        return words
    }
}

extension UInt8 {
    /// Whether this UTF-8 byte can be part of a Swift identifier read as bytes: an ASCII letter, digit or `_`, or any
    /// byte over ASCII (part of a letter; what is no letter among those is left to the parser).
    package var isIdentifierByte: Bool {
        self == UInt8(ascii: "_") || self >= 0x80
            || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z"))
            || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
    }
}
