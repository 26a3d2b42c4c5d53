import SeamAnalysis
import SwiftSyntax

/// Rewrite 6, the roadmap's last phase: a singleton that nothing reaches through `.shared` any more is
/// created by the container instead.
///
/// ```swift
/// // Before (every use already injected):        // After:
/// final class APIClient: APIClientProtocol {      final class APIClient: APIClientProtocol {
///     static let shared = APIClient()                 init() {}
///     private init() {}                           }
/// }                                               enum Live {  // in AppDependencies
///                                                     static let apiClient = APIClient()
///                                                 }
/// ```
///
/// The instance keeps its lifetime: one, created on first use, now held by the container's `Live` enum, whose
/// values the injected initialisers already take as defaults. The `static let` goes (or, with
/// ``MigrationOptions/keepsSharedAccessors``, becomes a deprecated accessor forwarding to the container's
/// instance), and a `private` initialiser is opened to the container.
///
/// A singleton is retired only when the rest of the draft leaves nothing reaching it: every site was
/// rewritten by injection or moved to the environment, or is a default or a composition-root read in the
/// container's target, which this rewrite points at the container. Otherwise it stays, with a note naming
/// what still reaches it.
struct SingletonRetirement {
    let input: MigrationInput

    /// A singleton the container creates from now on.
    struct Retired {
        var singleton: SingletonDeclaration
        /// The container's `Live` member that holds the instance.
        var propertyName: String
        /// The expression that creates the instance (`APIClient()`), as the `static let` wrote it.
        var construction: String
        /// Whether the instance is created on the main actor (its type is isolated to it).
        var isMainActor: Bool
        /// Whether the type is public, so the `Live` member may be too.
        var isPublic: Bool
        /// What the `static let` said of its isolation and that the container's member must say too
        /// (`nonisolated(unsafe)`, an explicit global actor), followed by a space; empty when nothing.
        var isolationPrefix: String = ""
        /// The container's `Live` member that holds the instance (`@MainActor static let store = Store()`), with
        /// `access` (`"public "` or empty).
        func liveDeclaration(access: String) -> String {
            let isolation = isolationPrefix.isEmpty && isMainActor ? "@MainActor " : isolationPrefix
            return "\(isolation)\(access)static let \(propertyName) = \(construction)"
        }
        /// The edits in the singleton's type and at the sites the container now serves (the `Live` member is
        /// written with the container's registrations).
        var edits: [(file: Int, edit: SourceEdit)]
    }

    struct Result {
        var notes: [MigrationNote] = []
        var retired: [Retired] = []
    }

