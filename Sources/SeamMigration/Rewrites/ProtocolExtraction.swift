import SeamAnalysis
import SwiftSyntax

/// The protocol a singleton is injected through: found in the codebase or extracted by the migration.
struct ProtocolPlan {
    /// The singleton type (`DataStore`).
    var typeName: String
    var protocolName: String
    /// How code outside the type's parents names the protocol (`Settings.StoreProtocol` for a protocol
    /// nested next to `Settings.Store`).
    var referenceName: String
    /// Whether the migration writes the protocol (rather than completing an existing one).
    var isNew: Bool
    /// Every requirement after the migration.
    var items: [RequirementItem]
    var isMainActor: Bool
    /// Whether `any Protocol` is `Sendable` (the protocol refines `Sendable`).
    var isSendable: Bool
    /// Whether the protocol is `public` (for a ``isConcrete`` plan: whether the class its users take is, as an SDK
    /// class always is).
    var isPublic: Bool
    /// The index of the file that declares (or will declare) the protocol.
    var file: Int
    /// Whether there is no protocol at all: no member used through the singleton can be declared in one (each is
    /// a property without a written type, say), so the types that use it take the concrete type (and no mock).
    var isConcrete = false
    /// Whether the singleton is declared as this protocol (`static var shared: DependencyProvider = …`): every use
    /// through it already goes through the protocol, so none needs the class.
    var isDeclaredType = false
    /// The class the singleton holds when it is not its type's own instance (`ZimCookieStore` for kiwix's `enum
    /// CookieStore { static let shared = ZimCookieStore(…) }`): what its users take, with ``isConcrete``.
    var heldTypeName: String?
    /// The members used through the singleton that only its class has, for want of access (`let currencyManager:
    /// CurrencyManager`, internal in Unstoppable's `public class Core`, whose protocol is public): the types using them
    /// take the class, and what those members' declarations write still types what is read through them
    /// (``InitialValueType``).
    var classOnlyItems: [RequirementItem] = []
    /// Member names reachable through the protocol.
    var memberNames: Set<String> { Set(RequirementItem.flatten(items).map(\.name)) }
}

extension ProtocolPlan {
    /// No protocol: the users of `singleton` take its class, with no mock (a type the codebase only extends, or one a
    /// previous run injected as its class).
    static func concrete(
        for singleton: SingletonDeclaration, isMainActor: Bool, isPublic: Bool, file: Int
    ) -> ProtocolPlan {
        ProtocolPlan(
            typeName: singleton.typeName, protocolName: singleton.simpleName, referenceName: singleton.sourceTypeName,
            isNew: true, items: [], isMainActor: isMainActor, isSendable: false, isPublic: isPublic, file: file,
            isConcrete: true)
    }
}

/// The protocol plans of one migration: one per singleton type, and one per member of a namespace that holds another
/// type's instance (stepik's `enum ApiDataDownloader { static let attempts = AttemptsAPI(); static let users =
/// UsersAPI() }`: each member's users take the class it holds, so one namespace has as many plans as members).
struct ProtocolPlans {
    /// The plans of singleton types, by type name: the protocols extracted or completed, and their mocks.
    private(set) var byType: [String: ProtocolPlan] = [:]
    /// The plans of namespace members holding another class (each ``ProtocolPlan/isConcrete``).
    private var byMember: [SingletonID: ProtocolPlan] = [:]

    /// The plan `singleton`'s users are injected through, if any.
    subscript(singleton: SingletonDeclaration) -> ProtocolPlan? {
        if let plan = byMember[singleton.id] { return plan }
        // A member holding another class is never injected through its namespace's plan (only a member declared as
        // the type's protocol is).
        guard let plan = byType[singleton.typeName],
            singleton.instanceType == singleton.typeName || singleton.instanceType == nil || plan.isDeclaredType
        else { return nil }
        return plan
    }

    /// The plan of a singleton type (every singleton of it that holds its own instance).
    subscript(type typeName: String) -> ProtocolPlan? {
        get { byType[typeName] }
        set { byType[typeName] = newValue }
    }

    /// Plans `singleton` on its own: a namespace member holding an instance of another class.
    mutating func plan(member singleton: SingletonDeclaration, as plan: ProtocolPlan) {
        byMember[singleton.id] = plan
    }
}

