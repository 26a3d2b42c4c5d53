@_spi(RawSyntax) import SwiftSyntax

/// The one walk over a file's syntax, run right after it is parsed: records its declarations (types,
/// extensions, properties, initialisers, top-level variables) and,
/// in every body, the places that may reach a singleton, force operations, hard-coded values and writes
/// that may touch UI state. Nothing here needs another file: `TypeIndex` merges the declarations and
/// `BodyFactResolver` finishes the body facts once every file is walked.
///
/// The walk runs over the raw tree (see ``RawNode``); the node kinds it handles are dispatched in
/// ``walk(_:declarations:)``, what it records for them lives in `FileCollector+Declarations.swift` and
/// `FileCollector+Bodies.swift`.
struct FileCollector {
    let context: FileContext
    /// The file's bytes, for the text of nodes (initial values, force-unwrapped expressions, receivers).
    let source: UnsafeBufferPointer<UInt8>

    // Declarations
    var fragments: [DeclaredFragment] = []
    var globals: [DeclaredGlobal] = []
    var aliases: [DeclaredAlias] = []
    /// The top-level functions named with a capital (onebusaway's `func OBALoc(_ key: String, value: String, comment:
    /// String) -> String`): a call of one looks like a construction (`static let close = OBALoc(…)`) and is not.
    var capitalizedFunctions: [String] = []
    /// Indexes into `fragments` of the enclosing declarations.
    var fragmentStack: [Int] = []

    // Bodies
    var facts = BodyFacts()
    /// Indexes into `facts.scopes` of the enclosing types.
    var scopeStack: [Int] = []
    /// Index into `facts.threads` of the innermost function or closure.
    var thread: Int?
    /// The wiring code around the node being visited: a static member, an initialiser, `#if DEBUG`.
    var placement: SingletonAccess.Site = []
    /// Whether the walk is inside a declaration named as sample data (see ``namesSampleData(_:)``).
    var isInSampleDeclaration = false
    /// The enclosing functions that take closures: calls of those closures are recorded.
    var callbackFrames: [CallbackFrame] = []

    /// The nodes from the root down to the parent of the node being visited.
    var path: [RawNode] = []
    /// The outermost function, initializer, property, subscript or deinitializer being walked, if any.
    var declaration: Range<Int>?
    /// Where the walk stopped descending because the tree is deeper than ``maximumDepth``.
    private(set) var tooDeepOffset: Int?

    /// The kinds of the nodes holding a body of statements that run together: a function, an initializer, an
    /// accessor, a closure. What a rule reads about the code before a node stops at the innermost one.
    static let bodyKinds: Set<SyntaxKind> = [.functionDecl, .initializerDecl, .accessorDecl, .closureExpr]

    /// The conditions of the `if` at `path[index]`, each without its trailing comma (`let c = self.x`, `x != nil`),
    /// when the walk is in its body (`path[index + 1]`); `nil` for another node or its `else`.
    func enclosingIfConditions(at index: Int) -> [Substring]? {
        guard let ifExpression = path[index].as(RawIfExprSyntax.self), index + 1 < path.count,
            path[index + 1].raw.id == ifExpression.body.raw.id
        else { return nil }
        var conditions: [Substring] = []
        path[index].child(ifExpression.conditions).forEachChild { element in
            let condition = element.trimmedText(in: source)[...]
            conditions.append(condition.last == "," ? condition.dropLast() : condition)
        }
        return conditions
    }

    /// The deepest `path` the walk descends to: `NestingScan` keeps trees within about 1,300 levels in
    /// valid code (five tree levels per level it counts, at most 256) and 2,600 in the error recovery of
    /// broken code; this bounds the recursion should it ever misjudge a file.
    static let maximumDepth = 4_096

    private init(context: FileContext, source: UnsafeBufferPointer<UInt8>) {
        self.context = context
        self.source = source
    }

    /// Walks `tree`, parsed from `source`.
    static func collect(_ tree: SourceFileSyntax, source: UnsafeBufferPointer<UInt8>, context: FileContext)
        -> FileCollector
    {
        var collector = FileCollector(context: context, source: source)
        // Room for the usual depth, so that the walk's pushes do not grow the array file after file.
        collector.path.reserveCapacity(64)
        withExtendedLifetime(tree) {
            collector.walk(RawNode(root: tree), declarations: true)
        }
        return collector
    }

