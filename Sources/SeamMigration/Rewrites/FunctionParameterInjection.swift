import Foundation
import SeamAnalysis
import SwiftSyntax

/// Rewrite 3b: `S.shared` in a `static`/`class` function, or in any method of an enum (which cannot hold an
/// injected property), becomes a defaulted parameter of that function:
///
/// ```swift
/// static func export() { Store.shared.load() }
/// // becomes
/// static func export(store: any StoreProtocol = Store.shared) { store.load() }
/// ```
///
/// A default argument is evaluated at each call, as the read it replaces was (a static stored or computed
/// property would read it once, or outside any call: those stay, with a note). Existing calls keep compiling;
/// what would not is refused: a function that may satisfy a protocol requirement, that overrides or may be
/// overridden, that the Objective-C runtime calls (`@objc`), that is used as a function reference (`T.f`
/// without a call, which changes type), an operator, or one with an availability check.
struct FunctionParameterInjection {
    let input: MigrationInput
    let references: FunctionReferences

    /// Whether the site is one this rewrite handles (in a function the type cannot inject a property into, or in
    /// a delegating initializer, which cannot read one before delegating).
    static func applies(to site: AccessSiteClassifier.Site, in kind: TypeDeclarationView.Kind) -> Bool {
        if site.delegatingInitializer != nil { return true }
        guard site.function != nil else { return false }
        return site.isStatic || (kind == .enum && site.unsafeReason == nil)
    }

    /// Why the site's function cannot take the dependency as a defaulted parameter, or `nil` when it can.
    func refusal(
        for site: AccessSiteClassifier.Site, dependency: SingletonInjection.Dependency,
        in declaration: MigrationInput.Declaration
    ) -> String? {
        if let initializer = site.delegatingInitializer {
            return refusal(for: initializer, site: site, dependency: dependency, in: declaration)
        }
        guard let function = site.function else { return "not in a function" }
        let functionKind = site.isStatic ? "a static function" : "an enum's method"
        if function.modifiers.contains("override") {
            return "in \(functionKind) that overrides a superclass's, whose signature cannot change"
        }
        if function.modifiers.contains("class"), !declaration.view.modifiers.contains("final"),
            !function.modifiers.contains("final")
        {
            return "in a `class func`, which subclasses may override with its current signature"
        }
        if let requirement = possibleRequirement(function.name.text, of: declaration) {
            return "in \(functionKind) that may satisfy a requirement of `\(requirement)`"
        }
        let referenced =
            site.isStatic
            ? references.isStaticFunctionReferencedWithoutCall(
                function.name.text, of: declaration.type.simpleName,
                declaredIn: Set(declaration.type.fragments.map(\.file)))
            : references.isReferencedWithoutCall(function.name.text)
        return Self.signatureRefusal(
            of: function, kind: functionKind, dependency: dependency, isShadowed: site.isShadowed,
            isReferencedWithoutCall: referenced, isMainActor: declaration.type.isolatedToMainActor)
    }

    /// Why a function (`kind` says which: a static one, an enum's method, a top-level one) cannot take `dependency` as a
    /// defaulted parameter whatever its type: an operator, a function the Objective-C runtime calls, one checking
    /// availability (its default would be evaluated outside the check), one with a parameter of that name, a `public`
    /// one and an internal protocol, a local that would shadow the parameter, a function written somewhere without a
    /// call (a new parameter changes a reference's type), a main-actor singleton read from a function that is not
    /// (`isMainActor`: its context is).
    static func signatureRefusal(
        of function: FunctionDeclSyntax, kind: String, dependency: SingletonInjection.Dependency, isShadowed: Bool,
        isReferencedWithoutCall: Bool, isMainActor: Bool
    ) -> String? {
        switch function.name.tokenKind {
        case .binaryOperator, .prefixOperator, .postfixOperator:
            return "in an operator, whose parameters are its operands"
        default: break
        }
        for attribute in ["objc", "IBAction", "IBSegueAction", "nonobjc", "_cdecl"]
        where function.attributes.contains(named: attribute) {
            return "in an `@\(attribute)` function, called with its current signature"
        }
        if AccessSiteClassifier.isUnderAvailabilityCheck(DeclSyntax(function)) {
            return
                "in a function with an availability check (`#available`, `@available`), outside which its default argument would be evaluated"
        }
        let property = dependency.propertyName
        if function.signature.parameterClause.parameters.contains(where: {
            ($0.secondName ?? $0.firstName).text == property || $0.firstName.text == property
        }) {
            return "in \(kind) that already has a parameter named `\(property)`"
        }
        if function.modifiers.isPublic, !dependency.plan.isPublic || dependency.isClass {
            return "in a public function, which cannot take an internal type"
        }
        if isShadowed { return "in \(kind) where a local named `\(property)` would shadow the new parameter" }
        if isReferencedWithoutCall {
            return
                "in `\(function.name.text)`, which is written somewhere without a call (as a function reference it would change type with a new parameter)"
        }
        if dependency.plan.isMainActor, !isMainActor, !function.attributes.contains(named: "MainActor") {
            return
                "in \(kind) `\(function.name.text)` that is not @MainActor as `\(dependency.singleton.typeName)` is, so its default argument cannot read it"
        }
        return nil
    }