/// Rewrite 1: extract `<Name>Protocol` from a class or actor (or complete the protocol it already has),
/// and make the type conform.
///
/// Placement: a new protocol goes in the same file, directly above the type's declaration (above its doc
/// comment and attributes), at the same nesting level, so it sits next to the API it mirrors and needs no
/// new imports. An existing protocol that lacks members the migrated code calls gets them appended.
struct ProtocolExtraction {
    let input: MigrationInput
    let options: MigrationOptions

    struct Result {
        var plan: ProtocolPlan?
        var edits: [(file: Int, edit: SourceEdit)] = []
        var notes: [MigrationNote] = []
    }

    /// Plans the protocol for `typeName`, making sure `usedMembers` (called through `.shared` by the types
    /// being migrated) are requirements.
    func run(typeName: String, usedMembers: Set<String>) -> Result {
        var result = Result()
        guard let entry = input.declaration(of: typeName) else {
            return result
        }
        let view = entry.view
        let file = input.files[entry.file]
        func note(
            _ node: some SyntaxProtocol, _ message: String, in fileIndex: Int = entry.file,
            kind: MigrationNote.Kind = .leftUntouched
        ) {
            result.notes.append(
                MigrationNote(kind: kind, location: input.files[fileIndex].location(of: node), message: message))
        }
        if let refusal = Eligibility(input: input).extractionRefusal(for: entry) {
            note(view.node, "no protocol for `\(typeName)`: \(refusal)")
            return result
        }
        guard view.kind == .class || view.kind == .actor || view.kind == .struct else {
            note(view.node, "`\(typeName)` is an enum; only classes, actors and structs get a protocol")
            return result
        }
        guard !view.isGeneric, !Self.hasGenericAncestor(view.node) else {
            note(view.node, "`\(typeName)` is generic or nested in a generic type; its protocol is left to you")
            return result
        }
        let extensions = input.extensions(of: entry.type).filter { extensionEntry in
            guard let decl = extensionEntry.view.node.as(ExtensionDeclSyntax.self) else { return false }
            return decl.genericWhereClause == nil
        }
        let isPublic = view.isPublic
        // Nested in the declaration or in any extension (AltStore's `extension AppManager { enum FetchSourcesError }`
        // in another file), which code outside the type must qualify.
        let nestedTypes = input.extensions(of: entry.type)
            .reduce(into: Self.nestedTypeNames(of: view)) { $0.formUnion(Self.nestedTypeNames(of: $1.view)) }
            .union(input.nestedTypeNames(of: entry.type))
        // What the type and its extensions inherit, as the analysis merged them.
        let inherited = entry.type.conformances

        // Candidate requirements from the type and its unconditional extensions.
        func extracted(from entry: MigrationInput.Declaration, isExtension: Bool, requiresPublic: Bool? = nil)
            -> [RequirementItem]
        {
            var extractor = RequirementExtractor()
            extractor.isActor = view.kind == .actor
            extractor.nestedTypeNames = nestedTypes
            extractor.owner = entry.type.declaredName
            extractor.requiresPublic = requiresPublic ?? isPublic
            extractor.defaultAccess = isExtension ? entry.view.accessLevel : nil
            extractor.knownTypeNames = input.declaredTypeNames
            extractor.functionTypeAliases = input.model?.functionTypeAliases ?? []
            extractor.usedMembers = restrictToUsed ? usedMembers : nil
            let (items, skipped) = extractor.extract(from: entry.view.memberBlock.members)
            for skip in skipped { note(skip.node, skip.reason, in: entry.file, kind: .followUp) }
            return items
        }

        var restrictToUsed = false
        let simpleName = view.name
        let protocolName = options.protocolName(for: simpleName)
        let existingName =
            inherited.first { $0 == protocolName && input.isProtocol($0, from: typeName) }
            ?? inherited.first { $0.hasPrefix(simpleName) && input.isProtocol($0, from: typeName) }
        if let existingName, let protocolEntry = input.protocolDeclaration(named: existingName, from: typeName) {
            // Complete the existing protocol with the members the migrated code calls.
            let protocolView = protocolEntry.view
            var plan = Self.existing(protocolEntry, for: typeName, input: input)
            plan.protocolName = existingName
            var items = plan.items
            // By selector: a used name the protocol declares in another overload (Unstoppable's `HUD` conforms to
            // `HUDViewRouterInterface { func show() }`, and callers use `show(config:viewItem:statusBarStyle:forced:)`).
            let known = Set(RequirementItem.flatten(items).map(\.selector))
            restrictToUsed = true
            let candidates =
                usedMembers.isEmpty
                ? [] : ([entry] + extensions).flatMap { extracted(from: $0, isExtension: $0.view.kind == .extension) }
            let added = RequirementItem.flatten(candidates).filter {
                usedMembers.contains($0.name) && !known.contains($0.selector)
            }
            if !added.isEmpty {
                let indent = protocolView.memberBlock.memberIndentation(
                    of: protocolView.node, unit: Indentation.unit(of: input.files[protocolEntry.file].text))
                let lines = RequirementRenderer.protocolBody(added.map(RequirementItem.requirement), indent: indent)
                result.edits.append(
                    (
                        protocolEntry.file,
                        .insert("\n" + lines.joined(separator: "\n"), at: protocolView.memberBlock.rightBrace.position)
                    ))
                let overloads = RequirementRenderer.defaultArgumentExtension(
                    protocolName: existingName, items: added.map(RequirementItem.requirement),
                    isPublic: protocolView.isPublic,
                    indent: protocolView.node.lineIndentation,
                    unit: Indentation.unit(of: input.files[protocolEntry.file].text))
                if !overloads.isEmpty {
                    result.edits.append(
                        (
                            protocolEntry.file,
                            .insert(
                                "\n\n" + overloads.joined(separator: "\n"),
                                at: protocolView.node.endPositionBeforeTrailingTrivia)
                        ))
                }
                items += added.map(RequirementItem.requirement)
                note(
                    protocolView.node,
                    "added \(added.map { "`\($0.name)`" }.joined(separator: ", ")) to `\(existingName)`: other conformers must implement \(added.count == 1 ? "it" : "them")",
                    in: protocolEntry.file, kind: .followUp)
            }
            plan.items = items
            result.plan = plan
            return result
        }
        guard options.rewrites.contains(.protocols) else {
            note(view.node, "`\(typeName)` has no protocol and protocol extraction is turned off")
            return result
        }
        if input.declaresType(named: protocolName) {
            note(view.node, "`\(protocolName)` already names another declaration; `\(typeName)` does not conform to it")
            return result
        }

        // Extract a new protocol: the members callers use (or, when none is used, the API minus callbacks).
        restrictToUsed = !usedMembers.isEmpty
        let items =
            extracted(from: entry, isExtension: false) + extensions.flatMap { extracted(from: $0, isExtension: true) }
        let unavailable = usedMembers.subtracting(RequirementItem.flatten(items).map(\.name))
        // What a public protocol leaves out for its access only is still declared, with its types, in the class.
        let classOnlyItems =
            isPublic && !unavailable.isEmpty
            ? RequirementItem.flatten(
                extracted(from: entry, isExtension: false, requiresPublic: false)
                    + extensions.flatMap { extracted(from: $0, isExtension: true, requiresPublic: false) }
            )
            .filter { unavailable.contains($0.name) }.map(RequirementItem.requirement)
            : []
        if !unavailable.isEmpty {
            note(
                view.node,
                "\(unavailable.sorted().map { "`\($0)`" }.joined(separator: ", ")) of `\(typeName)` \(unavailable.count == 1 ? "is" : "are") used through `.shared` but cannot be a requirement of `\(protocolName)` (static, private, a subscript or without a type annotation); the types using \(unavailable.count == 1 ? "it" : "them") take `\(typeName)` itself",
                kind: .followUp)
        }
        let isMainActor = entry.type.isolatedToMainActor
        // A struct kept in a `static let` is Sendable in Swift 6 (a shared `let` must be): so is what stands in for it,
        // or a closure capturing the injected copy (kiwix's `viewContext.perform { [database] in … }`) would not compile.
        let isSendable =
            view.kind == .actor || isMainActor || view.declaresSendable
            || entry.type.conformances.contains("Sendable")
            || (view.kind == .struct && entry.type.singletonDeclarations.contains { !$0.isMutable && !$0.isOptional })
        var refinements: [String] = []
        if view.kind != .struct { refinements.append("AnyObject") }
        if isSendable { refinements.append("Sendable") }
        let indent = view.node.lineIndentation
        let unit = Indentation.unit(of: file.text)
        var lines = [
            "/// The API of `\(entry.type.declaredName)` that other types use, extracted by `seam migrate` so they can take it",
            "/// as a dependency and tests can replace it.",
        ]
        if isMainActor { lines.append("@MainActor") }
        let access = isPublic ? "public " : (view.accessLevel == "package" ? "package " : "")
        let inheritance = refinements.isEmpty ? "" : ": " + refinements.joined(separator: ", ")
        lines.append("\(access)protocol \(protocolName)\(inheritance) {")
        lines += RequirementRenderer.protocolBody(items, indent: unit)
        lines.append("}")
        let overloads = RequirementRenderer.defaultArgumentExtension(
            protocolName: protocolName, items: items, isPublic: isPublic, indent: "", unit: unit)
        if !overloads.isEmpty { lines += [""] + overloads }
        let text = lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n\n"
        result.edits.append((entry.file, .insert(text, at: Self.lineStartBeforeComments(of: view.node), order: -1)))
        result.edits.append((entry.file, Self.conformanceEdit(adding: protocolName, to: view)))
        result.plan = ProtocolPlan(
            typeName: typeName, protocolName: protocolName,
            // Nested beside the type as code writes it (`Settings.StoreProtocol`), not by the target that the model
            // qualifies a name with (`Delta.StoreProtocol`, which DeltaCore's `struct Delta` would hide).
            referenceName: (entry.type.declaredName.split(separator: ".").dropLast().map(String.init) + [protocolName])
                .joined(separator: "."),
            isNew: true, items: items,
            isMainActor: isMainActor, isSendable: isSendable, isPublic: isPublic, file: entry.file,
            classOnlyItems: classOnlyItems)
        return result
    }

