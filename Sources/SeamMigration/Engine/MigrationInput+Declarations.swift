import SeamAnalysis
import SwiftSyntax

/// How the rewrites find declarations: through the analysis's model (its types, their fragments with the
/// UTF-8 offsets of each declaration, its name resolution), taking the node at a fragment's offsets in the
/// retained tree. No second index of the codebase's declarations is built.
extension MigrationInput {
    /// A type declaration or extension of the model, found in its file's syntax tree.
    struct Declaration {
        /// The model's type (for an extension, the extended type).
        var type: CodebaseType
        var view: TypeDeclarationView
        /// The index of its file in `files`.
        var file: Int
    }

    /// The primary declaration (a class, struct, actor or enum) of the model's type `name`, when it is
    /// unambiguous: one declaration, in a migrated file.
    ///
    /// `name` is qualified as the model names types (`Settings.Store`); a name the model does not hold may
    /// be a simple name (`AppDependencies`, from the options), which must then name exactly one type.
    func declaration(of name: String) -> Declaration? {
        guard let model else { return nil }
        let type: CodebaseType
        if let named = model.types[name] {
            type = named
        } else {
            let candidates = model.sortedTypes.filter { $0.simpleName == name && $0.kind != .external }
            guard candidates.count == 1 else { return nil }
            type = candidates[0]
        }
        guard type.kind != .protocol, type.kind != .external else { return nil }
        let declared = type.fragments.filter { !$0.isExtension }
        guard declared.count == 1 else { return nil }
        return declaration(at: declared[0], of: type)
    }

    /// The declaration of the codebase protocol that `name` refers to from inside `enclosing`, if any.
    func protocolDeclaration(named name: String, from enclosing: String?) -> Declaration? {
        guard let type = model?.type(named: name, from: enclosing), type.kind == .protocol,
            let fragment = type.fragments.first(where: { !$0.isExtension })
        else { return nil }
        return declaration(at: fragment, of: type)
    }

    /// The `@available` attributes of the type `typeName` and of the types it is nested in that limit where it exists
    /// (``AccessSiteClassifier/isAvailabilityGate(_:)``: not a deprecation), as written and each followed by a space
    /// (`@available(iOS 17.5, *) `), for a declaration elsewhere that names it; empty when it is available everywhere
    /// its module is.
    func availability(of typeName: String) -> String {
        guard let entry = declaration(of: typeName) else { return "" }
        var attributes: [String] = []
        var current: Syntax? = Syntax(entry.view.node)
        while let node = current {
            if TypeDeclarationView(node) != nil, let list = node.asProtocol(WithAttributesSyntax.self)?.attributes {
                for attribute in list {
                    guard let attribute = attribute.as(AttributeSyntax.self),
                        AccessSiteClassifier.isAvailabilityGate(attribute)
                    else { continue }
                    attributes.insert(attribute.trimmedDescription, at: 0)
                }
            }
            current = node.parent
        }
        return attributes.map { $0 + " " }.joined()
    }

    /// The simple names of the types the model nests directly in `type`, from any file (`Record` for
    /// `SyncManager.Record`).
    func nestedTypeNames(of type: CodebaseType) -> Set<String> {
        guard let model else { return [] }
        let prefix = type.name + "."
        return Set(
            model.types.keys.compactMap { name -> String? in
                guard name.hasPrefix(prefix) else { return nil }
                let rest = name.dropFirst(prefix.count)
                return rest.contains(".") ? nil : String(rest)
            })
    }

    /// Whether `name` refers to a codebase protocol from inside `enclosing`.
    func isProtocol(_ name: String, from enclosing: String?) -> Bool {
        model?.type(named: name, from: enclosing)?.kind == .protocol
    }

    /// The extensions of the model's type, in the migrated files, in file and source order.
    func extensions(of type: CodebaseType) -> [Declaration] {
        type.fragments.filter(\.isExtension).compactMap { declaration(at: $0, of: type) }
    }

    /// Whether a class, struct, actor, enum or protocol of the codebase has the simple name `name`.
    func declaresType(named name: String) -> Bool {
        declaredTypeNames.contains(name)
    }

    /// The member blocks of the model's type `name` (its declaration and extensions), to read, never to edit: from the
    /// retained trees, and for a file no rewrite touches (which has none, see `touchedFiles`) from the file on disk,
    /// parsed for this call and let go.
    func memberBlocksToRead(of name: String) -> [MemberBlockSyntax] {
        guard let type = model?.types[name], type.kind != .external, type.kind != .protocol else { return [] }
        var parsed: [String: SourceFileSyntax] = [:]
        return type.fragments.compactMap { fragment in
            if fileIndex[fragment.file] != nil { return declaration(at: fragment, of: type)?.view.memberBlock }
            if parsed[fragment.file] == nil {
                guard let tree = model?.file(at: fragment.file).flatMap(Self.tree(of:)) else { return nil }
                parsed[fragment.file] = tree
            }
            return parsed[fragment.file].flatMap { Self.typeDeclaration(at: fragment, in: $0) }?.memberBlock
        }
    }

    /// The node at the fragment's offsets in its file's tree.
    private func declaration(at fragment: TypeFragment, of type: CodebaseType) -> Declaration? {
        guard let file = fileIndex[fragment.file], let view = Self.typeDeclaration(at: fragment, in: files[file].tree)
        else { return nil }
        return Declaration(type: type, view: view, file: file)
    }

    /// The type declaration or extension at the fragment's offsets in `tree`.
    private static func typeDeclaration(at fragment: TypeFragment, in tree: SourceFileSyntax) -> TypeDeclarationView? {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: fragment.offset)) else { return nil }
        var node: Syntax? = Syntax(token)
        while let current = node, current.positionAfterSkippingLeadingTrivia.utf8Offset == fragment.offset {
            if current.endPositionBeforeTrailingTrivia.utf8Offset == fragment.endOffset,
                let view = TypeDeclarationView(current)
            {
                return view
            }
            node = current.parent
        }
        return nil
    }
}