    /// Why a delegating initializer cannot take the dependency as a defaulted parameter (`convenience init(…,
    /// store: any StoreProtocol = …) { self.init(name: store.name) }`), or `nil` when it can: its callers keep
    /// compiling, unless it must keep its signature (`required`, `override`, `@objc`, overridden by a subclass).
    private func refusal(
        for initializer: InitializerDeclSyntax, site: AccessSiteClassifier.Site,
        dependency: SingletonInjection.Dependency,
        in declaration: MigrationInput.Declaration
    ) -> String? {
        let kind = "a delegating (`self.init`) or convenience initializer"
        for modifier in ["required", "override"] where initializer.modifiers.contains(modifier) {
            return "in \(kind) that is `\(modifier)`, whose signature cannot change"
        }
        if initializer.attributes.contains(named: "objc") {
            return "in an `@objc` initializer, called with its current signature"
        }
        if AccessSiteClassifier.isUnderAvailabilityCheck(DeclSyntax(initializer)) {
            return
                "in \(kind) with an availability check (`#available`, `@available`), outside which its default argument would be evaluated"
        }
        let names = initializer.signature.parameterClause.parameters.flatMap {
            [$0.firstName.text, ($0.secondName ?? $0.firstName).text]
        }
        if names.contains(dependency.propertyName) {
            return "in \(kind) that already has a parameter named `\(dependency.propertyName)`"
        }
        if initializer.modifiers.isPublic, !dependency.plan.isPublic {
            return "in a public initializer, which cannot take an internal protocol type"
        }
        if site.isShadowed {
            return "in \(kind) where a local named `\(dependency.propertyName)` would shadow the new parameter"
        }
        if dependency.plan.isMainActor, !declaration.type.isolatedToMainActor,
            !initializer.attributes.contains(named: "MainActor")
        {
            return
                "in \(kind) that is not @MainActor as `\(dependency.singleton.typeName)` is, so its default argument cannot read it"
        }
        // A subclass overriding it with today's labels would no longer override anything.
        let labels = initializer.signature.parameterClause.parameters.map(\.firstName.text)
        let overriding = input.model?.sortedTypes.first { type in
            type.superclass == declaration.type.simpleName || type.superclass == declaration.type.name
        }.flatMap { subclass in
            subclass.initializers.contains { $0.traits.isOverride && $0.parameters.map { $0.label ?? "_" } == labels }
                ? subclass.name : nil
        }
        if let overriding { return "in \(kind) that `\(overriding)` overrides, whose signature would change" }
        return nil
    }

    /// The protocol whose requirement `name` may implement: a codebase protocol the type conforms to that
    /// declares a function of that name, or a protocol the codebase does not declare (its requirements unknown).
    private func possibleRequirement(_ name: String, of declaration: MigrationInput.Declaration) -> String? {
        let type = declaration.type
        for written in type.conformances where written != type.superclass {
            if let own = input.protocolDeclaration(named: written, from: type.name) {
                let declares = own.view.memberBlock.members.contains {
                    $0.decl.as(FunctionDeclSyntax.self)?.name.text == name
                }
                if declares { return written }
            } else if !Self.requirementFreeProtocols.contains(written),
                input.model?.type(named: written, from: type.name) == nil
            {
                return written
            }
        }
        return nil
    }

    /// Protocols that declare no function an app's static function or enum method implements.
    static let requirementFreeProtocols: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Codable", "Decodable", "Encodable", "CaseIterable", "Identifiable",
        "Comparable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError",
        "String", "Int", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float",
        "Character", "RawRepresentable", "AnyObject", "CodingKey", "ObservableObject", "Observable",
    ]

    /// The parameter declarations `dependencies` add to a function.
    static func declarations(_ dependencies: [SingletonInjection.Dependency]) -> [String] {
        dependencies.map(\.parameterDeclaration)
    }
}

/// Which names the codebase writes without calling them: `f` not followed by `(`, `{`, `:`, `<` or `.`, and not
/// declared by `func f`, with what is written before it: a qualifier (`T.f`), a bare dot (`.f`) or nothing (`f`, kept
/// with the files it is written in). A textual scan of every file (comments and strings included, which only makes
/// it refuse more), done once, when the first function is asked about.
final class FunctionReferences {
    private let files: @Sendable () -> [(path: String, text: String)]
    /// The syntax trees of the files the migration loaded, by path.
    private let trees: [String: SourceFileSyntax]
    private var scanned: Scan?