    /// The plan to inject `typeName`'s singletons through the codebase protocol declared at `protocolEntry`, as it
    /// is: its requirements as written.
    static func existing(_ protocolEntry: MigrationInput.Declaration, for typeName: String, input: MigrationInput)
        -> ProtocolPlan
    {
        let protocolView = protocolEntry.view
        var reader = RequirementExtractor()
        reader.isProtocol = true
        reader.functionTypeAliases = input.model?.functionTypeAliases ?? []
        return ProtocolPlan(
            typeName: typeName, protocolName: protocolView.name, referenceName: protocolEntry.type.declaredName,
            isNew: false,
            items: reader.extract(from: protocolView.memberBlock.members).items,
            isMainActor: protocolView.isMainActor,
            isSendable: protocolView.inheritedTypeNames.contains("Sendable")
                || protocolView.inheritedTypeNames.contains("Actor"),
            isPublic: protocolView.isPublic,
            file: protocolEntry.file)
    }

    // MARK: Helpers

    /// `, Name` after the last inherited type, or `: Name` after the type's name.
    static func conformanceEdit(adding name: String, to view: TypeDeclarationView) -> SourceEdit {
        if let last = view.inheritanceClause?.inheritedTypes.last {
            return .insert(", \(name)", at: last.type.endPositionBeforeTrailingTrivia)
        }
        return .insert(": \(name)", at: view.conformanceAnchor.endPositionBeforeTrailingTrivia)
    }

    /// The offset of the start of the line where the declaration's doc comment (or the declaration) begins.
    static func lineStartBeforeComments(of node: some SyntaxProtocol) -> AbsolutePosition {
        let pieces = Array(node.leadingTrivia)
        var offset = node.position.utf8Offset
        var lineStart = offset
        var sawComment = false
        for piece in pieces {
            let length = piece.sourceLength.utf8Length
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds:
                offset += length
                if !sawComment { lineStart = offset }
            case .spaces, .tabs:
                offset += length
            default:
                sawComment = true
                offset += length
            }
        }
        return AbsolutePosition(utf8Offset: lineStart)
    }

    static func nestedTypeNames(of view: TypeDeclarationView) -> Set<String> {
        var names: Set<String> = []
        for member in view.memberBlock.members {
            if let nested = TypeDeclarationView(member.decl), nested.kind != .extension {
                names.insert(nested.name)
            } else if let alias = member.decl.as(TypeAliasDeclSyntax.self) {
                names.insert(alias.name.text)
            }
        }
        return names
    }

    static func hasGenericAncestor(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let view = TypeDeclarationView(current), view.isGeneric { return true }
            parent = current.parent
        }
        return false
    }
}
