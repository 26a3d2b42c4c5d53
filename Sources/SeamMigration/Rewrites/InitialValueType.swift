import SeamAnalysis
import SwiftSyntax

/// The type of a stored property's initial value that reads a singleton, for a property that does not write its
/// type and whose value `init` is to compute instead (``SingletonInjection``'s moved initial values): Trio's
/// `let context = CoreDataStack.shared.newTaskContext()` becomes `let context: NSManagedObjectContext`, assigned in
/// `init` from the injected `coreDataStack`.
///
/// The type is read, never guessed:
/// - `S.shared.member(…)` or `S.shared.member`: the return or property type the singleton's declaration writes for
///   `member`, as its protocol plan holds it (one type for every overload; no generic, `Self` or opaque type);
/// - one more `.member` on an SDK type: ``SDKMemberTypes`` (`NSPersistentContainer.viewContext`).
///
/// Every type name in the result must be visible in the property's file: the standard library's, a codebase
/// type of the property's target (or of a module the file imports), or an SDK type the file already names or
/// whose module (``SDKMemberTypes/module(of:)``) it imports, or any type when the file imports every module the
/// singleton's declaring files import.
struct InitialValueType {
    /// The requirements of the singleton's protocol plan: what its declaration writes for each member.
    let requirements: [Requirement]
    let input: MigrationInput
    /// The type whose property it is.
    let owner: CodebaseType
    /// The file of the property.
    let file: Int

    /// The singleton's type (the plan's).
    let singletonType: String

    init(plan: ProtocolPlan, input: MigrationInput, owner: CodebaseType, file: Int) {
        requirements = RequirementItem.flatten(plan.items + plan.classOnlyItems)
        self.input = input
        self.owner = owner
        self.file = file
        singletonType = plan.typeName
    }

    /// The modules the files declaring the singleton's type import, `nil` when one of them is not loaded. A type its
    /// members write that is neither the codebase's nor in the SDK table comes from one of them (or the standard
    /// library), so a file importing them all can name it (Unstoppable's `Core.networkManager: NetworkManager`, from
    /// the `HsToolKit` package). Read only for such a type.
    private func declaringImports() -> Set<String>? {
        input.declaration(of: singletonType).flatMap { declaration in
            let extensions = input.extensions(of: declaration.type)
            guard extensions.count == declaration.type.fragments.filter(\.isExtension).count else { return nil }
            return Set(([declaration] + extensions).flatMap { Migrator.importedModules(of: input.files[$0.file].tree) })
        }
    }

    /// The type of `value`, an initial value made of the singleton read at `site` and the members called on it; `nil`
    /// when it is anything else or a type is not known or not visible.
    func type(of value: ExprSyntax, readingSingletonAt site: ExprSyntax) -> String? {
        var current = Syntax(site)
        var type: String?
        while current.id != value.id {
            guard let access = current.parent?.as(MemberAccessExprSyntax.self), access.base?.id == current.id,
                access.declName.argumentNames == nil
            else { return nil }
            let name = access.declName.baseName.text
            if let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id {
                // Only the singleton's own methods: an SDK method's return type is not in the table.
                guard type == nil, call.trailingClosure == nil, let returned = methodType(named: name) else {
                    return nil
                }
                type = returned
                current = Syntax(call)
            } else if let base = type {
                guard let member = SDKMemberTypes.type(of: name, on: base) else { return nil }
                type = member
                current = Syntax(access)
            } else {
                guard let property = propertyType(named: name) ?? declaredPropertyType(named: name) else { return nil }
                type = property
                current = Syntax(access)
            }
        }
        guard let type, isVisible(type) else { return nil }
        return type
    }

    private func methodType(named name: String) -> String? {
        let methods = requirements.compactMap { requirement -> Requirement.Method? in
            guard case .method(let method) = requirement.kind, method.name == name else { return nil }
            return method
        }
        guard let first = methods.first, let type = first.returnType,
            methods.allSatisfy({
                $0.returnType == type && $0.genericParameterNames.isEmpty && !$0.isAsync && $0.throwsClause == nil
            })
        else { return nil }
        return Self.isNameable(type) ? type : nil
    }

