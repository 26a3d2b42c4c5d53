import SeamAnalysis
import SwiftSyntax

/// Rewrite 7, with ``MigrationOptions/ContainerStyle/seam``: the container's live instances become Seam
/// dependency keys, with the lifetime of the singleton each replaces, in a Seam `Container` the app's container
/// holds; the generated mocks become their test values.
///
/// ```swift
/// // AppDependencies+Seam.swift (next to the container)      // Tests/…/Mocks/MockDependencies.swift
/// extension AppDependencies {                                  extension Trait where Self == SeamDependenciesTrait {
///     static let container = Container(name: …) {                  static var mockDependencies: Self {
///         DataStoreKey.self                                              .seamDependencies { $0[DataStoreKey.self] = MockDataStore() }
///     }                                                              }
/// }                                                            }
/// enum DataStoreKey: DependencyKey {
///     static var lifetime: Lifetime { .singleton }
///     static func live(_ r: borrowing Resolver) -> any DataStoreProtocol { DataStore() }
/// }
/// ```
///
/// The injected defaults, the container's properties and the retired singletons' remaining reads say
/// `AppDependencies.container[DataStoreKey.self]` (``LiveValues``). The package's manifest gets the Seam package
/// (``MigrationOptions/seamPackage``), the `Seam` product for the container's target and `SeamTesting` for the
/// mocks' test target. A test suite takes the mocks with `@Suite(.mockDependencies)`; the written
/// `MockDependenciesTests` checks that each key reads its mock there.
struct SeamKeyRegistration {
    let input: MigrationInput
    let options: MigrationOptions

    /// The app's container the keys are registered in.
    struct Holder {
        /// The container type's name.
        var name: String
        /// A file of the container's target (the container's own, or the generated one's path).
        var path: String
        var isPublic: Bool
        var isMainActor: Bool
    }

    struct Result {
        var edits: [(file: Int, edit: SourceEdit)] = []
        var created: [(path: String, text: String)] = []
        var notes: [MigrationNote] = []
        /// The keys declared.
        var keys: [String] = []
    }

    /// One key: its name, value type, live value and the mock that is its test value.
    private struct Key {
        var name: String
        var singleton: SingletonDeclaration
        var valueType: String
        var construction: String
        var isPublic: Bool
        var mockName: String?
    }

    /// The file of the keys, the manifest's edits and the mocks' trait, for the container's `live` dependencies
    /// (those whose defaults read the container) and the `retired` singletons, of which `created` holds the mocks;
    /// `import Seam` in the `reading` files (indices in the input's files), whose new code reads the Seam container.
    func run(
        holder: Holder, live: [SingletonInjection.Dependency], retired: [SingletonRetirement.Retired],
        created: [String: (group: EditGroup, text: String)], reading: [Int] = []
    ) -> Result {
        var result = Result()
        let keys = keys(live: live, retired: retired, created: created)
        let retiredNames = Set(retired.map(\.propertyName))
        let kept =
            live.filter { $0.plan.isMainActor && !retiredNames.contains($0.liveName) }.map(\.singleton)
            + retired.filter(\.isMainActor).map(\.singleton)
        for singleton in kept {
            result.notes.append(
                MigrationNote(
                    kind: .followUp, location: singleton.location,
                    message:
                        "`\(singleton.typeName)` is main-actor isolated: its instance stays in `\(holder.name).Live`, not a Seam key (a main-actor key is read only on the main actor, and a default argument in the Swift 5 language mode is evaluated off it)"
                ))
        }
        guard !keys.isEmpty else { return result }
        for file in reading {
            if let edit = Self.importSeam(in: input.files[file].tree) { result.edits.append((file, edit)) }
        }
        let folder = PathText.folder(of: holder.path)
        let keysPath = PathText.join(folder, "\(holder.name)+Seam.swift")
        let location = SeamAnalysis.SourceLocation(file: holder.path, line: 1, column: 1)
        let indent = input.fileIndex[holder.path].map { Indentation.unit(of: input.files[$0].text) } ?? "    "
        if let existing = input.fileIndex[keysPath] {
            // A later run: the keys it lacks join those a previous run wrote.
            guard let edits = additions(of: keys, to: input.files[existing], holder: holder, indent: indent) else {
                result.notes.append(
                    MigrationNote(
                        kind: .followUp, location: location,
                        message:
                            "\(keysPath) has no `Container(…) { … }` registering keys: register \(keys.map { "`\($0.singleton.typeName)`" }.joined(separator: ", ")) as Seam keys by hand"
                    ))
                return result
            }
            result.edits += edits.map { (existing, $0) }
        } else {
            result.created.append((keysPath, keysFile(keys, holder: holder, indent: indent)))
        }
        result.keys = keys.map(\.name)

        // The mocks as test values, next to the first mock.
        var testTarget: String?
        let mocked = keys.filter { $0.mockName != nil }
        if let first = created.filter({ entry in mocked.contains { entry.value.group == .mock($0.singleton.typeName) } }
        ).keys.sorted().first {
            let path = PathText.join(PathText.folder(of: first), "MockDependencies.swift")
            if input.fileIndex[path] == nil, created[path] == nil, let text = created[first]?.text {
                result.created.append((path, traitFile(mocked, holder: holder, mockText: text, indent: indent)))
                testTarget = Self.testTarget(of: path)
            }
        }

        // The manifest: the Seam package, and its products for the targets that now import them.
        let packageRoot = input.packageRoot(of: holder.path)
        let manifest = packageRoot.isEmpty ? "Package.swift" : packageRoot + "/Package.swift"
        guard let file = input.fileIndex[manifest],
            let target = input.model?.file(at: holder.path)?.target ?? MockPlacement.module(ofSourceFile: holder.path)
        else {
            result.notes.append(
                MigrationNote(
                    kind: .followUp, location: location,
                    message:
                        "no Package.swift holds `\(holder.name)`'s target: make it depend on Seam's `Seam` product (and its tests on `SeamTesting`) by hand"
                ))
            return result
        }
        var manifestEdits = PackageManifestEdits(file: input.files[file])
        manifestEdits.addPackage(Self.packageDependency(options.seamPackage))
        manifestEdits.addProducts(["Seam"], to: target)
        if let testTarget { manifestEdits.addProducts(["Seam", "SeamTesting"], to: testTarget) }
        result.edits += manifestEdits.edits.map { (file, $0) }
        result.notes += manifestEdits.problems.map {
            MigrationNote(kind: .followUp, location: input.files[file].location(atOffset: 0), message: $0)
        }
        if input.files[file].text.contains("platforms:") {
            result.notes.append(
                MigrationNote(
                    kind: .followUp, location: input.files[file].location(atOffset: 0),
                    message:
                        "Seam needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2: raise the package's `platforms` where they are lower"
                ))
        }
        return result
    }