    /// The uncalled names of the codebase, by how they are written.
    private struct Scan {
        /// `f` written without a qualifier, with the files it is written in.
        var bare: [String: Set<String>] = [:]
        /// `T.f`, as `"T.f"`.
        var qualified: Set<String> = []
        /// `.f` (an implicit member).
        var implicit: Set<String> = []
    }

    init(input: MigrationInput) {
        let model = input.model
        let loaded = Dictionary(input.files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        trees = Dictionary(input.files.map { ($0.path, $0.tree) }, uniquingKeysWith: { first, _ in first })
        files = {
            guard let model else { return loaded.map { ($0.key, $0.value) } }
            return model.files.compactMap { file in
                (loaded[file.path] ?? (try? String(contentsOf: file.url, encoding: .utf8))).map { (file.path, $0) }
            }
        }
    }

    private var scan: Scan {
        if let scanned { return scanned }
        let made = Self.scan(files())
        scanned = made
        return made
    }

    /// Whether `name` is written anywhere without a call (an enum's method may be referenced through any value).
    func isReferencedWithoutCall(_ name: String) -> Bool {
        let scan = scan
        return scan.bare[name] != nil || scan.implicit.contains(name)
            || scan.qualified.contains { $0.hasSuffix("." + name) }
    }

    /// Whether the static function `name` of the type `typeName` may be written without a call: as `T.f`,
    /// `Self.f` or `.f` anywhere, or as a bare `f` inside the type or an extension of it (where it names the static
    /// function). A property of the same name elsewhere (`viewController`, `instance`) is no reference, nor is a
    /// local or parameter of that name (Unstoppable's `static func viewController()` declares `let viewController`).
    func isStaticFunctionReferencedWithoutCall(_ name: String, of typeName: String, declaredIn typeFiles: Set<String>)
        -> Bool
    {
        let scan = scan
        if scan.qualified.contains(typeName + "." + name) || scan.qualified.contains("Self." + name)
            || scan.implicit.contains(name)
        {
            return true
        }
        return (scan.bare[name] ?? []).intersection(typeFiles).contains { path in
            guard let tree = trees[path] else { return true }
            return Self.hasBareReference(to: name, inside: typeName, in: tree)
        }
    }

    /// Whether `tree` writes `name` bare and uncalled inside the type `typeName` (or an extension of it), where no local
    /// or parameter of that name hides it.
    private static func hasBareReference(to name: String, inside typeName: String, in tree: SourceFileSyntax) -> Bool {
        tree.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let text) = token.tokenKind, text == name,
                let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
            else { return false }
            if let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id {
                return false
            }
            var enclosing = reference.enclosingTypeDeclaration
            while let current = enclosing, current.name != typeName {
                enclosing = current.node.enclosingTypeDeclaration
            }
            return enclosing != nil && !LocalShadowing.isShadowed(name, at: reference)
        }
    }

    private static func scan(_ files: [(path: String, text: String)]) -> Scan {
        var found = Scan()
        for (path, text) in files {
            let bytes = Array(text.utf8)
            var index = 0
            var previousWord = ""
            // The word just before a `.` that precedes the current word, or "" after a bare `.`; `nil` without a dot.
            var qualifier: String?
            var lastWord = ""
            while index < bytes.count {
                let byte = bytes[index]
                guard isIdentifierStart(byte) else {
                    if byte == UInt8(ascii: ".") {
                        // `T.f`: the word right before the dot qualifies; `).f`, `].f`, `?.f` are members of values.
                        let before = index > 0 ? bytes[index - 1] : 0
                        qualifier =
                            before.isIdentifierByte
                            ? lastWord : (isSpace(before) || before == 0 || "(,[:={".utf8.contains(before) ? "" : "?")
                    } else if !isSpace(byte) {
                        qualifier = nil
                    }
                    if !isSpace(byte) { previousWord = "" }
                    lastWord = ""
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, bytes[index].isIdentifierByte { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                var next = index
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
                    next += 1
                }
                let following = next < bytes.count ? bytes[next] : 0
                let called =
                    following == UInt8(ascii: "(") || following == UInt8(ascii: "{") || following == UInt8(ascii: ":")
                    || following == UInt8(ascii: "<") || following == UInt8(ascii: ".")
                // `func f`, `let f`, `var f`, `case f` declare the name; they do not reference a function.
                if !called, !["func", "let", "var", "case"].contains(previousWord) {
                    switch qualifier {
                    case nil: found.bare[word, default: []].insert(path)
                    case "": found.implicit.insert(word)
                    case "?": found.qualified.insert("?." + word)
                    case let qualifier?: found.qualified.insert(qualifier + "." + word)
                    }
                }
                previousWord = word
                lastWord = word
                qualifier = nil
            }
        }
        return found
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte.isIdentifierByte && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
