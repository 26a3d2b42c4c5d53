import SeamAnalysis
import SwiftSyntax

/// Rewrite 3c: `S.shared` in a top-level function becomes a defaulted parameter of that function, as in a static one
/// (``FunctionParameterInjection``):
///
/// ```swift
/// func bg() -> NSManagedObjectContext { DataProvider.shared.bg }
/// // becomes
/// func bg(dataProvider: any DataProviderProtocol = DataProvider.shared) -> NSManagedObjectContext { dataProvider.bg }
/// ```
///
/// The default is evaluated at each call, when the read it replaces was. The parameter is typed by the protocol when
/// every site calls one of its members, else by the class. Refused, with a note, per function and singleton: what
/// ``FunctionParameterInjection`` refuses of a static function (an operator, `@objc`, an availability check, a
/// parameter of that name, a `public` function and an internal protocol, a local that would shadow the parameter, a
/// function written somewhere without a call, a main-actor singleton read from a function that is not), and a site in
/// a closure that may escape when the dependency is not `Sendable` (the closure would capture the parameter; one
/// passed to `map`, `filter`, `forEach` and the like runs in place). A site outside any
/// function (a global's initial value, top-level statements) stays.
struct GlobalFunctionInjection {
    let input: MigrationInput
    let references: FunctionReferences

    /// One function's rewrite.
    struct Injection {
        /// `path:function`, the function's edit group.
        var function: String
        var edits: [(file: Int, edit: SourceEdit)] = []
        var rewrittenSites: [SingletonInjection.SitePosition] = []
        /// The dependencies the function took, as it took them.
        var dependencies: [SingletonInjection.Dependency] = []
    }

    struct Result {
        var injections: [Injection] = []
        var notes: [MigrationNote] = []
    }

