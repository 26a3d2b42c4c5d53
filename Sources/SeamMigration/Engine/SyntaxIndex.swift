import SwiftSyntax

/// Where each type, extension and protocol of the codebase is declared, for the rewrites to navigate to.
struct SyntaxIndex {
    /// A declaration and the file it is in.
    struct Entry {
        var view: TypeDeclarationView
        var file: Int
    }

    private(set) var declarations: [String: [Entry]] = [:]
    private(set) var extensions: [String: [Entry]] = [:]
    private(set) var protocols: [String: Entry] = [:]

    init(files: [MigrationInput.File]) {
        for (fileIndex, file) in files.enumerated() {
            let collector = DeclarationCollector(viewMode: .sourceAccurate)
            collector.walk(file.tree)
            for view in collector.views {
                let entry = Entry(view: view, file: fileIndex)
                switch view.kind {
                case .extension: extensions[view.name, default: []].append(entry)
                case .protocol: protocols[view.name] = entry
                default: declarations[view.name, default: []].append(entry)
                }
            }
        }
        typeNames = Set(declarations.keys).union(protocols.keys)
    }

    /// The primary declaration of a type (a class, struct, actor or enum), when it is unambiguous.
    ///
    /// `name` may be simple (`DataStore`) or qualified (`Settings.Store`).
    func declaration(of name: String) -> Entry? {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        let candidates = (declarations[simple] ?? []).filter { name == simple || $0.view.qualifiedName == name }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// The extensions of a type, across files (matched by the extended type's last name component).
    func extensions(of name: String) -> [Entry] {
        let simple = name.split(separator: ".").last.map(String.init) ?? name
        return extensions[simple] ?? []
    }

    /// The names of every class, struct, actor, enum and protocol declared in the codebase.
    private(set) var typeNames: Set<String> = []

    /// Whether any class, struct, actor, enum, protocol or typealias named `name` exists.
    func declaresType(named name: String) -> Bool {
        declarations[name] != nil || protocols[name] != nil
    }
}

private final class DeclarationCollector: SyntaxVisitor {
    var views: [TypeDeclarationView] = []

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private func record(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        if let view = TypeDeclarationView(node) { views.append(view) }
        return .visitChildren
    }
}
