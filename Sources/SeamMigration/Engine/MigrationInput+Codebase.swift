import Foundation
import SeamAnalysis
import SwiftSyntax

extension MigrationInput {
    /// The migration's view of a `SeamAnalysis` codebase: the same parsed trees (loaded with
    /// `retainingSyntax: true`; a file without its tree is parsed again from disk), the model's types, the
    /// singletons it found and the places that reach them, carried as the analysis made them.
    ///
    /// - Parameter stays: whether a singleton stays as it is whatever the rewrites do (allow-listed, or kept
    ///   global by the roadmap): the files only its uses touch get no syntax tree.
    init(codebase: Codebase, stays: (SingletonDeclaration) -> Bool = { _ in false }) {
        // Files reached through a symbolic link to outside the root are read, never rewritten: the migration
        // leaves them out, with the types and singletons they declare and the places they reach singletons.
        let realRoot = FilePaths.realPath(codebase.root.path)
        var outside: Set<String> = []
        var notes: [MigrationNote] = []
        for file in codebase.files {
            let real = FilePaths.realPath(file.url.path)
            guard FilePaths.relative(real, to: realRoot) == nil else { continue }
            outside.insert(file.path)
            notes.append(
                MigrationNote(
                    kind: .leftUntouched, location: SeamAnalysis.SourceLocation(file: file.path, line: 1, column: 1),
                    message:
                        "reached through a symbolic link to \(real), outside the migrated folder: not rewritten, and what it declares is not migrated"
                ))
        }
        // A file no target builds (a leftover the project does not list) is never rewritten: its edits would be dead.
        for file in codebase.files where file.target == Codebase.notBuiltTarget && !outside.contains(file.path) {
            outside.insert(file.path)
            if codebase.singletonAccesses.contains(where: { $0.location.file == file.path }) {
                notes.append(
                    MigrationNote(
                        kind: .leftUntouched,
                        location: SeamAnalysis.SourceLocation(file: file.path, line: 1, column: 1),
                        message:
                            "built by no target (the project lists the files beside it, not this one): not rewritten"))
            }
        }
        var singletons: [SingletonDeclaration] = []
        // The instances a container holds are the composition root's: nothing to migrate.
        for declaration in codebase.singletonDeclarations
        where !outside.contains(declaration.location.file) && !codebase.isContainerInstance(declaration) {
            if declaration.kind == .containerRegistration {
                notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: declaration.location,
                        message:
                            "`\(declaration.accessExpression)` is a DI container registration: the container already builds it"
                    ))
                continue
            }
            singletons.append(declaration)
        }
        // Only the files a rewrite can read or edit get a syntax tree (a tree takes about 60 times its source):
        // a file loaded without its tree is parsed again from disk here.
        // A singleton that stays, or that no rewrite may snapshot (``Eligibility/snapshotRefusal(for:in:among:)``),
        // has uses that only get a note: they need no tree.
        let staying = Set(
            singletons.filter { singleton in
                stays(singleton) || Eligibility.snapshotRefusal(for: singleton, in: codebase, among: singletons) != nil
            }.map(\.id))
        let touched = Self.touchedFiles(of: codebase, leavingOut: staying)
        let files = codebase.files.filter { !outside.contains($0.path) && touched.contains($0.path) }.compactMap {
            file in
            Self.tree(of: file).map { File(path: file.path, text: $0.description, tree: $0) }
        }
        // A global instance (`let store = Store()`) is injected like a `static let`, its name the default. A
        // service locator (`Locator.shared.service`) is injected as the locator itself; a DI container's
        // resolution is injection a library already set up, left as it is.
        // A static facade's member (`Store.perform(action:)` over a private `Store.shared`) names no instance a
        // parameter could hold: its sites get one note per singleton, and stay.
        let facadeSites = codebase.singletonAccesses.filter {
            $0.kind == .staticFacade && !outside.contains($0.location.file)
        }
        for (singleton, uses) in Dictionary(grouping: facadeSites, by: \.singletonID).sorted(by: { $0.key < $1.key }) {
            guard let declaration = singletons.first(where: { $0.id == singleton }) else { continue }
            let members = Set(uses.compactMap(\.member)).sorted().map { "`\(declaration.sourceTypeName).\($0)`" }
            notes.append(
                MigrationNote(
                    kind: .leftUntouched, location: declaration.location,
                    message:
                        "`\(declaration.accessExpression)` is private, reached through the static members \(members.joined(separator: ", ")) (\(uses.count) sites): make them instance members to inject it"
                ))
        }
        let sites = codebase.singletonAccesses.filter {
            $0.kind != .container && $0.kind != .staticFacade && !outside.contains($0.location.file)
        }
        self.init(files: files, singletons: singletons, accessSites: sites, model: codebase)
        self.facadeSites = facadeSites
        containerSites = codebase.singletonAccesses.filter {
            $0.kind == .container && !outside.contains($0.location.file)
        }
        allowList = AllowList(codebase.configuration.allowedSingletons)
        typesTakingServices = codebase.typesTakingServices()
        objectiveCInitializers = ObjectiveCCallers.initializerSelectors(
            under: codebase.root, skipping: codebase.configuration.skippedFolders)
        self.notes = notes
        for problem in codebase.problems {
            filesWithProblems.insert(problem.location.file)
        }
    }
}

