import Foundation
import SeamAnalysis
import SwiftSyntax

extension MigrationInput {
    /// The migration's view of a `SeamAnalysis` codebase: the same parsed trees, the singletons it found
    /// and the places that reach them.
    init(codebase: Codebase) {
        let allow = codebase.configuration.allowedSingletons
        files = codebase.files.map { File(path: $0.path, text: $0.tree.description, tree: $0.tree) }
        var singletons: [Singleton] = []
        var notes: [MigrationNote] = []
        for declaration in codebase.singletonDeclarations {
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
            singletons.append(singleton)
        }
        self.singletons = singletons
        var sites: [AccessSite] = []
        for access in codebase.singletonAccesses where !access.isGlobalInstance {
            let singleton = Singleton(typeName: access.singletonType, propertyName: access.propertyName)
            switch access.kind {
            case .direct, .serviceLocator:
                // A service locator (`Locator.shared.service`) is injected as the locator itself.
                sites.append(AccessSite(singleton: singleton, location: access.location, enclosingType: access.enclosingType, offset: access.syntax.positionAfterSkippingLeadingTrivia.utf8Offset))
            case .defaultArgument, .injectedDefault:
                sites.append(AccessSite(singleton: singleton, location: access.location, enclosingType: access.enclosingType, offset: access.syntax.positionAfterSkippingLeadingTrivia.utf8Offset, isInjectionDefault: true))
            }
        }
        accessSites = sites
        self.notes = notes
        for problem in codebase.problems {
            filesWithProblems.insert(problem.location.file)
        }
    }
}