    private func propertyType(named name: String) -> String? {
        for requirement in requirements {
            guard case .property(let property) = requirement.kind, property.name == name else { continue }
            guard !property.isAsync, property.throwsClause == nil, Self.isNameable(property.type) else { return nil }
            return property.type
        }
        return nil
    }

    /// The type of an instance property the codebase declares on the singleton's type once, with an annotation, in
    /// its declaration or an extension, for a member the protocol plan does not list (an SDK class injected as itself:
    /// twiderex's `extension UserDefaults { var avatarStyle: AvatarStyle { … } }`). A type nested in the singleton's is
    /// qualified by it (`UserDefaults.AvatarStyle`), as the property's file must write it.
    private func declaredPropertyType(named name: String) -> String? {
        guard let type = input.model?.types[singletonType] else { return nil }
        let declarations = (input.declaration(of: singletonType).map { [$0] } ?? []) + input.extensions(of: type)
        var annotations: [TypeSyntax] = []
        for declaration in declarations {
            for member in declaration.view.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.isStatic else {
                    continue
                }
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    guard let annotation = binding.typeAnnotation?.type else { return nil }
                    annotations.append(annotation)
                }
            }
        }
        guard annotations.count == 1, Self.isNameable(annotations[0].trimmedDescription) else { return nil }
        return Self.qualifying(annotations[0], nested: input.nestedTypeNames(of: type), in: type.name)
    }

    /// `type` as written, with each leading name of a type path that is one of `nested` prefixed by `owner`
    /// (`UserDefaults.AvatarStyle?` for `AvatarStyle?`).
    static func qualifying(_ type: TypeSyntax, nested: Set<String>, in owner: String) -> String {
        var written = ""
        var previous: TokenKind?
        let first = type.firstToken(viewMode: .sourceAccurate)?.id
        let last = type.lastToken(viewMode: .sourceAccurate)?.id
        for token in type.tokens(viewMode: .sourceAccurate) {
            if token.id != first { written += token.leadingTrivia.description }
            if case .identifier(let text) = token.tokenKind, previous != .period, nested.contains(text) {
                written += owner + "."
            }
            written += token.text
            if token.id != last { written += token.trailingTrivia.description }
            previous = token.tokenKind
        }
        return written
    }

    /// A type a property can be annotated with as written: no `Self`, opaque type or implicitly unwrapped optional.
    private static func isNameable(_ type: String) -> Bool {
        !type.contains("Self") && !type.contains("some ") && !type.contains("!")
    }

    /// Whether every type name in `type` can be written in the property's file.
    private func isVisible(_ type: String) -> Bool {
        let tree = input.files[file].tree
        let imported = Set(Migrator.importedModules(of: tree))
        return Self.leadingTypeNames(in: type).allSatisfy { name in
            if SDKMemberTypes.standardLibrary.contains(name) { return true }
            // A type the codebase only extends (`extension NSManagedObjectContext`) is the SDK's.
            if let declared = input.model?.type(named: name, from: owner.name), declared.kind != .external {
                return declared.target == owner.target || imported.contains(declared.target)
            }
            if let module = SDKMemberTypes.module(of: name),
                !imported.isDisjoint(with: SDKMemberTypes.modules(exporting: module))
            {
                return true
            }
            return Self.names(name, in: tree) || declaringImports()?.isSubset(of: imported) == true
        }
    }

    /// The first name of each type path in `type` (`Store` and `Item` in `[Store.Mode: Item]?`).
    static func leadingTypeNames(in type: String) -> [String] {
        var names: [String] = []
        var current = ""
        var isMember = false
        var previous: Character = " "
        for character in type + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if current.isEmpty { isMember = previous == "." }
                current.append(character)
            } else {
                if !current.isEmpty, !isMember, current.first?.isNumber == false,
                    !["any", "some", "inout"].contains(current)
                {
                    names.append(current)
                }
                current = ""
            }
            previous = character
        }
        return names
    }

    /// Whether the file already writes `name` as a type or a name (so it is in scope there).
    private static func names(_ name: String, in tree: SourceFileSyntax) -> Bool {
        tree.tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let text) = token.tokenKind, text == name { return true }
            return false
        }
    }
}