    private func keys(
        live: [SingletonInjection.Dependency], retired: [SingletonRetirement.Retired],
        created: [String: (group: EditGroup, text: String)]
    ) -> [Key] {
        func mock(of singleton: SingletonDeclaration) -> String? {
            created.values.contains { $0.group == .mock(singleton.typeName) }
                ? options.mockName(for: singleton.simpleName) : nil
        }
        // A main-actor instance stays in the container's `enum Live` (``LiveValues``).
        let values = LiveValues(style: .seam)
        var keys: [Key] = []
        let retiredNames = Set(retired.map(\.propertyName))
        for dependency in live
        where !retiredNames.contains(dependency.liveName) && values.holdsInKey(isMainActor: dependency.plan.isMainActor)
        {
            keys.append(
                Key(
                    name: LiveValues.keyName(for: dependency.liveName, of: dependency.singleton),
                    singleton: dependency.singleton,
                    valueType: "any \(dependency.plan.referenceName)",
                    construction: dependency.singleton.sourceExpression,
                    isPublic: dependency.plan.isPublic, mockName: mock(of: dependency.singleton)))
        }
        for retired in retired where values.holdsInKey(isMainActor: retired.isMainActor) {
            // Typed by the protocol the defaults take, so that a mock can stand in for it.
            let plan = live.first { $0.liveName == retired.propertyName }?.plan
            keys.append(
                Key(
                    name: LiveValues.keyName(for: retired.propertyName, of: retired.singleton),
                    singleton: retired.singleton,
                    valueType: plan.map { "any \($0.referenceName)" } ?? retired.singleton.sourceTypeName,
                    construction: retired.construction,
                    isPublic: retired.isPublic, mockName: plan != nil ? mock(of: retired.singleton) : nil))
        }
        return keys.sorted { $0.name < $1.name }
    }

