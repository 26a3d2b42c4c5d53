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

        /// Where the analysis found a use of `singleton` at `offset`: the `S.property` expression, or the global
        /// instance's name (`store`, not `other.store`), or the call of its accessor function (`DataProvider.shared()`),
        /// starting there; `nil` when the use is written differently there (an implicit `.shared`).
        func singletonExpression(at offset: Int, of singleton: SingletonDeclaration) -> ExprSyntax? {
            guard singleton.kind == .globalInstance else {
                if let access = memberAccess(at: offset, named: singleton.propertyName) { return ExprSyntax(access) }
                return singleton.accessorFunction.flatMap { accessorCall(at: offset, named: $0) }.map(ExprSyntax.init)
            }
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)),
                token.text == singleton.propertyName,
                let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
            else { return nil }
            return ExprSyntax(reference)
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

        /// The `S.function()` call without arguments whose callee starts at `offset`: a use through an accessor function.
        func accessorCall(at offset: Int, named function: String) -> FunctionCallExprSyntax? {
            guard let callee = memberAccess(at: offset, named: function),
                let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
                call.arguments.isEmpty, call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty
            else { return nil }
            return call
        }

        /// The implicit `.property` that is the whole initial value of a stored property whose type is written, its
        /// period at `offset` (CotEditor's `let settings: TextFinderSettings = .shared`): a holder of the singleton.
        func implicitHolderAccess(at offset: Int, named property: String) -> MemberAccessExprSyntax? {
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)), token.tokenKind == .period,
                let access = token.parent?.as(MemberAccessExprSyntax.self), access.base == nil,
                access.declName.baseName.text == property, access.declName.argumentNames == nil,
                let binding = access.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                binding.typeAnnotation != nil
            else { return nil }
            return access
        }

        /// The `file:line:column` of a node's first token.
        func location(of node: some SyntaxProtocol) -> SeamAnalysis.SourceLocation {
            let location = node.startLocation(converter: converter)
            return SeamAnalysis.SourceLocation(file: path, line: location.line, column: location.column)
        }
    }

    init(files: [File], singletons: [SingletonDeclaration], accessSites: [SingletonAccess], model: Codebase? = nil) {
        self.files = files
        self.singletons = singletons
        self.accessSites = accessSites
        self.model = model
        storedFileIndex = Self.index(of: files)
        indexModel()
    }

    var files: [File]
    /// The analysis's `Type.property` singletons declared in the migrated files (global instances are left
    /// out, with a note), as the analysis found them: where, what they hold, optional, value.
    let singletons: [SingletonDeclaration]
    /// The analysis's `S.shared` uses in the migrated files, including default arguments and `?? S.shared`
    /// fallbacks (global instances left out).
    let accessSites: [SingletonAccess]
    /// The analysis's DI container resolutions in the migrated files (`@Injected(\.api)`, `resolve(API.self)`):
    /// left as they are, but a type making them keeps reaching those services when it is injected with others.
    var containerSites: [SingletonAccess] = []
    /// The analysis's sites reaching a private singleton through its type's static members (`Store.perform(action:)`):
    /// no rewrite takes them, but a type reaching one still reaches a singleton (``Migrator/keptSite(in:after:input:)``).
    var facadeSites: [SingletonAccess] = []
    /// The analysis's model of the codebase (types with their fragments and offsets, name resolution):
    /// how the rewrites find declarations in the trees. `nil` only in tests of the assembly.
    let model: Codebase?
    /// Singletons meant to stay (from `.seam.yml`'s `allow`): never injected. The audit's own allow-list.
    var allowList = AllowList([])
    /// What the analysis found that the migration cannot handle (global instances, service locators).
    var notes: [MigrationNote] = []
    /// Files that did not parse cleanly: never rewritten.
    var filesWithProblems: Set<String> = []
    /// The types whose injection is already set up (``SeamAnalysis/Codebase/typesTakingServices()``): each of
    /// their singletons is decided on its own, since one that stays is a bypass already.
    var typesTakingServices: Set<String> = []
    /// The initializer selectors' first parts (`initWithSession`) the codebase's Objective-C files call
    /// (``ObjectiveCCallers``): an initializer Objective-C sees and calls keeps its signature.
    var objectiveCInitializers: Set<String> = []

    /// `singletons` by identity.
    private(set) var singletonsByID: [SingletonID: SingletonDeclaration] = [:]
    /// `accessSites` by file and UTF-8 offset.
    private(set) var accessSitesByPosition: [SitePosition: SingletonAccess] = [:]
    /// The simple names of every class, struct, actor, enum and protocol of the model.
    private(set) var declaredTypeNames: Set<String> = []

    /// Where an access is: its file and the UTF-8 offset of its first token.
    struct SitePosition: Hashable {
        var file: String
        var offset: Int
    }

    /// The declaration of the singleton an access reaches, if it is one of `singletons`.
    func singleton(of access: SingletonAccess) -> SingletonDeclaration? {
        singletonsByID[access.singletonID]
    }

    /// Whether the singleton an access reaches is allow-listed.
    func isAllowed(_ access: SingletonAccess) -> Bool {
        allowList.contains(type: access.singletonType, property: access.propertyName, isGlobal: access.isGlobalInstance)
    }

    private mutating func indexModel() {
        singletonsByID = Dictionary(singletons.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        accessSitesByPosition = Dictionary(
            accessSites.map { (SitePosition(file: $0.location.file, offset: $0.offset), $0) },
            uniquingKeysWith: { first, _ in first })
        declaredTypeNames = Set(
            (model?.types.values).map { $0.filter { $0.kind != .external }.map(\.simpleName) } ?? [])
    }

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

    /// The index in `files` of each path.
    var fileIndex: [String: Int] {
        get { storedFileIndex ?? Self.index(of: files) }
        set { storedFileIndex = newValue }
    }
    private var storedFileIndex: [String: Int]?

    static func index(of files: [File]) -> [String: Int] {
        Dictionary(files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
