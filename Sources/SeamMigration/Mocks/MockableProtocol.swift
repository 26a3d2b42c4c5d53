import SeamAnalysis
import SwiftSyntax

/// A codebase protocol read for its mock: its requirements with those of the codebase protocols it refines
/// (declared in any file), and its isolation (`@MainActor`, or `Actor`), or why it cannot be mocked.
struct MockableProtocol {
    /// The requirements of the protocol and of the protocols it refines, each member once, refined ones first.
    var items: [RequirementItem]
    /// Whether the protocol, or one it refines, is `@MainActor`.
    var isMainActor: Bool
    /// Whether the protocol refines `Actor`, itself or through another protocol.
    var isActor: Bool
    /// The indexes in `input.files` of the files declaring the protocol and those it refines, the protocol's first.
    var files: [Int]
    /// The `#if` conditions the protocol and those it refines are declared under, each once, outermost first.
    var conditions: [String]

    /// Why a protocol gets no mock, and where the reason is.
    struct Refusal: Error, Hashable {
        var location: SeamAnalysis.SourceLocation
        var reason: String
    }

    /// What a protocol may refine beyond codebase protocols: constraints that add no requirement a class or actor
    /// lacks.
    static let markerRefinements: Set<String> = [
        "AnyObject", "class", "Sendable", "Swift.Sendable", "Actor", "_Concurrency.Actor", "AnyActor",
        "ObservableObject",
    ]

    /// Reads the protocol `type` and every codebase protocol it refines.
    static func read(_ type: CodebaseType, input: MigrationInput) throws(Refusal) -> MockableProtocol {
        var result = MockableProtocol(items: [], isMainActor: false, isActor: false, files: [], conditions: [])
        var seenKeys: Set<String> = []
        var visited: Set<String> = []
        var chain: [MigrationInput.Declaration] = []
        // The protocol, then what it refines, breadth first.
        guard let own = input.protocolDeclaration(named: type.name, from: nil) else {
            throw Refusal(
                location: type.location ?? SeamAnalysis.SourceLocation(file: "", line: 1, column: 1),
                reason: "its declaration could not be read")
        }
        var pending = [own]
        while !pending.isEmpty {
            let entry = pending.removeFirst()
            guard visited.insert(entry.type.name).inserted else { continue }
            chain.append(entry)
            let file = input.files[entry.file]
            for inherited in entry.view.inheritanceClause?.inheritedTypes ?? [] {
                let name = inherited.type.trimmedDescription
                if markerRefinements.contains(name) {
                    if name.hasSuffix("Actor") { result.isActor = true }
                    continue
                }
                guard let parent = input.protocolDeclaration(named: name, from: entry.type.name) else {
                    let isClass = input.model?.type(named: name, from: entry.type.name)?.kind == .class
                    let reason =
                        isClass
                        ? "`\(entry.type.simpleName)` requires the superclass `\(name)`, which the mock cannot inherit"
                        : "`\(entry.type.simpleName)` refines `\(name)`, which is not declared in the scanned code, so its requirements are unknown"
                    throw Refusal(location: file.location(of: inherited), reason: reason)
                }
                pending.append(parent)
            }
        }
        for entry in chain {
            let file = input.files[entry.file]
            if let unsupported = unsupportedMember(in: entry.view.memberBlock.members) {
                throw Refusal(location: file.location(of: unsupported.node), reason: unsupported.reason)
            }
            if entry.view.isMainActor { result.isMainActor = true }
            result.files.append(entry.file)
            let conditions = entry.type.fragments.first { !$0.isExtension }?.conditions ?? []
            result.conditions += conditions.filter { !result.conditions.contains($0) }
        }
        // Refined protocols' requirements first, in the order they are inherited.
        for entry in chain.reversed() {
            var reader = RequirementExtractor()
            reader.isProtocol = true
            reader.functionTypeAliases = input.model?.functionTypeAliases ?? []
            var items = reader.extract(from: entry.view.memberBlock.members).items
            // A protocol that is not `@MainActor` keeps its own requirements nonisolated, even under a `@MainActor`
            // protocol that refines it or that it refines: the mock's implementations must say so.
            if result.isMainActor && !entry.view.isMainActor { items = Self.nonisolated(items) }
            for item in items {
                if case .requirement(let requirement) = item, !seenKeys.insert(requirement.matchKey).inserted {
                    continue
                }
                result.items.append(item)
            }
        }
        return result
    }

    /// The requirements marked `nonisolated`, except those isolated to the main actor by their own attribute.
    private static func nonisolated(_ items: [RequirementItem]) -> [RequirementItem] {
        items.map { item in
            switch item {
            case .requirement(var requirement):
                if !requirement.attributes.contains("@MainActor")
                    && !requirement.modifiers.contains(where: { $0.hasPrefix("nonisolated") })
                {
                    requirement.modifiers.insert("nonisolated", at: 0)
                }
                return .requirement(requirement)
            case .conditional(let clauses):
                return .conditional(
                    clauses.map { clause in
                        var clause = clause
                        clause.items = nonisolated(clause.items)
                        return clause
                    })
            }
        }
    }

    /// The first member a mock cannot implement (an associated type, a subscript, an operator, an initializer), with why.
    static func unsupportedMember(in members: MemberBlockItemListSyntax) -> (node: Syntax, reason: String)? {
        for member in members {
            if let associated = member.decl.as(AssociatedTypeDeclSyntax.self) {
                return (
                    Syntax(associated),
                    "it has an associated type, `\(associated.name.text)`, which a mock would have to fix to one type; write this mock by hand"
                )
            }
            if member.decl.is(SubscriptDeclSyntax.self) {
                return (
                    Syntax(member.decl),
                    "it requires a subscript, which the generator does not implement; write this mock by hand"
                )
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), case .binaryOperator = function.name.tokenKind {
                return (
                    Syntax(function),
                    "it requires the operator `\(function.name.text)`, which the generator does not implement; write this mock by hand"
                )
            }
            if member.decl.is(InitializerDeclSyntax.self) {
                return (
                    Syntax(member.decl),
                    "it requires an initializer, which the generator does not implement; write this mock by hand"
                )
            }
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    guard case .decls(let decls) = clause.elements else { continue }
                    if let found = unsupportedMember(in: decls) { return found }
                }
            }
        }
        return nil
    }

    /// Whether a `// seam:mock` comment is on the lines directly above the declaration (no blank line between;
    /// its doc comment may be there too).
    static func isMarked(_ declaration: some SyntaxProtocol) -> Bool {
        var newlines = 0
        for piece in declaration.leadingTrivia.reversed() {
            switch piece {
            case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                newlines += count
                if newlines > 1 { return false }
            case .lineComment(let text), .docLineComment(let text):
                newlines = 0
                let body = text.drop { $0 == "/" }.drop { $0 == " " || $0 == "\t" }
                if body.hasPrefix(marker), body.dropFirst(marker.count).first.map({ $0 == " " || $0 == "\t" }) ?? true {
                    return true
                }
            case .spaces, .tabs:
                continue
            default:
                newlines = 0
            }
        }
        return false
    }

    /// The comment that asks for a mock.
    static let marker = "seam:mock"
}