    /// `AppDependencies+Seam.swift`: the Seam container and the keys.
    private func keysFile(_ keys: [Key], holder: Holder, indent: String) -> String {
        let access = holder.isPublic ? "public " : ""
        let modules = ModuleImports(input: input).foreignModules(of: keys.map(\.singleton), from: holder.path)
        var lines = [
            "// Written by `seam migrate`: the app's dependencies as Seam keys, each with the lifetime of the singleton it replaces.",
            "",
        ]
        lines += (["Seam"] + modules).map { "import \($0)" } + [""]
        lines += [
            "extension \(holder.name) {",
            "\(indent)/// The Seam container that builds the live dependencies, each once (the keys' `.singleton` lifetime). In a",
            "\(indent)/// process running tests it serves each test's overrides instead (`.seamDependencies`, with the generated",
            "\(indent)/// mocks) and fails a test that reads a key it did not override.",
            "\(indent)\(holder.isMainActor ? "nonisolated " : "")\(access)static let \(LiveValues.seamContainerName) = Container(name: \"\(holder.name)\") {",
        ]
        lines += keys.map { "\(indent)\(indent)\($0.name).self" }
        lines += ["\(indent)}", "}"]
        for key in keys {
            lines += [""] + keyDeclaration(key, holder: holder, indent: indent)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The registrations and key declarations `file` (a keys file a previous run wrote) lacks, or `nil` when it has
    /// no `Container(…) { … }` to register them in.
    private func additions(of keys: [Key], to file: MigrationInput.File, holder: Holder, indent: String)
        -> [SourceEdit]?
    {
        let declared = Set(file.tree.statements.compactMap { $0.item.as(EnumDeclSyntax.self)?.name.text })
        let missing = keys.filter { !declared.contains($0.name) }
        guard !missing.isEmpty else { return [] }
        final class ContainerFinder: SyntaxVisitor {
            var closure: ClosureExprSyntax?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if closure == nil, node.calledExpression.trimmedDescription == "Container" {
                    closure = node.trailingClosure
                }
                return .visitChildren
            }
        }
        let finder = ContainerFinder(viewMode: .sourceAccurate)
        finder.walk(file.tree)
        guard let closure = finder.closure else { return nil }
        let registered = Set(closure.statements.map(\.trimmedDescription))
        let lineIndent = closure.statements.first?.lineIndentation ?? indent + indent
        let registrations = missing.filter { !registered.contains("\($0.name).self") }.map {
            "\n\(lineIndent)\($0.name).self"
        }.joined()
        let anchor =
            closure.statements.last?.endPositionBeforeTrailingTrivia
            ?? closure.leftBrace.endPositionBeforeTrailingTrivia
        let declarations = missing.flatMap { [""] + keyDeclaration($0, holder: holder, indent: indent) }
        let end = AbsolutePosition(utf8Offset: file.text.utf8.count)
        return [.insert(registrations, at: anchor), .insert(declarations.joined(separator: "\n") + "\n", at: end)]
    }

    /// A key's declaration, line by line.
    private func keyDeclaration(_ key: Key, holder: Holder, indent: String) -> [String] {
        let access = holder.isPublic && key.isPublic ? "public " : ""
        return [
            "/// `\(key.singleton.typeName)`'s instance: one per container, as the singleton `\(key.singleton.accessExpression)` was one per app.",
            "\(access)enum \(key.name): DependencyKey {",
            "\(indent)\(access)static var lifetime: Lifetime { .singleton }",
            "\(indent)\(access)static func live(_ r: borrowing Resolver) -> \(key.valueType) { \(key.construction) }",
            "}",
        ]
    }

    /// `MockDependencies.swift`: the `.mockDependencies` trait and a suite checking each key reads its mock there.
    private func traitFile(_ keys: [Key], holder: Holder, mockText: String, indent: String) -> String {
        let mockImports = mockText.split(separator: "\n").map(String.init)
        let plain = Set(
            mockImports.filter { $0.hasPrefix("import ") } + ["import Seam", "import SeamTesting", "import Testing"])
        let testable = mockImports.filter { $0.hasPrefix("@testable import ") }
        var lines = [
            "// Written by `seam migrate`: the generated mocks as the test values of the app's Seam keys.",
            "",
        ]
        lines += plain.sorted() + testable + [""]
        lines += [
            "extension Trait where Self == SeamDependenciesTrait {",
            "\(indent)/// Runs each test in a dependency scope of its own, where every key `seam migrate` registered reads a new",
            "\(indent)/// instance of its generated mock: `@Suite(.mockDependencies) struct HomeViewModelTests { … }`.",
            "\(indent)static var mockDependencies: Self {",
            "\(indent)\(indent).seamDependencies {",
        ]
        lines += keys.compactMap { key in
            key.mockName.map { "\(indent)\(indent)\(indent)$0[\(key.name).self] = \($0)()" }
        }
        lines += [
            "\(indent)\(indent)}",
            "\(indent)}",
            "}",
            "",
            "/// The app's container reads the mocks under `.mockDependencies`.",
            "@Suite(.mockDependencies)",
            "struct MockDependenciesTests {",
            "\(indent)@Test func everyKeyReadsItsMock() {",
        ]
        lines += keys.compactMap { key in
            key.mockName.map {
                "\(indent)\(indent)#expect(\(holder.name).\(LiveValues.seamContainerName)[\(key.name).self] is \($0))"
            }
        }
        lines += ["\(indent)}", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `import Seam` after the file's last top-level import (or at its start, above the first declaration's
    /// documentation), unless it has one.
    static func importSeam(in tree: SourceFileSyntax) -> SourceEdit? {
        let imports = tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
        guard !imports.contains(where: { $0.path.trimmedDescription == "Seam" }) else { return nil }
        if let last = imports.last {
            return .insert("\nimport Seam", at: last.endPositionBeforeTrailingTrivia)
        }
        return .insert("import Seam\n\n", at: tree.position)
    }

    /// The test target a file under `Tests/<Target>/…` belongs to.
    static func testTarget(of path: String) -> String? {
        let components = path.split(separator: "/").map(String.init)
        guard let tests = components.firstIndex(of: "Tests"), tests + 1 < components.count - 1 else { return nil }
        return components[tests + 1]
    }

    /// The manifest's dependency on Seam: a URL from this version, or a local path.
    static func packageDependency(_ location: String) -> String {
        location.contains("://") || location.hasPrefix("git@")
            ? ".package(url: \"\(location)\", from: \"\(SeamVersion.current)\")"
            : ".package(name: \"Seam\", path: \"\(location)\")"
    }
}
