import SwiftSyntax

/// For a class whose designated initializers are all `required`, as a storyboard view controller's are
/// (`required init?(coder:)` only): each keeps its signature and assigns the defaults, as any `required`
/// initializer does, and gets a convenience initializer beside it that takes the dependencies:
///
/// ```swift
/// convenience init?(coder aDecoder: NSCoder, syncManager: any SyncManagerProtocol) {
///     self.init(coder: aDecoder)
///     self.syncManager = syncManager
/// }
/// ```
///
/// which is what `UIStoryboard.instantiateViewController(identifier:creator:)` and a test call (a coder twin only
/// for view controllers: a view or cell loaded from a nib could never call it). The storyboard
/// still calls `init?(coder:)`, which reads the same instance as before. The property is a `var`, since the
/// convenience initializer sets it after the designated one ran: code in the required initializer's own body
/// sees the default, not the argument.
enum RequiredInitializerInjection {
    /// Whether `initializer` can get a convenience twin: `required`, not `override` (which the caller
    /// converts instead), non-generic, not variadic, with a body that does more than trap
    /// (`fatalError("init(coder:) has not been implemented")` is no way to build the instance).
    static func canForward(_ initializer: InitializerDeclSyntax) -> Bool {
        guard initializer.modifiers.contains("required"), !initializer.modifiers.contains("convenience"),
            initializer.genericParameterClause == nil, initializer.body != nil,
            !initializer.signature.parameterClause.parameters.contains(where: { $0.ellipsis != nil })
        else { return false }
        return !onlyTraps(initializer)
    }

    /// Whether `initializer`'s body only traps (`required init?(coder:) { fatalError("init(coder:) has not been
    /// implemented") }`): it never returns, so it initializes nothing and needs no default assigned.
    static func onlyTraps(_ initializer: InitializerDeclSyntax) -> Bool {
        guard let body = initializer.body, body.statements.count == 1, let statement = body.statements.first else {
            return false
        }
        return isTrap(statement.item)
    }

    /// Whether `initializer` is `init?(coder:)`, which only a storyboard or nib calls.
    static func isCoderInitializer(_ initializer: InitializerDeclSyntax) -> Bool {
        initializer.signature.parameterClause.parameters.map(\.firstName.text) == ["coder"]
    }

    /// The convenience initializer that forwards to `initializer` and then sets the dependencies, inserted
    /// after it. `nil` when a parameter of `initializer` is already named like one of the properties.
    static func edit(
        for initializer: InitializerDeclSyntax, dependencies: [SingletonInjection.Dependency], unit: String
    ) -> SourceEdit? {
        let clause = initializer.signature.parameterClause
        let names = Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
        guard !dependencies.contains(where: { names.contains($0.propertyName) }) else { return nil }
        let indent = initializer.lineIndentation
        let parameters =
            clause.parameters.map { $0.with(\.trailingComma, nil).trimmedDescription }
            + dependencies.map { "\($0.propertyName): \($0.parameterType)" }
        let effects = initializer.signature.effectSpecifiers
        let call = OverrideConversion.delegatingCall(to: initializer, indent: indent + unit, unit: unit)
        // Internal, like the protocols it names, unless the initializer is narrower.
        let access = initializer.modifiers.filter { ["fileprivate", "private"].contains($0.name.text) }.map {
            $0.name.text + " "
        }.joined()
        let attributes = initializer.attributes.filter {
            $0.trimmedDescription.hasPrefix("@MainActor") || $0.trimmedDescription.hasPrefix("nonisolated")
        }
        .map { $0.trimmedDescription + " " }.joined()
        let effectText = effects.map { " " + $0.trimmedDescription } ?? ""
        let optional = initializer.optionalMark?.text ?? ""
        let body = ([call] + dependencies.map { "self.\($0.propertyName) = \($0.propertyName)" })
            .map { "\n\(indent)\(unit)\($0)" }.joined()
        let text =
            "\n\n\(indent)\(attributes)\(access)convenience init\(optional)(\(parameters.joined(separator: ", ")))\(effectText) {\(body)\n\(indent)}"
        return .insert(text, at: initializer.endPositionBeforeTrailingTrivia)
    }

    /// `fatalError(…)`, `preconditionFailure(…)`: a call that never returns.
    private static func isTrap(_ item: CodeBlockItemSyntax.Item) -> Bool {
        guard let call = item.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
        else { return false }
        return ["fatalError", "preconditionFailure"].contains(callee.baseName.text)
    }
}