    /// Where a function is: its file and its offset there.
    private struct FunctionKey: Hashable, Comparable {
        var file: Int
        var offset: Int
        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.file, lhs.offset) < (rhs.file, rhs.offset) }
    }

    /// Rewrites `sites` (the analysis's, outside any type); `dependency` gives the dependency a singleton is injected
    /// as in a file (its default names what the file's target sees), `nil` for a singleton that is not migrated.
    func run(sites: [SingletonAccess], dependency: (SingletonID, String) -> SingletonInjection.Dependency?) -> Result {
        var result = Result()
        // Per function, per singleton: the sites, located and classified.
        var groups:
            [FunctionKey: (
                function: FunctionDeclSyntax, sites: [SingletonID: [AccessSiteClassifier.Site]],
                dependencies: [SingletonID: SingletonInjection.Dependency]
            )] = [:]
        // A write that puts another instance behind the singleton (`Settings.current = Settings()`) is wiring: it stays.
        for access in sites where !access.isReplacement {
            guard let dependency = dependency(access.singletonID, access.location.file),
                let file = input.fileIndex[access.location.file]
            else { continue }
            func stay(_ why: String) {
                result.notes.append(
                    MigrationNote(
                        kind: .leftUntouched, location: access.location,
                        message: "`\(access.singletonID.accessExpression)` in top-level code \(why)"))
            }
            guard let node = input.files[file].singletonExpression(at: access.offset, of: dependency.singleton) else {
                stay(
                    "is not written as `\(dependency.singleton.accessExpression)` here (an implicit `.\(dependency.singleton.propertyName)`?)"
                )
                continue
            }
            guard let function = Self.enclosingFunction(of: node) else {
                stay("outside any function (a global's initial value or a top-level statement)")
                continue
            }
            let site = AccessSiteClassifier(propertyName: dependency.propertyName).classify(
                node, file: file, access: access)
            let key = FunctionKey(file: file, offset: function.positionAfterSkippingLeadingTrivia.utf8Offset)
            var group = groups[key] ?? (function, [:], [:])
            group.sites[access.singletonID, default: []].append(site)
            group.dependencies[access.singletonID] = dependency
            groups[key] = group
        }
        for key in groups.keys.sorted() {
            guard let group = groups[key] else { continue }
            let name = group.function.name.text
            var injection = Injection(function: "\(input.files[key.file].path):\(name)")
            for id in group.sites.keys.sorted(by: { $0.accessExpression < $1.accessExpression }) {
                guard var dependency = group.dependencies[id], let sites = group.sites[id] else { continue }
                // The protocol stands in when every site calls one of its members.
                if dependency.plan.isConcrete
                    || sites.contains(where: {
                        $0.calledMember.map { !dependency.plan.memberNames.contains($0) } ?? true
                    })
                {
                    dependency.isClass = true
                }
                if let reason = refusal(of: group.function, sites: sites, dependency: dependency) {
                    for site in sites {
                        result.notes.append(
                            MigrationNote(
                                kind: .leftUntouched, location: input.files[site.file].location(of: site.node),
                                message: "`\(dependency.singleton.accessExpression)` stays \(reason)"))
                    }
                    continue
                }
                for site in sites {
                    let replacement = dependency.read(dependency.propertyName)
                    injection.edits.append(
                        (
                            site.file,
                            SingletonInjection.removedAlias(of: site.node, named: replacement)
                                ?? .replace(site.node, with: replacement)
                        ))
                    injection.rewrittenSites.append(
                        SingletonInjection.SitePosition(
                            file: input.files[site.file].path,
                            offset: site.node.positionAfterSkippingLeadingTrivia.utf8Offset))
                }
                injection.dependencies.append(dependency)
            }
            guard !injection.dependencies.isEmpty else { continue }
            injection.edits += SingletonInjection.parameterEdits(
                adding: FunctionParameterInjection.declarations(injection.dependencies),
                to: group.function.signature.parameterClause,
                of: group.function, file: key.file, unit: Indentation.unit(of: input.files[key.file].text))
            result.injections.append(injection)
        }
        return result
    }

    /// Why `function` cannot take `dependency` as a defaulted parameter for `sites`, or `nil` when it can: what refuses
    /// any function (``FunctionParameterInjection/signatureRefusal(of:kind:dependency:isShadowed:isReferencedWithoutCall:isMainActor:)``),
    /// a closure that may escape with a parameter that is not `Sendable`, or a main-actor `var`.
    private func refusal(
        of function: FunctionDeclSyntax, sites: [AccessSiteClassifier.Site], dependency: SingletonInjection.Dependency
    ) -> String? {
        let shadowed = sites.contains {
            LocalShadowing.isShadowed(dependency.propertyName, at: $0.node, countingLaterDeclarations: true)
        }
        if let reason = FunctionParameterInjection.signatureRefusal(
            of: function, kind: "a top-level function", dependency: dependency, isShadowed: shadowed,
            isReferencedWithoutCall: references.isReferencedWithoutCall(function.name.text), isMainActor: false)
        {
            return reason
        }
        if !dependency.plan.isSendable, sites.contains(where: { Self.isInEscapingClosure($0.node, below: function) }) {
            return
                "in `\(function.name.text)`, where a closure that may escape reads it and would capture a parameter that is not `Sendable`"
        }
        // A type compiled only under `#if` cannot be named by a default outside it (the function's own `#if` is not read).
        let conditions = SingletonInjection.declarationConditions(of: dependency.singleton.typeName, in: input)
        if !conditions.isEmpty {
            return
                "in `\(function.name.text)`: `\(dependency.singleton.typeName)` is compiled only under `#if \(conditions.sorted().joined(separator: ", "))`"
        }
        // A main-actor `static var` cannot be a global function's default argument in Swift 6, even a main-actor one's.
        if dependency.plan.isMainActor, dependency.singleton.isMutable {
            return
                "in `\(function.name.text)`: a main-actor `var`, which no global function's default argument may read"
        }
        return nil
    }

    /// Whether a closure between `node` and `function` may escape (and be sent): any closure but one passed to a
    /// standard library function that calls it before returning (`map`, `filter`, `forEach`, `first(where:)`…).
    static func isInEscapingClosure(_ node: some SyntaxProtocol, below function: FunctionDeclSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, parent.id != function.id {
            if let closure = parent.as(ClosureExprSyntax.self), !isCalledInPlace(closure) { return true }
            current = parent
        }
        return false
    }

    private static func isCalledInPlace(_ closure: ClosureExprSyntax) -> Bool {
        guard
            let callee = closure.passedToCall?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return false }
        return nonEscapingFunctions.contains(callee)
    }

    /// Standard library functions whose closure argument does not escape.
    private static let nonEscapingFunctions: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "forEach", "reduce", "contains", "first", "last", "firstIndex",
        "lastIndex", "allSatisfy", "sorted", "sort", "min", "max", "partition", "removeAll", "drop", "prefix",
    ]

    /// The function declaration around `node`, if it is in one (and in no type, which the analysis already said).
    static func enclosingFunction(of node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) { return function }
            current = candidate.parent
        }
        return nil
    }
}
