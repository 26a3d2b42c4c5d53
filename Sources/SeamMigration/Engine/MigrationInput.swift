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

        /// The `file:line:column` of a node's first token.
        func location(of node: some SyntaxProtocol) -> SeamAnalysis.SourceLocation {
            let location = node.startLocation(converter: converter)
            return SeamAnalysis.SourceLocation(file: path, line: location.line, column: location.column)
        }
    }

    /// A singleton declaration: `static let shared = DataStore()` in `DataStore`.
    struct Singleton: Hashable {
        /// The (simple) name of the type that declares the singleton.
        var typeName: String
        /// The property that holds the instance (`shared`, `default`, `current`).
        var propertyName: String
    }

    /// A place that reaches a singleton.
    struct AccessSite: Hashable {
        var singleton: Singleton
        var location: SeamAnalysis.SourceLocation
        /// The type whose body (or extension) holds the access, `nil` for top-level code.
        var enclosingType: String?
    }

    var files: [File]
    var singletons: [Singleton]
    var accessSites: [AccessSite]
    /// Singletons meant to stay (from `.seam.yml`'s `allow`): never injected.
    var allowedSingletons: Set<String>
    /// Roles of the types, by name.
    var roles: [String: TypeRole]
}
