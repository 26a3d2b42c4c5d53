import SwiftSyntax

/// Who may take part in a migration, decided before any edit is drafted: the types that may receive an
/// injected property, the singletons that may be snapshotted into one, and the types that may give up a
/// protocol. Each refusal is a sentence for a note.
struct Eligibility {
    let input: MigrationInput
    let index: SyntaxIndex

    /// Conformances a struct synthesizes from its stored properties (an `any P` property breaks them) or
    /// that mark a model, not a consumer of services.
    static let valueModelConformances: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Comparable", "Identifiable",
    ]
    /// Conformances a class synthesizes from its stored properties.
    static let synthesizedClassConformances: Set<String> = ["Codable", "Decodable"]

    /// Why `view` (declared in `file`) must not receive injected singletons, or `nil` when it may.
    ///
    /// - Parameter publicProtocol: whether every protocol to inject is `public` (a `public` init can only
    ///   take `public` types).
    func injectionRefusal(for view: TypeDeclarationView, file: Int, publicProtocol: Bool) -> String? {
        if let reason = testCodeRefusal(for: view, file: file) { return reason }
        if view.attributes.contains(named: "Model") {
            return "it is a SwiftData `@Model`, whose stored properties are persisted"
        }
        let conformances = Set(allInheritedTypeNames(of: view))
        if view.kind == .struct || view.kind == .enum, let model = conformances.intersection(Self.valueModelConformances).sorted().first {
            return "it is a value-type model (`\(model)`), whose synthesized conformances an `any` property would break"
        }
        if view.kind == .class, let synthesized = conformances.intersection(Self.synthesizedClassConformances).sorted().first {
            return "it is `\(synthesized)`, whose synthesized initializer an injected property would break"
        }
        if !publicProtocol {
            let initializers = SingletonInjection.initializers(in: view.memberBlock)
            if initializers.contains(where: { ["public", "open"].contains($0.modifiers.accessLevel ?? "") }) {
                return "it has a `public` initializer, which cannot take an internal protocol type"
            }
        }
        return nil
    }

    /// Why the singleton must not be snapshotted into a `let` property, or `nil` when it may.
    func snapshotRefusal(for singleton: MigrationInput.Singleton) -> String? {
        if let entry = index.declaration(of: singleton.typeName), entry.view.kind == .struct || entry.view.kind == .enum {
            return "`\(singleton.typeName)` is a value type: an injected copy would not see later changes to `\(singleton.accessExpression)`"
        }
        guard let variable = declaration(of: singleton) else { return nil }
        let binding = variable.bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == singleton.propertyName }
        if let type = binding?.typeAnnotation?.type, type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.trimmedDescription.hasPrefix("Optional<")
        {
            return "`\(singleton.accessExpression)` is optional: a non-optional injected copy would change what `nil` means"
        }
        return nil
    }

    /// Why no protocol may be extracted from `view`, or `nil` when one may.
    func extractionRefusal(for view: TypeDeclarationView, file: Int) -> String? {
        if let reason = testCodeRefusal(for: view, file: file) { return reason }
        if allInheritedTypeNames(of: view).contains("OptionSet") { return "`\(view.name)` is an `OptionSet`, a value, not a service" }
        if view.modifiers.isPrivate { return "`\(view.name)` is a private helper, invisible to the types that would take its protocol" }
        return nil
    }

    /// Why test code must stay as it is: test doubles, test suites and anything in a test file.
    func testCodeRefusal(for view: TypeDeclarationView, file: Int) -> String? {
        if Self.isTestFile(input.files[file].path) { return "`\(view.name)` is test code (in a test file)" }
        let doubles = ["Mock", "Fake", "Stub", "Spy"]
        if doubles.contains(where: { view.name.hasPrefix($0) || view.name.hasSuffix($0) }) {
            return "`\(view.name)` is a test double"
        }
        if view.attributes.contains(named: "Suite") || allInheritedTypeNames(of: view).contains(where: { $0.hasSuffix("TestCase") }) {
            return "`\(view.name)` is a test suite"
        }
        return nil
    }

    /// Whether a path is in a test target or is a test file (`Tests/`, `AppTests/`, `FooTests.swift`).
    static func isTestFile(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        if components.dropLast().contains(where: { $0 == "Tests" || $0.hasSuffix("Tests") || $0.hasSuffix("Test") }) { return true }
        let name = components.last.map { $0.replacingOccurrences(of: ".swift", with: "") } ?? ""
        return name.hasSuffix("Tests") || name.hasSuffix("Test") || name.hasSuffix("Mock") || name.hasSuffix("Mocks")
    }

    /// The names the type and its extensions inherit (`Codable`, `XCTestCase`...).
    private func allInheritedTypeNames(of view: TypeDeclarationView) -> [String] {
        view.inheritedTypeNames + index.extensions(of: view.qualifiedName).flatMap(\.view.inheritedTypeNames)
    }

    /// The `static let`/`static var` that holds the singleton, where the analysis located its name.
    private func declaration(of singleton: MigrationInput.Singleton) -> VariableDeclSyntax? {
        guard let location = input.declarations[singleton], let fileIndex = input.fileIndex[location.file] else { return nil }
        let file = input.files[fileIndex]
        let position = file.converter.position(ofLine: location.line, column: location.column)
        var node = file.tree.token(at: position).map(Syntax.init)
        while let current = node {
            if let variable = current.as(VariableDeclSyntax.self) { return variable }
            node = current.parent
        }
        return nil
    }
}