    /// The name a function, property or type declaration declares (a property's first binding's), `nil` for other
    /// nodes.
    private static func declaredName(of node: RawNode, kind: SyntaxKind) -> SyntaxText? {
        switch kind {
        case .functionDecl: return node.as(RawFunctionDeclSyntax.self)?.name.tokenText
        case .variableDecl:
            let binding = node.as(RawVariableDeclSyntax.self)?.bindings.layoutView.children.first??
                .as(RawPatternBindingSyntax.self)
            return binding?.pattern.as(RawIdentifierPatternSyntax.self)?.identifier.tokenText
        case .classDecl: return node.as(RawClassDeclSyntax.self)?.name.tokenText
        case .structDecl: return node.as(RawStructDeclSyntax.self)?.name.tokenText
        case .enumDecl: return node.as(RawEnumDeclSyntax.self)?.name.tokenText
        case .actorDecl: return node.as(RawActorDeclSyntax.self)?.name.tokenText
        // `extension MockData { static let feedURL = "…" }`: the extended type's last name.
        case .extensionDecl:
            let extended = node.as(RawExtensionDeclSyntax.self)?.extendedType
            return extended?.as(RawIdentifierTypeSyntax.self)?.name.tokenText
                ?? extended?.as(RawMemberTypeSyntax.self)?.name.tokenText
        default: return nil
        }
    }

    /// Whether a declaration's name says it holds sample data (amakaflow's `WorkoutCompletion.sampleData()`, `enum
    /// ActualsTodayDemoFeed`, `func loadMockData()`, paperless's `Database.seeded()`): values made up for demos and tests, which the hard-coded value
    /// rules leave alone. The word is a whole camel-case word, plural or not: `AudioResampler`, `DemographicsClient`
    /// hold none. (Previews are known by their own syntax: `#Preview`, `PreviewProvider`.)
    ///
    /// Asked for every declaration the walk meets, locals included: compared as ASCII bytes, without a `String`.
    static func namesSampleData(_ name: SyntaxText) -> Bool {
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        let count = name.count
        for start in 0..<count {
            // Starts the name, or a word: an upper-case letter after a lower-case one, or after `_`; and starts as one
            // of the words does (most names have no such word start, and need no more).
            let first = name[start] | 0x20
            guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
                sampleWordStarts & 1 << (first - UInt8(ascii: "a")) != 0,
                start == 0 || (isUpper(name[start]) && !isUpper(name[start - 1])) || name[start - 1] == 95
            else { continue }
            for word in sampleWords where word[0] == first && count - start >= word.count {
                guard word.indices.allSatisfy({ name[start + $0] | 0x20 == word[$0] }) else { continue }
                var end = start + word.count
                if end < count, name[end] == UInt8(ascii: "s") { end += 1 }
                if end == count || !isLower(name[end]) { return true }
            }
        }
        return false
    }

    /// Lower-case ASCII: a byte `| 0x20` folds an upper-case letter onto it.
    private static let sampleWords: [[UInt8]] = [
        "sample", "mock", "demo", "fixture", "stub", "fake", "dummy", "seeded",
    ].map {
        Array($0.utf8)
    }
    /// The first letters of ``sampleWords``, as bits (`a` the lowest): one test at each byte of a name.
    private static let sampleWordStarts: UInt32 = sampleWords.reduce(0) { $0 | 1 << ($1[0] - UInt8(ascii: "a")) }

    /// The method names of loggers, event trackers and error reporters (see ``TypeFragment/declaresLoggingMethod``).
    private static let loggingMethods: Set<SyntaxText> = [
        "log", "debug", "info", "notice", "warning", "warn", "error", "fault", "critical", "verbose", "trace", "track",
        "trackEvent", "logEvent", "report",
    ]

    /// Whether a `report` method's first parameter is an error or an event by its label or name (`report(error:)`,
    /// `report(event:)`, `report(_ error: Error)`).
    private static func reportsErrorOrEvent(_ function: RawFunctionDeclSyntax) -> Bool {
        guard
            let first = function.signature.parameterClause.parameters.layoutView.children.first??
                .as(RawFunctionParameterSyntax.self)
        else { return false }
        let name = first.firstName.tokenText == "_" ? first.secondName?.tokenText : first.firstName.tokenText
        return name.map(reportedNames.contains) ?? false
    }

    private static let reportedNames: Set<SyntaxText> = ["error", "event", "exception", "issue"]

    /// Whether a member declaration is `static` or `class`.
    private static func isStaticMember(_ node: RawNode) -> Bool {
        switch node.kind {
        case .variableDecl: node.as(RawVariableDeclSyntax.self)?.modifiers.isStatic == true
        case .functionDecl: node.as(RawFunctionDeclSyntax.self)?.modifiers.isStatic == true
        case .subscriptDecl: node.as(RawSubscriptDeclSyntax.self)?.modifiers.isStatic == true
        default: false
        }
    }