extension MigrationInput {
    /// A file's syntax tree: the one the load kept, or the file parsed again from disk (`nil` if it cannot be read).
    static func tree(of file: SourceFile) -> SourceFileSyntax? {
        file.tree ?? (try? String(contentsOf: file.url, encoding: .utf8)).map { SourceParser.parse($0) }
    }
}

extension SingletonDeclaration {
    /// How code writes the type (`DatabaseManager`, never the model's target-qualified `Delta.DatabaseManager`).
    var sourceTypeName: String { declaredTypeName ?? typeName }

    /// The type's own name (`Store` for `Settings.Store`).
    var simpleName: String { typeName.split(separator: ".").last.map(String.init) ?? typeName }
}

extension MigrationInput {
    /// The files a rewrite may read or edit: where singletons are reached, the declarations and extensions of
    /// the types that reach them and of the singletons' types, what those inherit and conform to, the composition
    /// roots (where container factories go), the `EnvironmentValues` extensions (where views' containers are) and
    /// the package manifests (which tell a file's package). The uses and declarations of the `staying` singletons
    /// count for nothing: no rewrite reads or edits them (WooCommerce's 525 uses of its analytics).
    static func touchedFiles(of codebase: Codebase, leavingOut staying: Set<SingletonID> = []) -> Set<String> {
        var paths: Set<String> = []
        var types: Set<String> = []
        for access in codebase.singletonAccesses where !staying.contains(access.singletonID) {
            paths.insert(access.file)
            if let owner = access.enclosingType { types.insert(owner) }
            types.insert(access.singletonType)
        }
        for declaration in codebase.singletonDeclarations where !staying.contains(declaration.id) {
            paths.insert(declaration.file)
            types.insert(declaration.typeName)
            if let held = declaration.instanceType { types.insert(held) }
        }
        // What those types inherit and conform to (superclasses, protocols), transitively.
        var pending = Array(types)
        while let name = pending.popLast() {
            guard let type = codebase.types[name] else { continue }
            for written in type.conformances {
                guard let inherited = codebase.type(named: written, from: type.name),
                    types.insert(inherited.name).inserted
                else { continue }
                pending.append(inherited.name)
            }
        }
        // `EnvironmentValues` extensions: where a container may already be in the environment.
        for type in codebase.types.values
        where types.contains(type.name) || type.isCompositionRoot || type.simpleName == "EnvironmentValues" {
            for fragment in type.fragments { paths.insert(fragment.file) }
        }
        for file in codebase.files where file.path == "Package.swift" || file.path.hasSuffix("/Package.swift") {
            paths.insert(file.path)
        }
        return paths
    }
}
