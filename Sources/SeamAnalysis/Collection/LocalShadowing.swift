@_spi(RawSyntax) import SwiftSyntax

/// Whether a reference to a global instance's name is really a local of the same name: a parameter, a
/// closure parameter or capture, a `let`/`var` or `guard let` earlier in an enclosing block, an `if let`,
/// `while let`, `for … in`, `case let` or `catch let` binding around it.
///
/// ```swift
/// let appState = AppState()                 // the global instance
/// func render(appState: AppState) {
///     appState.refresh()                    // the parameter: not an access of the global
/// }
/// ```
///
/// The one shadowing model: the audit asks it whether a bare name reaches a global instance, the migration
/// whether a property it adds would be hidden at a rewritten site (``isShadowed(_:at:countingLaterDeclarations:)``).
package enum LocalShadowing {
    /// Whether `name` is bound locally at the end of `path` (from the root down to the reference).
    ///
    /// - Parameter countingLaterDeclarations: whether a `let`/`var`/`guard` later in an enclosing block (or a
    ///   later condition) counts too: Swift resolves a bare name to such a local and rejects the use before
    ///   its declaration, so a name written there by a rewrite would not compile.
    static func isShadowed(_ name: String, along path: [RawNode], countingLaterDeclarations: Bool = false) -> Bool {
        for index in path.indices.dropLast() {
            let scope = path[index]
            let inner = path[index + 1]
            let isTopLevel = index == 1 && path[0].kind == .sourceFile
            if binds(name, scope: scope, around: inner, isTopLevel: isTopLevel, later: countingLaterDeclarations) {
                return true
            }
        }
        return false
    }

    /// ``isShadowed(_:along:countingLaterDeclarations:)`` along `path` followed by `last`, without making that array
    /// (asked at every write the walk meets).
    static func isShadowed(_ name: String, along path: [RawNode], then last: RawNode) -> Bool {
        guard let innermost = path.last else { return false }
        return isShadowed(name, along: path)
            || binds(
                name, scope: innermost, around: last, isTopLevel: path.count == 2 && path[0].kind == .sourceFile,
                later: false)
    }

    /// Whether `name` is bound locally where `node` is (a node of a whole file's tree): a parameter, a
    /// closure parameter or capture, or a local of an enclosing block.
    ///
    /// - Parameter countingLaterDeclarations: whether declarations after `node` in an enclosing block count
    ///   (see ``isShadowed(_:along:countingLaterDeclarations:)``).
    package static func isShadowed(
        _ name: String, at node: some SyntaxProtocol, countingLaterDeclarations: Bool = false
    ) -> Bool {
        var path: [RawNode] = []
        var current: Syntax? = Syntax(node)
        while let syntax = current {
            path.append(RawNode(syntax.raw, at: syntax.position.utf8Offset))
            current = syntax.parent
        }
        return isShadowed(name, along: path.reversed(), countingLaterDeclarations: countingLaterDeclarations)
    }

    /// Whether `scope` binds `name` for its child `inner`.
    private static func binds(_ name: String, scope: RawNode, around inner: RawNode, isTopLevel: Bool, later: Bool)
        -> Bool
    {
        switch scope.kind {
        case .codeBlockItemList:
            // The file's own top-level declarations are the globals themselves.
            guard !isTopLevel else { return false }
            return anyOtherChild(of: scope, than: inner, later: later) { item in
                item.as(RawCodeBlockItemSyntax.self).map { statementDeclares(name, $0.item) } ?? false
            }
        case .conditionElementList:
            // `if let appState = maybe, appState.isReady`: a condition binds for the ones after it.
            return anyOtherChild(of: scope, than: inner, later: later) { declares(name, in: $0.raw) }
        case .functionDecl, .initializerDecl, .subscriptDecl:
            // Parameters are visible in the body, not in each other's default values.
            guard inner.kind == .codeBlock || inner.kind == .accessorBlock else { return false }
            return scope.raw.layoutView?.children.contains { child in
                guard let child, child.kind == .functionSignature || child.kind == .functionParameterClause else {
                    return false
                }
                return declares(name, in: child)
            } ?? false
        case .closureExpr:
            guard let signature = scope.as(RawClosureExprSyntax.self)?.signature, inner.kind == .codeBlockItemList
            else { return false }
            return declares(name, in: signature.raw)
        case .ifExpr:
            guard let expression = scope.as(RawIfExprSyntax.self), inner.raw.id == expression.body.raw.id else {
                return false
            }
            return declares(name, in: expression.conditions.raw)
        case .whileStmt:
            guard let loop = scope.as(RawWhileStmtSyntax.self), inner.raw.id == loop.body.raw.id else { return false }
            return declares(name, in: loop.conditions.raw)
        case .forStmt:
            // The loop variable is visible in the body and in the `where` clause.
            guard let loop = scope.as(RawForStmtSyntax.self),
                inner.raw.id == loop.body.raw.id || inner.kind == .whereClause
            else { return false }
            return declares(name, in: loop.pattern.raw)
        case .switchCase:
            // A `case let` binding is visible in the case's statements and its `where` clauses.
            guard let switchCase = scope.as(RawSwitchCaseSyntax.self),
                inner.kind == .codeBlockItemList || inner.raw.id == switchCase.label.id
            else { return false }
            return declares(name, in: switchCase.label)
        case .switchCaseItem, .catchItem:
            // `case let x where x.ok`, `catch let error where error.isFatal`.
            return inner.kind == .whereClause && declares(name, in: scope.raw)
        case .catchClause:
            guard let clause = scope.as(RawCatchClauseSyntax.self), inner.raw.id == clause.body.raw.id else {
                return false
            }
            return declares(name, in: clause.catchItems.raw)
        default:
            return false
        }
    }

    /// Whether a child of `scope` that ends before `inner` starts (or, when `later`, any child but `inner`)
    /// satisfies `test`.
    private static func anyOtherChild(
        of scope: RawNode, than inner: RawNode, later: Bool, _ test: (RawNode) -> Bool
    ) -> Bool {
        var found = false
        scope.forEachChild { child in
            let isOther = child.end <= inner.offset || (later && child.offset >= inner.end)
            if !found, isOther, test(child) { found = true }
        }
        return found
    }

    /// Whether a statement of a block declares `name` for the statements after it: a `let`/`var` by its
    /// patterns (not by what its initial value binds), a `guard` by its conditions, and either one inside
    /// `#if` (which opens no scope).
    private static func statementDeclares(_ name: String, _ statement: RawSyntax) -> Bool {
        if let variable = statement.as(RawVariableDeclSyntax.self) {
            return variable.bindings.layoutView.children.contains { binding in
                binding?.as(RawPatternBindingSyntax.self).map { declares(name, in: $0.pattern.raw) } ?? false
            }
        }
        if let guardStatement = statement.as(RawGuardStmtSyntax.self) {
            return declares(name, in: guardStatement.conditions.raw)
        }
        if let conditional = statement.as(RawIfConfigDeclSyntax.self) {
            return conditional.clauses.layoutView.children.contains { clause in
                guard let elements = clause?.as(RawIfConfigClauseSyntax.self)?.elements,
                    let items = elements.as(RawCodeBlockItemListSyntax.self)
                else { return false }
                return items.layoutView.children.contains { item in
                    item?.as(RawCodeBlockItemSyntax.self).map { statementDeclares(name, $0.item) } ?? false
                }
            }
        }
        return false
    }

    /// Whether `node` binds `name` by a pattern, a parameter or a capture, not counting what nested blocks,
    /// closures, types and expressions (an initial value's `if let`) declare.
    private static func declares(_ name: String, in node: RawSyntax) -> Bool {
        let bound: RawTokenSyntax?
        switch node.kind {
        case .codeBlock, .closureExpr, .memberBlock, .accessorBlock, .initializerClause, .ifExpr, .switchExpr:
            return false
        case .identifierPattern:
            bound = node.cast(RawIdentifierPatternSyntax.self).identifier
        case .functionParameter:
            let parameter = node.cast(RawFunctionParameterSyntax.self)
            bound = parameter.secondName ?? parameter.firstName
        case .closureParameter:
            let parameter = node.cast(RawClosureParameterSyntax.self)
            bound = parameter.secondName ?? parameter.firstName
        case .closureShorthandParameter:
            bound = node.cast(RawClosureShorthandParameterSyntax.self).name
        case .closureCapture:
            bound = node.cast(RawClosureCaptureSyntax.self).name
        default:
            bound = nil
        }
        if let bound { return bound.bareName == name }
        return node.layoutView?.children.contains { child in child.map { declares(name, in: $0) } ?? false } ?? false
    }
}
