import Foundation
import SeamAnalysis
import SwiftSyntax

extension MigrationInput {
    /// The migration's view of a `SeamAnalysis` codebase: the same parsed trees (loaded with
    /// `retainingSyntax: true`; a file without its tree is parsed again from disk), the singletons it found
    /// and the places that reach them.
    init(codebase: Codebase) {
        let allow = codebase.configuration.allowedSingletons
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
        files = codebase.files.filter { !outside.contains($0.path) }.compactMap { file in
            let tree = file.tree ?? (try? String(contentsOf: file.url, encoding: .utf8)).map { SourceParser.parse($0) }
            return tree.map { File(path: file.path, text: $0.description, tree: $0) }
        }
        var singletons: [Singleton] = []
        for declaration in codebase.singletonDeclarations where !outside.contains(declaration.location.file) {
            let singleton = Singleton(typeName: declaration.typeName, propertyName: declaration.propertyName)
            let simple = singleton.simpleName
            if allow.contains(declaration.typeName) || allow.contains(simple) || allow.contains(singleton.accessExpression)
                || allow.contains("\(simple).\(declaration.propertyName)")
            {
                allowedSingletons.insert(declaration.typeName)
            }
            if declaration.kind == .globalInstance {
                notes.append(MigrationNote(kind: .leftUntouched, location: declaration.location, message: "`\(declaration.propertyName)` is a global instance; only `Type.property` singletons are migrated"))
                continue
            }
            if declaration.kind == .containerRegistration {
                notes.append(MigrationNote(kind: .leftUntouched, location: declaration.location, message: "`\(declaration.accessExpression)` is a DI container registration: the container already builds it"))
                continue
            }
            singletons.append(singleton)
            declarations[singleton] = declaration
        }
        self.singletons = singletons
        var sites: [AccessSite] = []
        for access in codebase.singletonAccesses where !access.isGlobalInstance && !outside.contains(access.location.file) {
            let singleton = Singleton(typeName: access.singletonType, propertyName: access.propertyName)
            switch access.kind {
            case .container:
                // A DI container's resolution is injection already set up by a library; left as it is.
                continue
            case .direct, .serviceLocator:
                // A service locator (`Locator.shared.service`) is injected as the locator itself.
                sites.append(AccessSite(singleton: singleton, location: access.location, enclosingType: access.enclosingType, offset: access.offset, member: access.member))
            case .defaultArgument, .injectedDefault:
                sites.append(AccessSite(singleton: singleton, location: access.location, enclosingType: access.enclosingType, offset: access.offset, isInjectionDefault: true))
            }
        }
        accessSites = sites
        fileIndex = Self.index(of: files)
        self.notes = notes
        for problem in codebase.problems {
            filesWithProblems.insert(problem.location.file)
        }
    }
}
