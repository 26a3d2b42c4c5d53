import Foundation
import SeamAnalysis
import SwiftSyntax

extension MigrationInput {
    /// The migration's view of a `SeamAnalysis` codebase: the same parsed trees (loaded with
    /// `retainingSyntax: true`; a file without its tree is parsed again from disk), the model's types, the
    /// singletons it found and the places that reach them, carried as the analysis made them.
    init(codebase: Codebase) {
        // Files reached through a symbolic link to outside the root are read, never rewritten: the migration
        // leaves them out, with the types and singletons they declare and the places they reach singletons.
        let realRoot = FilePaths.realPath(codebase.root.path)
        var outside: Set<String> = []
        var notes: [MigrationNote] = []
        for file in codebase.files {
            let real = FilePaths.realPath(file.url.path)
            guard FilePaths.relative(real, to: realRoot) == nil else { continue }
            outside.insert(file.path)
            notes.append(MigrationNote(kind: .leftUntouched, location: SeamAnalysis.SourceLocation(file: file.path, line: 1, column: 1), message: "reached through a symbolic link to \(real), outside the migrated folder: not rewritten, and what it declares is not migrated"))
        }
        let files = codebase.files.filter { !outside.contains($0.path) }.compactMap { file in
            let tree = file.tree ?? (try? String(contentsOf: file.url, encoding: .utf8)).map { SourceParser.parse($0) }
            return tree.map { File(path: file.path, text: $0.description, tree: $0) }
        }
        var singletons: [SingletonDeclaration] = []
        for declaration in codebase.singletonDeclarations where !outside.contains(declaration.location.file) {
            if declaration.kind == .globalInstance {
                notes.append(MigrationNote(kind: .leftUntouched, location: declaration.location, message: "`\(declaration.propertyName)` is a global instance; only `Type.property` singletons are migrated"))
                continue
            }
            if declaration.kind == .containerRegistration {
                notes.append(MigrationNote(kind: .leftUntouched, location: declaration.location, message: "`\(declaration.accessExpression)` is a DI container registration: the container already builds it"))
                continue
            }
            singletons.append(declaration)
        }
        // A service locator (`Locator.shared.service`) is injected as the locator itself; a DI container's
        // resolution is injection a library already set up, left as it is.
        let sites = codebase.singletonAccesses.filter {
            !$0.isGlobalInstance && $0.kind != .container && !outside.contains($0.location.file)
        }
        self.init(files: files, singletons: singletons, accessSites: sites, model: codebase)
        allowList = AllowList(codebase.configuration.allowedSingletons)
        self.notes = notes
        for problem in codebase.problems {
            filesWithProblems.insert(problem.location.file)
        }
    }
}

extension SingletonAccess {
    /// Whether it is already injection with a singleton default (`= S.shared`, `p ?? S.shared`).
    var isInjectionDefault: Bool { kind == .defaultArgument || kind == .injectedDefault }
}

extension SingletonDeclaration {
    /// The type's own name (`Store` for `Settings.Store`).
    var simpleName: String { typeName.split(separator: ".").last.map(String.init) ?? typeName }
}
