import SeamAnalysis
import SwiftSyntax

/// What a migration works on: the parsed files and what the analysis found in them.
///
/// This is the seam between `SeamAnalysis` (which parses the codebase once and finds singletons and the
/// places that reach them) and the rewrites, which only navigate the same syntax trees to edit them.
struct MigrationInput {
    /// One parsed source file.
    struct File {
        /// The path relative to the root, with `/` separators.
        var path: String
        var text: String
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter

        init(path: String, text: String, tree: SourceFileSyntax) {
            self.path = path
            self.text = text
            self.tree = tree
            self.converter = SourceLocationConverter(fileName: path, tree: tree)
        }

        /// The `file:line:column` at a UTF-8 offset.
        func location(atOffset offset: Int) -> SeamAnalysis.SourceLocation {
            let location = converter.location(for: AbsolutePosition(utf8Offset: offset))
            return SeamAnalysis.SourceLocation(file: path, line: location.line, column: location.column)
        }

        /// The `S.property` expression whose first token starts at `offset` (where the analysis found an
        /// access), or `nil` when the access is written differently there (an implicit `.shared`).
        func memberAccess(at offset: Int, named property: String) -> MemberAccessExprSyntax? {
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
            var node = token.parent
            while let current = node {
                if let access = current.as(MemberAccessExprSyntax.self), access.base != nil,
                    access.declName.baseName.text == property, access.declName.argumentNames == nil
                {
                    return access.positionAfterSkippingLeadingTrivia.utf8Offset == offset ? access : nil
                }
                guard current.is(ExprSyntax.self) else { return nil }
                node = current.parent
            }
            return nil
        }

        /// The `file:line:column` of a node's first token.
        func location(of node: some SyntaxProtocol) -> SeamAnalysis.SourceLocation {
            let location = node.startLocation(converter: converter)
            return SeamAnalysis.SourceLocation(file: path, line: location.line, column: location.column)
        }
    }

    /// A singleton declaration: `static let shared = DataStore()` in `DataStore`.
    struct Singleton: Hashable {
        /// The name of the type that declares the singleton, qualified for nested types (`Settings.Store`).
        var typeName: String
        /// The property that holds the instance (`shared`, `default`, `current`).
        var propertyName: String

        /// The type's own name (`Store` for `Settings.Store`).
        var simpleName: String { typeName.split(separator: ".").last.map(String.init) ?? typeName }
        /// `DataStore.shared`.
        var accessExpression: String { "\(typeName).\(propertyName)" }

        /// Whether `expression` (the base of `X.shared`) names this singleton's type.
        func isNamed(by expression: ExprSyntax) -> Bool {
            let text = expression.trimmedDescription
            return text == typeName || text == simpleName
        }
    }

    /// A place that reaches a singleton.
    struct AccessSite: Hashable {
        var singleton: Singleton
        var location: SeamAnalysis.SourceLocation
        /// The type whose body (or extension) holds the access, `nil` for top-level code.
        var enclosingType: String?
        /// The UTF-8 offset of the access expression in its file.
        var offset: Int
        /// Whether it is already injection with a singleton default (`= S.shared`, `p ?? S.shared`).
        var isInjectionDefault = false
        /// The member used on the singleton (`save` in `S.shared.save()`), as the analysis resolved it.
        var member: String?
    }

    init(files: [File], singletons: [Singleton], accessSites: [AccessSite]) {
        self.files = files
        self.singletons = singletons
        self.accessSites = accessSites
        storedFileIndex = Self.index(of: files)
    }

    var files: [File]
    var singletons: [Singleton]
    /// What the analysis found about each singleton's declaration (where, what it holds, optional, value).
    var declarations: [Singleton: SingletonDeclaration] = [:]
    /// `S.shared` uses, including default arguments and `?? S.shared` fallbacks.
    var accessSites: [AccessSite]
    /// Singletons meant to stay (from `.seam.yml`'s `allow`): never injected.
    var allowedSingletons: Set<String> = []
    /// What the analysis found that the migration cannot handle (global instances, service locators).
    var notes: [MigrationNote] = []
    /// Files that did not parse cleanly: never rewritten.
    var filesWithProblems: Set<String> = []

    /// The index in `files` of each path.
    /// The folder of the Swift package a file belongs to (the nearest folder above it holding a
    /// `Package.swift` among the input's files), `""` outside any package.
    func packageRoot(of path: String) -> String {
        var folder = path
        while let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
            if fileIndex[folder + "/Package.swift"] != nil { return folder }
        }
        return ""
    }

    var fileIndex: [String: Int] {
        get { storedFileIndex ?? Self.index(of: files) }
        set { storedFileIndex = newValue }
    }
    private var storedFileIndex: [String: Int]?

    static func index(of files: [File]) -> [String: Int] {
        Dictionary(files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