    /// Retires each of `singletons` that the draft leaves unreached: `settled` are the positions of the sites
    /// the draft rewrites; `container` is the app's container type, in whose target the singletons must be.
    /// `namedByDefaults` are the singletons some injected default of this migration still names (in a target
    /// that cannot see the container).
    func run(
        singletons: [SingletonDeclaration], container: (name: String, target: String),
        settled: Set<MigrationInput.SitePosition>, namedByDefaults: [SingletonID: String],
        propertyNames: [SingletonID: String], keepsShared: Bool, live liveValues: LiveValues = .plain
    ) -> Result {
        var result = Result()
        let live = "\(container.name).Live"
        // The offsets of the sites the draft rewrites, by file, for the implicit-use check: grouped once.
        let settledOffsets = Dictionary(grouping: settled, by: \.file).mapValues { Set($0.map(\.offset)) }
        // The codebase's files that write one of the singletons' member names after a dot, read once when the
        // first singleton gets that far.
        var loaded: [(path: String, text: String)]?
        func memberTexts() -> [(path: String, text: String)] {
            if let loaded { return loaded }
            let members = Set(singletons.map { "." + $0.propertyName })
            let texts = (input.model?.files ?? []).compactMap { file -> (path: String, text: String)? in
                guard let text = try? String(contentsOf: file.url, encoding: .utf8),
                    members.contains(where: text.contains)
                else { return nil }
                return (file.path, text)
            }
            loaded = texts
            return texts
        }
        for singleton in singletons {
            guard let entry = input.declaration(of: singleton.typeName), !entry.type.isCompositionRoot,
                entry.type.name != container.name
            else { continue }
            func refuse(_ reason: String, at location: SeamAnalysis.SourceLocation? = nil) {
                result.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: location ?? singleton.location,
                        message: "`\(singleton.accessExpression)` is not retired: \(reason)"))
            }
            if let consumer = namedByDefaults[singleton.id] {
                refuse(
                    "the default injected into `\(consumer)` names it (its target cannot see `\(container.name)`, or it takes the class where the container holds a key typed by the protocol)"
                )
                continue
            }
            guard entry.type.target == container.target else {
                refuse(
                    "`\(singleton.typeName)` is in the target `\(entry.type.target)`, not in `\(container.target)` where the container `\(container.name)` is"
                )
                continue
            }
            guard [.class, .actor].contains(entry.view.kind), !entry.view.isGeneric else { continue }
            // `static var shared: DependencyProvider = …` is a slot code may fill with another conformer (tests do).
            if let declared = singleton.instanceType, declared != singleton.typeName {
                refuse("it is declared as `\(declared)`, a slot code may fill with another instance")
                continue
            }
            // The container would make the instance an optional holds (`try? Store()`) as the `static let` did, and no
            // more than that: one the type builds itself is left to the team.
            if singleton.isOptional {
                refuse("it is optional, and the container's instance would be too; move it into the container by hand")
                continue
            }
            // A stored `static let` cannot be `@available`-gated, as the type it would hold is.
            if !input.availability(of: singleton.typeName).isEmpty {
                refuse(
                    "`\(singleton.typeName)` is `@available`-gated, and the container's stored instance could not be")
                continue
            }
            // `@globalActor` requires its `static let shared` (a stateful global actor is a singleton all the same).
            if entry.type.isGlobalActor {
                refuse("`\(singleton.typeName)` is a `@globalActor`, which needs it")
                continue
            }
            // The container would need the same `#if` around the instance.
            if entry.type.fragments.contains(where: { !$0.conditions.isEmpty }) {
                refuse("`\(singleton.typeName)` is compiled under `#if`; move its instance into the container by hand")
                continue
            }
            guard let member = Self.staticMember(named: singleton.propertyName, in: entry.view.memberBlock) else {
                refuse("its `static let` is not in `\(singleton.typeName)`'s declaration")
                continue
            }
            // Objective-C code, which seam does not read, may call it (iburn's `BRCAppDelegate.m` calls
            // `[BRCDeepLinkRouter shared]`, and the container's `Live` members are invisible to it).
            if member.decl.as(VariableDeclSyntax.self)?.attributes.attribute(named: "objc") != nil
                || entry.type.attributes.contains("objcMembers")
            {
                refuse(
                    "it is `@objc`, so Objective-C code, which seam does not read, may call it; retire it by hand once none does"
                )
                continue
            }
            // The type's own reads of its static (`static var hourFormat: String { Self.shared.hourFormat }`,
            // nostur's `static func shared() -> DataProvider { DataProvider.live }`) are no access sites, and would
            // name a member that is gone.
            let ownBlocks =
                [(entry.view.memberBlock, entry.file)]
                + input.extensions(of: entry.type).map { ($0.view.memberBlock, $0.file) }
            if let (reference, file) = ownBlocks.lazy.compactMap({ block, file in
                Self.ownReference(
                    to: singleton.propertyName, in: block, declaration: member,
                    typeNames: [entry.type.simpleName, entry.type.declaredName, singleton.sourceTypeName]
                ).map { ($0, file) }
            }).first {
                let location = input.files[file].location(of: reference)
                refuse(
                    "`\(singleton.typeName)` reads it itself (\(location.file):\(location.line)), which would name the removed member"
                )
                continue
            }
            let construction: String
            switch Self.construction(of: member, typeName: singleton.sourceTypeName, simpleName: entry.type.simpleName)
            {
            case .success(let text): construction = text
            case .failure(let refusal):
                refuse(refusal.message)
                continue
            }
            // What still reaches the instance once the draft is applied.
            let propertyName = propertyNames[singleton.id] ?? singleton.simpleName.lowerCamelCased
            let containerIsPublic = input.declaration(of: container.name).map { $0.view.isPublic } ?? false
            var siteEdits: [(file: Int, edit: SourceEdit)] = []
            var remaining: [SingletonAccess] = []
            for site in input.accessSites where site.singletonID == singleton.id {
                if settled.contains(MigrationInput.SitePosition(file: site.location.file, offset: site.offset)) {
                    continue
                }
                // The container's own `Live` values are rewritten with the `Live` enum.
                if site.enclosingType == live { continue }
                guard let file = input.fileIndex[site.location.file],
                    let node = input.files[file].memberAccess(at: site.offset, named: singleton.propertyName),
                    node.base != nil,
                    let owner = site.enclosingType.flatMap({ input.model?.types[$0] }),
                    owner.target == container.target,
                    owner.isCompositionRoot || site.isInjectionDefault,
                    input.model?.file(at: site.location.file)?.isTest != true,
                    // A file another target compiles too may be built without the container (Aidoku's `Shared/`).
                    input.model?.isCompiledBySeveralTargets(site.location.file) != true,
                    // A public signature's default may not name the internal container (Brave's `public init`).
                    containerIsPublic || !Self.isDefaultOfPublicDeclaration(ExprSyntax(node))
                else {
                    remaining.append(site)
                    continue
                }
                siteEdits.append(
                    (
                        file,
                        .replace(
                            node,
                            with: liveValues.read(
                                propertyName, of: singleton, in: container.name,
                                isMainActor: entry.type.isolatedToMainActor))
                    ))
            }
            // A use the analysis could not attribute (an implicit `.shared` typed by a return type) would break.
            if let file = Self.implicitUse(
                of: singleton, simpleName: entry.type.simpleName, in: memberTexts(), settled: settledOffsets)
            {
                refuse("`\(file)` may use it as an implicit `.\(singleton.propertyName)`, which no rewrite reaches")
                continue
            }
            if let first = remaining.first {
                refuse(
                    "\(remaining.count == 1 ? "a site still reaches" : "\(remaining.count) sites still reach") it (the first at \(first.location.file):\(first.location.line)), which the container cannot replace",
                    at: singleton.location)
                continue
            }
            let file = entry.file
            var edits = siteEdits
            edits.append(
                (
                    file,
                    Self.removal(
                        of: member, keepsShared: keepsShared, singleton: singleton,
                        replacement: liveValues.read(
                            propertyName, of: singleton, in: container.name, isMainActor: entry.type.isolatedToMainActor
                        ))
                ))
            // The container calls the initialiser the `static let` called.
            for initializer in SingletonInjection.initializers(in: entry.view.memberBlock) {
                for modifier in initializer.modifiers where ["private", "fileprivate"].contains(modifier.name.text) {
                    edits.append(
                        (
                            file,
                            SourceEdit(
                                range: modifier.positionAfterSkippingLeadingTrivia
                                    .utf8Offset..<modifier.endPosition.utf8Offset, replacement: "")
                        ))
                }
            }
            result.retired.append(
                Retired(
                    singleton: singleton, propertyName: propertyName, construction: construction,
                    isMainActor: entry.type.isolatedToMainActor,
                    isPublic: entry.view.isPublic,
                    isolationPrefix: Self.isolationPrefix(of: member), edits: edits))
        }
        return result
    }

    // MARK: Syntax

    /// A file among `files` (path and text) that writes an implicit member `.shared` (`func client() -> APIClient {
    /// .shared }`) and names the singleton's type: such a use may be the singleton's without the analysis knowing.
    /// Files are parsed only when their text has both; comments and strings do not count, nor do the analysis's
    /// sites that the draft rewrites (`settled`, their offsets by file: a holder's `let settings: TextFinderSettings =
    /// .shared`).
    static func implicitUse(
        of singleton: SingletonDeclaration, simpleName: String, in files: [(path: String, text: String)],
        settled: [String: Set<Int>] = [:]
    ) -> String? {
        let member = "." + singleton.propertyName
        for (path, text) in files {
            // A file that names the type only where this run rewrites a site (`BridgeCourierService.shared.wipe()`
            // beside another type's `sfMetrics: .shared`) will not name it afterwards, and its implicit `.shared`
            // is another type's: a second run would retire the singleton (bitchat).
            guard text.contains(member), namesType(simpleName, in: text, except: settled[path] ?? []) else { continue }
            let finder = ImplicitMemberFinder(
                name: singleton.propertyName, typeName: simpleName, rewritten: settled[path] ?? [])
            finder.walk(SourceParser.parse(text))
            if finder.found { return path }
        }
        return nil
    }

    /// Whether `text` has `name` as a whole identifier anywhere but at the `settled` offsets (the sites this run
    /// rewrites, each starting with the type's name).
    private static func namesType(_ name: String, in text: String, except settled: Set<Int>) -> Bool {
        let bytes = Array(text.utf8)
        let word = Array(name.utf8)
        guard !word.isEmpty, bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) where bytes[start] == word[0] {
            guard start == 0 || !bytes[start - 1].isIdentifierByte,
                start + word.count == bytes.count || !bytes[start + word.count].isIdentifierByte,
                bytes[start..<start + word.count].elementsEqual(word), !settled.contains(start)
            else { continue }
            return true
        }
        return false
    }

    /// Finds `.name` written without a base, unless it is the initial or default value of a property or
    /// parameter whose written type is another one (`var manager: GameControllerManager = .shared`).
    private final class ImplicitMemberFinder: SyntaxVisitor {
        let name: String
        let typeName: String
        /// The offsets of the uses the draft rewrites.
        let rewritten: Set<Int>
        var found = false

        init(name: String, typeName: String, rewritten: Set<Int>) {
            self.name = name
            self.typeName = typeName
            self.rewritten = rewritten
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.base == nil, node.declName.baseName.text == name, !isTypedOtherwise(node),
                !rewritten.contains(node.positionAfterSkippingLeadingTrivia.utf8Offset)
            {
                found = true
            }
            return found ? .skipChildren : .visitChildren
        }

        private func isTypedOtherwise(_ node: MemberAccessExprSyntax) -> Bool {
            guard let clause = node.parent?.as(InitializerClauseSyntax.self) else { return false }
            let written =
                clause.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type
                ?? clause.parent?.as(FunctionParameterSyntax.self)?.type
            guard let written else { return false }
            return !ContainerRegistration.containsWord(typeName, in: written.trimmedDescription)
        }
    }

    /// `nonisolated(unsafe) ` and global-actor attributes (`@MainActor `) of the member, to carry over.
    static func isolationPrefix(of member: MemberBlockItemSyntax) -> String {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { return "" }
        let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
            .filter { $0.attributeName.trimmedDescription.hasSuffix("Actor") }.map(\.trimmedDescription)
        let modifiers = variable.modifiers.filter { $0.name.tokenKind == .keyword(.nonisolated) }.map(
            \.trimmedDescription)
        return (attributes + modifiers).map { $0 + " " }.joined()
    }

    /// Whether `node` is (in) a parameter's default value of a `public` or `open` function or initializer.
    static func isDefaultOfPublicDeclaration(_ node: ExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(FunctionParameterSyntax.self) {
                var owner = parent.parent
                while let candidate = owner {
                    if let modifiers = candidate.as(InitializerDeclSyntax.self)?.modifiers
                        ?? candidate.as(FunctionDeclSyntax.self)?.modifiers
                    {
                        return modifiers.isPublic
                    }
                    owner = candidate.parent
                }
                return false
            }
            if parent.is(CodeBlockSyntax.self) || parent.is(MemberBlockSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// The `static let` (or `class let`) named `name` among the members, outside any `#if`.
    /// A reference to the static `name` in `block` (the type's own) other than its declaration: `name`, `Self.name`
    /// or `Type.name`, `typeNames` being how the type is written (`other.name` and `Other.name` are not).
    static func ownReference(
        to name: String, in block: MemberBlockSyntax, declaration: MemberBlockItemSyntax, typeNames: Set<String>
    ) -> DeclReferenceExprSyntax? {
        for token in block.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                !(reference.position >= declaration.position && reference.endPosition <= declaration.endPosition)
            else { continue }
            if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
                let base = access.base, !typeNames.union(["Self"]).contains(base.trimmedDescription)
            {
                continue
            }
            return reference
        }
        return nil
    }

    static func staticMember(named name: String, in block: MemberBlockSyntax) -> MemberBlockItemSyntax? {
        block.members.first { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.modifiers.isStatic,
                variable.bindingSpecifier.tokenKind == .keyword(.let), variable.bindings.count == 1
            else { return false }
            return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
    }

    struct Refusal: Error {
        var message: String
    }

    /// The call that creates the instance, written so the container can make it: `APIClient()` for
    /// `static let shared = APIClient()`, `static let shared: APIClient = .init()` or `Self()`. Arguments may
    /// be literals and qualified names (`URLSession.shared`, `.default`); a bare name (a private static of the
    /// type?) or a closure could mean something else from the container, so they are refused.
    static func construction(of member: MemberBlockItemSyntax, typeName: String, simpleName: String)
        -> Swift.Result<String, Refusal>
    {
        guard let binding = member.decl.as(VariableDeclSyntax.self)?.bindings.first,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
        else { return .failure(Refusal(message: "its value is not an initialiser call (`\(simpleName)()`)")) }
        let callee = call.calledExpression.trimmedDescription
        guard
            [simpleName, typeName, "Self", ".init", "\(simpleName).init", "\(typeName).init", "Self.init"].contains(
                callee)
        else { return .failure(Refusal(message: "its value calls `\(callee)`, not an initialiser of `\(simpleName)`")) }
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else {
            return .failure(
                Refusal(message: "it is built with a closure, which may read what only `\(simpleName)` sees"))
        }
        for argument in call.arguments {
            for token in argument.expression.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let text) = token.tokenKind else { continue }
                // The first name of a chain, not after a dot: a type (`URLSession`) or a value.
                let afterDot = token.previousToken(viewMode: .sourceAccurate).map { $0.tokenKind == .period } ?? false
                if !afterDot, text.first?.isLowercase == true {
                    return .failure(
                        Refusal(
                            message: "its initialiser takes `\(text)`, which may be a member only `\(simpleName)` sees")
                    )
                }
            }
            if argument.expression.is(ClosureExprSyntax.self) {
                return .failure(
                    Refusal(message: "it is built with a closure, which may read what only `\(simpleName)` sees"))
            }
        }
        return .success(typeName + call.trimmedDescription.dropFirst(callee.count).description)
    }

    /// Deletes the `static let` with its documentation and line, or, keeping the accessor, turns it into a
    /// deprecated one that returns the container's instance.
    static func removal(
        of member: MemberBlockItemSyntax, keepsShared: Bool, singleton: SingletonDeclaration, replacement: String
    ) -> SourceEdit {
        if keepsShared, let variable = member.decl.as(VariableDeclSyntax.self) {
            let modifiers = variable.modifiers.filter { $0.name.tokenKind != .keyword(.nonisolated) }.map(\.name.text)
                .joined(separator: " ")
            let indent = member.lineIndentation
            let text =
                "@available(*, deprecated, message: \"The container creates the instance: take it through init, or read \(replacement)\")\n"
                + "\(indent)\(modifiers) var \(singleton.propertyName): \(singleton.typeName) { \(replacement) }"
            return SourceEdit(
                range: variable.positionAfterSkippingLeadingTrivia
                    .utf8Offset..<member.endPositionBeforeTrailingTrivia.utf8Offset,
                replacement: text)
        }
        var end = member.endPositionBeforeTrailingTrivia.utf8Offset
        // The first member followed by a blank line: the blank line goes too, not the brace's line break.
        if member.previousToken(viewMode: .sourceAccurate)?.tokenKind == .leftBrace,
            let next = member.nextToken(viewMode: .sourceAccurate),
            case .newlines(let count) = next.leadingTrivia.first, count >= 2
        {
            end = next.position.utf8Offset + 1
        }
        return SourceEdit(range: member.position.utf8Offset..<end, replacement: "")
    }
}