    /// What to undo once a node's children are walked.
    private enum Exit {
        case none
        case type(hasFragment: Bool)
        case thread
    }

    /// Visits `node` and, unless it is handled whole, its children.
    ///
    /// - Parameter declarations: whether declarations here are members or top-level variables (outside
    ///   function bodies, closures, initial values and top-level statements).
    mutating func walk(_ node: RawNode, declarations: Bool) {
        // A node without text holds only missing tokens the parser invented: nothing was written there.
        guard let layout = node.raw.layoutView, node.raw.byteLength > 0 else { return }
        guard path.count < Self.maximumDepth else {
            if tooDeepOffset == nil { tooDeepOffset = node.start }
            return
        }
        var exit = Exit.none
        var inner = declarations
        let outerPlacement = placement
        let outerDeclaration = declaration
        let outerSampleDeclaration = isInSampleDeclaration
        let kind = node.kind
        if !isInSampleDeclaration, let name = Self.declaredName(of: node, kind: kind), Self.namesSampleData(name) {
            isInSampleDeclaration = true
        }
        switch kind {
        case .variableDecl, .initializerDecl, .functionDecl, .subscriptDecl, .deinitializerDecl:
            if declaration == nil { declaration = node.offset..<node.end }
            // An instance member makes its type more than a namespace of statics; an initializer alone gives an
            // instance nothing to call.
            if declarations, let owner = fragmentStack.last {
                if Self.isStaticMember(node) {
                    fragments[owner].fragment.declaresStaticMembers = true
                } else if kind != .initializerDecl {
                    fragments[owner].fragment.declaresInstanceMembers = true
                }
                if let function = node.as(RawFunctionDeclSyntax.self) {
                    let name = function.name.tokenText
                    if function.modifiers.isStatic, !function.modifiers.isPrivate {
                        fragments[owner].fragment.staticFunctionNames.append(function.name.bareName)
                    }
                    // `report(error:)` sends an error or an event to a reporter; `report()`, `report(progress:)` or
                    // `report(post:reason:)` make or send something else.
                    if name.count <= 10, Self.loggingMethods.contains(name),
                        name != "report" || Self.reportsErrorOrEvent(function)
                    {
                        fragments[owner].fragment.declaresLoggingMethod = true
                    }
                    if function.signature.returnClause != nil {
                        recordStaticAccessor(function, node: node, owner: owner)
                    }
                    if let effects = function.signature.effectSpecifiers,
                        effects.asyncSpecifier != nil || effects.throwsClause != nil
                    {
                        fragments[owner].fragment.declaresEffectfulMethod = true
                    }
                }
            }
        default:
            break
        }
        switch kind {
        case .classDecl, .structDecl, .actorDecl, .enumDecl, .protocolDecl, .extensionDecl:
            exit = .type(hasFragment: enterType(node, declarations: declarations))
        case .variableDecl:
            if declarations { recordVariable(node) }
            recordContainerInjection(node)
            if let variable = node.as(RawVariableDeclSyntax.self) {
                if variable.modifiers.isStatic {
                    placement.insert(.staticMember)
                } else if declarations, !fragmentStack.isEmpty, variable.hasInitialValue {
                    placement.insert(.storedValue)
                }
            }
            inner = false
        case .initializerDecl:
            if declarations { recordInitializer(node) }
            placement.insert(.initializer)
            if node.as(RawInitializerDeclSyntax.self)?.signature.parameterClause.parameters.layoutView.children
                .isEmpty == true
            {
                placement.insert(.parameterlessInitializer)
            }
            inner = false
        case .functionDecl:
            if node.as(RawFunctionDeclSyntax.self)?.modifiers.isStatic == true { placement.insert(.staticMember) }
            if declarations, fragmentStack.isEmpty, let name = node.as(RawFunctionDeclSyntax.self)?.name,
                name.tokenKind == .identifier,
                name.tokenText.first.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) == true
            {
                capitalizedFunctions.append(name.bareName)
            }
            enterFunction(node)
            exit = .thread
            inner = false
        case .closureExpr:
            enterClosure(node)
            exit = .thread
            inner = false
        case .subscriptDecl, .deinitializerDecl:
            inner = false
        case .macroExpansionDecl:
            inner = false
            if node.as(RawMacroExpansionDeclSyntax.self)?.macroName.tokenText == "Preview" {
                placement.insert(.preview)
            }
        case .macroExpansionExpr:
            // A top-level `#Preview { … }` is a statement's expression.
            if node.as(RawMacroExpansionExprSyntax.self)?.macroName.tokenText == "Preview" {
                placement.insert(.preview)
            }
        case .codeBlockItem:
            // A top-level statement (a `main.swift`'s code) declares no members.
            if node.as(RawCodeBlockItemSyntax.self)?.item.as(RawDeclSyntax.self) == nil { inner = false }
        case .memberAccessExpr:
            visitMemberAccess(node, declarations: declarations)
            return
        case .declReferenceExpr:
            recordReference(node)
            recordForwardedCallback(node)
            return
        case .closureCapture:
            recordCapture(node)
        case .optionalBindingCondition:
            recordShorthandBinding(node)
        case .ifConfigClause:
            if isDebugOnly(node) { placement.insert(.debugOnly) }
        case .typeAliasDecl:
            if declarations { recordAlias(node) }
            return
        case .enumCaseDecl:
            // The enum has values, so it is no namespace; its raw values are not walked (see below).
            if declarations, let owner = fragmentStack.last { fragments[owner].fragment.declaresCases = true }
            return
        case .forceUnwrapExpr, .tryExpr, .asExpr, .unresolvedAsExpr:
            recordForceOperation(node)
        case .stringLiteralExpr:
            guard visitStringLiteral(node) else { return }
        case .sequenceExpr:
            visitSequence(node)
        case .functionCallExpr:
            recordResolveCall(node)
            recordMutation(node)
            recordCallbackInvocation(node)
        // Subtrees with nothing to record: skipping them saves a good part of the walk. Attributes are read
        // where needed (closure and function signatures); enum raw values are the named definition of a
        // literal, not a duplicate of it.
        case .importDecl:
            if let module = node.as(RawImportDeclSyntax.self)?.path.layoutView.children.first??
                .as(RawImportPathComponentSyntax.self)?.name, module.tokenKind == .identifier
            {
                facts.imports.append(String(syntaxText: module.tokenText))
            }
            return
        case .attributeList, .declModifierList, .inheritanceClause, .genericParameterClause,
            .genericWhereClause, .typeAnnotation, .returnClause, .identifierType, .memberType:
            return
        default:
            break
        }
        path.append(node)
        var offset = node.offset
        for child in layout.children {
            guard let child else { continue }
            // Tokens (about half the nodes) hold nothing the walk records: their parents read them.
            if !child.isToken { walk(RawNode(child, at: offset), declarations: inner) }
            offset += child.byteLength
        }
        path.removeLast()
        placement = outerPlacement
        declaration = outerDeclaration
        isInSampleDeclaration = outerSampleDeclaration
        switch exit {
        case .none: break
        case .type(let hasFragment):
            scopeStack.removeLast()
            if hasFragment { fragmentStack.removeLast() }
        case .thread:
            if let frame = callbackFrames.last, frame.thread == thread { callbackFrames.removeLast() }
            thread = thread.flatMap { facts.threads[$0].parent }
        }
    }

    /// Whether an `#if` clause holds code for debug, preview, test or snapshot builds only (see
    /// ``CompilationCondition/isDebugOnly(_:)``).
    private func isDebugOnly(_ node: RawNode) -> Bool {
        guard let clause = node.as(RawIfConfigClauseSyntax.self), let condition = node.child(clause.condition)
        else { return false }
        return CompilationCondition.isDebugOnly(condition.trimmedText(in: source))
    }

    /// The `#if` conditions around the node being visited, outermost first (see ``TypeFragment/conditions``).
    private func compilationConditions() -> [String] {
        var conditions: [String] = []
        for index in path.indices.dropFirst() {
            guard let clause = path[index].as(RawIfConfigClauseSyntax.self) else { continue }
            var parts: [String] = []
            path[index - 1].forEachChild { sibling in
                guard sibling.start < path[index].start, let earlier = sibling.as(RawIfConfigClauseSyntax.self),
                    let condition = sibling.child(earlier.condition)
                else { return }
                parts.append("!(\(condition.trimmedText(in: source)))")
            }
            if let condition = path[index].child(clause.condition) { parts.append(condition.trimmedText(in: source)) }
            if !parts.isEmpty { conditions.append(parts.joined(separator: " && ")) }
        }
        return conditions
    }

    /// Walks a child of `parent` (the node being visited) that its visit chose to walk itself.
    mutating func walk(child: RawNode, of parent: RawNode, declarations: Bool) {
        path.append(parent)
        walk(child, declarations: declarations)
        path.removeLast()
    }

    // MARK: Enclosing types

    /// What a type declaration or extension says about itself.
    private struct TypeHeader {
        /// `nil` for an extension.
        var kind: TypeKind?
        var name: String
        /// Where the name (or the extended type) starts.
        var nameOffset: Int
        var inheritance: RawInheritanceClauseSyntax?
        var attributes: RawAttributeListSyntax
        /// Whether the declaration is `private` or `fileprivate` (an extension never is: its modifier applies to
        /// its members).
        var isPrivate = false
    }

    private func header(of node: RawNode) -> TypeHeader? {
        func named(
            _ kind: TypeKind, _ name: RawTokenSyntax, _ inheritance: RawInheritanceClauseSyntax?,
            _ attributes: RawAttributeListSyntax, _ modifiers: RawDeclModifierListSyntax
        ) -> TypeHeader {
            TypeHeader(
                kind: kind, name: name.bareName, nameOffset: node.child(name).start, inheritance: inheritance,
                attributes: attributes, isPrivate: modifiers.isPrivate)
        }
        if let decl = node.as(RawClassDeclSyntax.self) {
            return named(.class, decl.name, decl.inheritanceClause, decl.attributes, decl.modifiers)
        } else if let decl = node.as(RawStructDeclSyntax.self) {
            return named(.struct, decl.name, decl.inheritanceClause, decl.attributes, decl.modifiers)
        } else if let decl = node.as(RawActorDeclSyntax.self) {
            return named(.actor, decl.name, decl.inheritanceClause, decl.attributes, decl.modifiers)
        } else if let decl = node.as(RawEnumDeclSyntax.self) {
            return named(.enum, decl.name, decl.inheritanceClause, decl.attributes, decl.modifiers)
        } else if let decl = node.as(RawProtocolDeclSyntax.self) {
            return named(.protocol, decl.name, decl.inheritanceClause, decl.attributes, decl.modifiers)
        } else if let decl = node.as(RawExtensionDeclSyntax.self) {
            let extended = node.child(decl.extendedType)
            return TypeHeader(
                kind: nil, name: decl.extendedType.coreName ?? extended.trimmedText(in: source),
                nameOffset: extended.start, inheritance: decl.inheritanceClause, attributes: decl.attributes)
        }
        return nil
    }

    /// The SwiftUI protocols whose conformers exist only for Xcode's canvas.
    private static let previewProtocols: Set<String> = ["PreviewProvider", "SwiftUI.PreviewProvider"]

    /// Opens the body scope of a type or extension and, where declarations count, its fragment. Returns
    /// whether a fragment was opened.
    private mutating func enterType(_ node: RawNode, declarations: Bool) -> Bool {
        guard let header = header(of: node) else { preconditionFailure("\(node.kind) is not a type declaration") }
        // An extension is top level, whatever it is nested in.
        let parent = header.kind == nil ? nil : scopeStack.last
        facts.scopes.append(.init(parent: parent, name: header.name, kind: header.kind))
        scopeStack.append(facts.scopes.count - 1)
        // A `PreviewProvider`'s members are a preview's set-up, as a `#Preview { … }` is (threema's
        // `CallSettingsView_Previews` wiring `BusinessInjector.ui.settingsStore`, its sample data's `try!`).
        if header.inheritance?.names.contains(where: Self.previewProtocols.contains) == true {
            placement.insert(.preview)
        }
        guard declarations else { return false }
        let isExtension = header.kind == nil
        let outer = isExtension ? nil : fragmentStack.last.map { fragments[$0].name }
        let qualified = outer.map { $0 + "." + header.name } ?? header.name
        let range = node.trimmedRange
        let fragment = TypeFragment(
            file: context.path, isExtension: isExtension, location: context.location(at: header.nameOffset),
            lineCount: context.lineSpan(of: range), offset: range.lowerBound, endOffset: range.upperBound,
            isPrivate: header.isPrivate, conditions: compilationConditions())
        fragments.append(
            DeclaredFragment(
                kind: header.kind ?? .external, isExtension: isExtension, name: qualified,
                conformances: header.inheritance?.names ?? [], attributes: header.attributes.names, fragment: fragment,
                target: context.target))
        fragmentStack.append(fragments.count - 1)
        return true
    }
}

/// An enclosing function that takes closures, while its body is walked.
struct CallbackFrame {
    /// Index into `facts.callbackFunctions`.
    var function: Int
    /// Index into `facts.threads` of the function's body.
    var thread: Int
    /// The closure parameters' names, in the order of the function's `parameters`.
    var names: [String]
}
