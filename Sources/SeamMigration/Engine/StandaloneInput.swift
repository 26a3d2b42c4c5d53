import Foundation
import SeamAnalysis
import SwiftParser
import SwiftSyntax

extension MigrationInput {
    /// Reads and parses every Swift file under `root` and finds singletons and their access sites.
    static func load(root: String, configuration: AuditConfiguration) throws -> MigrationInput {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MigrationError.unreadableRoot(path: root, reason: "no such directory")
        }
        var paths: [String] = []
        guard let enumerator = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: [.isDirectoryKey]) else {
            throw MigrationError.unreadableRoot(path: root, reason: "cannot list its contents")
        }
        for case let url as URL in enumerator {
            if configuration.skippedFolders.contains(url.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(rootURL.path.count)).drop { $0 == "/" }
            if relative == "Package.swift" { continue }
            paths.append(String(relative))
        }
        var files: [File] = []
        for path in paths.sorted() {
            let url = rootURL.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw MigrationError.unreadableRoot(path: path, reason: "cannot read the file")
            }
            let text = String(decoding: data, as: UTF8.self)
            files.append(File(path: path, text: text, tree: Parser.parse(source: text)))
        }
        let scanner = SingletonScanner(viewMode: .sourceAccurate)
        for file in files { scanner.walk(file.tree) }
        let singletons = scanner.singletons
        var sites: [AccessSite] = []
        for file in files {
            let finder = AccessSiteScanner(singletons: singletons, file: file)
            finder.walk(file.tree)
            sites += finder.sites
        }
        return MigrationInput(
            files: files, singletons: singletons.sorted { $0.typeName < $1.typeName }, accessSites: sites,
            allowedSingletons: configuration.allowedSingletons, roles: [:])
    }
}

/// `static let shared = DataStore()` inside `DataStore`.
private final class SingletonScanner: SyntaxVisitor {
    var singletons: [MigrationInput.Singleton] = []

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.modifiers.isStatic, let owner = node.enclosingTypeDeclaration, owner.kind != .protocol else { return .skipChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifier?.name else { continue }
            let annotated = binding.typeAnnotation?.type.trimmedDescription
            let constructed = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
            if annotated == owner.name || annotated == "Self" || (annotated == nil && (constructed == owner.name || constructed == "Self")) {
                singletons.append(MigrationInput.Singleton(typeName: owner.name, propertyName: name))
            }
        }
        return .skipChildren
    }
}

/// `S.shared` anywhere, with the enclosing type.
private final class AccessSiteScanner: SyntaxVisitor {
    let singletons: [MigrationInput.Singleton]
    let file: MigrationInput.File
    var sites: [MigrationInput.AccessSite] = []

    init(singletons: [MigrationInput.Singleton], file: MigrationInput.File) {
        self.singletons = singletons
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base?.as(DeclReferenceExprSyntax.self) else { return .visitChildren }
        if let singleton = singletons.first(where: { $0.typeName == base.baseName.text && $0.propertyName == node.declName.baseName.text }) {
            let owner = node.enclosingTypeDeclaration
            let name = owner.map { $0.kind == .extension ? ($0.node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? $0.name) : $0.qualifiedName }
            sites.append(MigrationInput.AccessSite(singleton: singleton, location: file.location(of: node), enclosingType: name))
        }
        return .visitChildren
    }
}
