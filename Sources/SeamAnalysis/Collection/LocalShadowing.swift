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
enum LocalShadowing {
    /// Whether `name` is bound locally at the end of `path` (from the root down to the reference).
    static func isShadowed(_ name: String, along path: [RawNode]) -> Bool {
        for index in path.indices.dropLast() {
            let scope = path[index]
            let inner = path[index + 1]
            if binds(name, scope: scope, around: inner, isTopLevel: index == 1 && path[0].kind == .sourceFile) {
                return true
            }
        }
        return false
    }

    /// Whether `scope` binds `name` for its child `inner`.
    private static func binds(_ name: String, scope: RawNode, around inner: RawNode, isTopLevel: Bool) -> Bool {
        switch scope.kind {
        case .codeBlockItemList:
            // The file's own top-level declarations are the globals themselves.
            guard !isTopLevel else { return false }
            var found = false
            scope.forEachChild { item in
                guard !found, item.end <= inner.offset,
                    let statement = item.as(RawCodeBlockItemSyntax.self)?.item,
                    statement.kind == .variableDecl || statement.kind == .guardStmt
                else { return }
                found = declares(name, in: statement)
            }
            return found
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
            guard let loop = scope.as(RawForStmtSyntax.self), inner.raw.id == loop.body.raw.id else { return false }
            return declares(name, in: loop.pattern.raw)
        case .switchCase:
            guard let switchCase = scope.as(RawSwitchCaseSyntax.self), inner.kind == .codeBlockItemList else {
                return false
            }
            return declares(name, in: switchCase.label)
        case .catchClause:
            guard let clause = scope.as(RawCatchClauseSyntax.self), inner.raw.id == clause.body.raw.id else {
                return false
            }
            return declares(name, in: clause.catchItems.raw)
        default:
            return false
        }
    }

    /// Whether `node` binds `name` by a pattern, a parameter or a capture, not counting what nested blocks,
    /// closures and types declare.
    private static func declares(_ name: String, in node: RawSyntax) -> Bool {
        let bound: RawTokenSyntax?
        switch node.kind {
        case .codeBlock, .closureExpr, .memberBlock, .accessorBlock:
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
