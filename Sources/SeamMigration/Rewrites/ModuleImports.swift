import SeamAnalysis
import SwiftSyntax

/// The `import`s a file needs for the names a rewrite writes into it.
///
/// A default names the singleton's class (`TokenRefresher.shared`) and a parameter its protocol, extracted beside the
/// class: both are declared in the singleton's module. A file of another module names them only when it imports
/// that module, which a file reaching the singleton through an extension in another file may not (ugglan's
/// `hCore/NetworkClient.swift` was given `tokenRefresher: any TokenRefresherProtocol` from `hGraphQL`, which only its
/// extension's file imported: it would not have compiled).
struct ModuleImports {
    let input: MigrationInput
    /// The modules the files of each target import, read for a target when first asked.
    private let importsByTarget = ImportsByTarget()

    private final class ImportsByTarget {
        var modules: [String: Set<String>] = [:]
    }

    /// The modules a file at `path` (of `target`) imports to name `singletons`, sorted: that of each singleton declared
    /// in another Swift package (a package target's name is its module's), and that of a singleton of another Xcode or
    /// Tuist target when a file of `target` imports it already (a framework the target links). Which other targets a
    /// target links is not the model's to say, and an app extension's types are not for it to import.
    func foreignModules(of singletons: [SingletonDeclaration], from path: String, target: String? = nil) -> [String] {
        let ownPackage = input.packageRoot(of: path)
        var imports: Set<String> = []
        for singleton in singletons {
            guard let type = input.model?.types[singleton.typeName], let file = type.fragments.first?.file,
                !type.target.isEmpty
            else { continue }
            let module = Self.moduleName(ofTarget: type.target)
            let package = input.packageRoot(of: file)
            if !package.isEmpty, package != ownPackage {
                imports.insert(module)
            } else if let target, type.target != target, modulesImported(inTarget: target).contains(module) {
                imports.insert(module)
            }
        }
        return imports.sorted()
    }

    /// An `import` for each module of `singletons` that a file among `edits` newly names (in an inserted or replacing
    /// text: the class, or its protocol in `plans`) without importing it; `added` holds the modules given to each file
    /// so far, so that two types of one file add one line.
    func edits(
        for singletons: [SingletonDeclaration], plans: ProtocolPlans, in edits: [(file: Int, edit: SourceEdit)],
        added: inout [Int: Set<String>]
    ) -> [(file: Int, edit: SourceEdit)] {
        func names(_ singleton: SingletonDeclaration) -> [String] {
            [singleton.simpleName] + (plans[singleton].map { [$0.protocolName] } ?? [])
        }
        var result: [(file: Int, edit: SourceEdit)] = []
        for fileIndex in Set(edits.map(\.file)).sorted() {
            let written = edits.filter { $0.file == fileIndex }.map(\.edit.replacement)
            let named = singletons.filter { singleton in
                names(singleton).contains { name in
                    written.contains { ContainerRegistration.containsWord(name, in: $0) }
                }
            }
            guard !named.isEmpty else { continue }
            let file = input.files[fileIndex]
            let present = Set(Migrator.importedModules(of: file.tree, wholeOnly: false)).union(added[fileIndex] ?? [])
            let missing = foreignModules(
                of: named, from: file.path, target: input.model?.file(at: file.path)?.target
            ).filter { !present.contains($0) }
            guard !missing.isEmpty, let edit = Self.insertion(of: missing, into: file.tree) else { continue }
            added[fileIndex, default: []].formUnion(missing)
            result.append((fileIndex, edit))
        }
        return result
    }

    /// A target's module name: its name with anything but letters and digits made `_` (`My-App` → `My_App`).
    static func moduleName(ofTarget target: String) -> String {
        String(target.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// `import` lines after the file's last top-level `import`, or before its first statement when it has none.
    static func insertion(of modules: [String], into tree: SourceFileSyntax) -> SourceEdit? {
        let lines = modules.map { "import \($0)" }
        if let last = tree.statements.last(where: { $0.item.is(ImportDeclSyntax.self) }) {
            return .insert(
                lines.map { "\n" + $0 }.joined(), at: last.endPositionBeforeTrailingTrivia, order: Int.max)
        }
        guard let first = tree.statements.first else { return nil }
        return .insert(lines.joined(separator: "\n") + "\n\n", at: first.positionAfterSkippingLeadingTrivia)
    }

    /// The modules the migrated files of `target` import at their top level.
    private func modulesImported(inTarget target: String) -> Set<String> {
        if let known = importsByTarget.modules[target] { return known }
        var modules: Set<String> = []
        for file in input.files where input.model?.file(at: file.path)?.target == target {
            modules.formUnion(Migrator.importedModules(of: file.tree, wholeOnly: false))
        }
        importsByTarget.modules[target] = modules
        return modules
    }
}
