import SwiftSyntax

/// For a class whose designated initializers are all `override` (or `required`), as UIKit views often are
/// (`override init(frame:)` + `required init?(coder:)`): each `override init(P)` loses `override` and takes the
/// dependencies (`init(frame: CGRect, store: any StoreProtocol = Store.shared)`, its body unchanged after the
/// assignments), and the superclass's initializer is still implemented, as a forwarder:
///
/// ```swift
/// convenience override init(frame: CGRect) {
///     self.init(frame: frame, store: Store.shared)
/// }
/// ```
///
/// so the class still implements every designated initializer of its superclass and keeps inheriting its
/// convenience ones (`MyView()`), and `MyView(frame:)` calls the forwarder, as before. Not done when a codebase
/// class inherits from it (its `super.init(frame:)` would reach a convenience initializer).
enum OverrideConversion {
    /// Whether the initializer is an `override`, not `required`, non-generic one with a body.
    static func isConvertible(_ initializer: InitializerDeclSyntax) -> Bool {
        initializer.modifiers.contains("override") && !initializer.modifiers.contains("required")
            && !initializer.modifiers.contains("convenience") && initializer.genericParameterClause == nil
            && initializer.body != nil
            && !initializer.signature.parameterClause.parameters.contains { $0.ellipsis != nil }
    }

    /// The edits besides the new parameters and assignments (which the caller adds as for any designated
    /// initializer): `override` removed, the forwarder inserted after the initializer.
    /// - Parameter arguments: what the forwarder passes for the new parameters (`store: Store.shared`).
    static func edits(for initializer: InitializerDeclSyntax, forwarding arguments: [String], unit: String)
        -> [SourceEdit]
    {
        var edits: [SourceEdit] = []
        guard let modifier = initializer.modifiers.first(where: { $0.name.text == "override" }) else { return [] }
        edits.append(
            SourceEdit(
                range: modifier.positionAfterSkippingLeadingTrivia.utf8Offset..<modifier.endPosition.utf8Offset,
                replacement: ""))
        let indent = initializer.lineIndentation
        let others = initializer.modifiers.filter { $0.name.text != "override" }.map(\.name.text)
        let keywords = (others + ["convenience", "override"]).joined(separator: " ")
        let clause = initializer.signature.parameterClause
        let effects = initializer.signature.effectSpecifiers.map { " " + $0.trimmedDescription } ?? ""
        let call = delegatingCall(to: initializer, adding: arguments, indent: indent + unit, unit: unit)
        let optional = initializer.optionalMark?.text ?? ""
        let text =
            "\n\n\(indent)\(keywords) init\(optional)\(clause.trimmedDescription)\(effects) {\n\(indent)\(unit)\(call)\n\(indent)}"
        edits.append(.insert(text, at: initializer.endPositionBeforeTrailingTrivia))
        return edits
    }

    /// `self.init(frame: frame, …)`: a call of `initializer` passing each of its parameters on by name, then
    /// `extra` arguments, with `try`/`await` as its effects need (a forwarder's body, on a line indented by `indent`;
    /// one argument per line when it would be too long).
    static func delegatingCall(
        to initializer: InitializerDeclSyntax, adding extra: [String] = [], indent: String, unit: String
    ) -> String {
        let arguments =
            initializer.signature.parameterClause.parameters.map { parameter -> String in
                let name = (parameter.secondName ?? parameter.firstName).text
                return parameter.firstName.text == "_" ? name : "\(parameter.firstName.text): \(name)"
            } + extra
        let effects = initializer.signature.effectSpecifiers
        let prefix =
            (effects?.throwsClause != nil ? "try " : "") + (effects?.asyncSpecifier != nil ? "await " : "")
            + "self.init"
        return prefix
            + SingletonInjection.argumentList(arguments, indent: indent, unit: unit, prefix: prefix, in: initializer)
    }
}
