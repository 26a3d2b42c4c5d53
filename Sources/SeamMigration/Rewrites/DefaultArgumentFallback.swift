import SeamAnalysis
import SwiftSyntax

/// A singleton read in an instance method's default argument (stepik's 47 `func retrieve(ids: [Int], headers:
/// HTTPHeaders = AuthInfo.shared.initialHTTPHeaders)`): a default argument cannot read the injected property, so the
/// parameter becomes optional with a `nil` default, and the body starts by computing what the default computed,
/// through the injected property:
///
/// ```swift
/// func retrieve(ids: [Int], headers: HTTPHeaders? = nil) -> Promise<[Step]> {
///     let headers = headers ?? authInfo.initialHTTPHeaders
/// ```
///
/// A caller that passes the argument or leaves it out compiles as before and gets the same value, computed at the
/// same moment (the call). Only where the signature may change: not an `override`, not `@objc` or `dynamic`, not a
/// static member, not a requirement of a codebase protocol the type adopts, not a method of a class the codebase
/// subclasses nor of a singleton (whose extracted protocol may require it); and only for a named parameter of a plain,
/// non-optional type.
struct DefaultArgumentFallback {
    let input: MigrationInput

    /// One parameter whose default reads singletons, and what each read becomes in the body.
    struct Parameter {
        var syntax: FunctionParameterSyntax
        var function: FunctionDeclSyntax
        var file: Int
        /// Each site in the default, with the text it becomes (`authInfo`, `self.authInfo`).
        var reads: [(node: ExprSyntax, replacement: String)] = []
    }

    /// Why the parameter's default cannot move into `function`'s body, read from the syntax alone; `nil` when it
    /// can.
    static func syntacticRefusal(of parameter: FunctionParameterSyntax, in function: FunctionDeclSyntax) -> String? {
        guard function.body != nil, parameter.defaultValue != nil else { return "the function has no body" }
        if function.modifiers.contains(where: { ["static", "class", "override", "dynamic"].contains($0.name.text) }) {
            return "the function is static or overrides, so its signature cannot change"
        }
        if function.attributes.contains(where: {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasPrefix("objc") == true
                || $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasPrefix("IB") == true
        }) {
            return "Objective-C calls the function, so its signature cannot change"
        }
        if parameter.ellipsis != nil || internalName(of: parameter) == nil {
            return "the parameter is variadic or has no name inside the function"
        }
        let type = parameter.type
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.is(AttributedTypeSyntax.self) || type.is(FunctionTypeSyntax.self)
            || type.is(SomeOrAnyTypeSyntax.self)
                && type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.text == "some"
        {
            return
                "the parameter's type is optional, a function, `inout` or opaque, so `nil` cannot stand for its default"
        }
        return nil
    }

    /// Why the parameter's default cannot move into the body of `function`, a method of `type`, by what the codebase
    /// declares: a subclass may override the method, or a protocol the type adopts may require it.
    func refusal(of function: FunctionDeclSyntax, in type: CodebaseType, hasSubclasses: Bool) -> String? {
        let name = function.name.text
        if hasSubclasses {
            return "`\(type.declaredName)` has subclasses, which may override `\(name)` with its current signature"
        }
        // A singleton's own method may become a requirement of the protocol extracted for it in this run, written
        // with the signature it has now (krystal's `EtherscanTransactionStorage.getInternalHistoryTransaction(chain:
        // ChainType = AppState.shared.currentChain)`, whose `ChainType? = nil` then no longer matched its protocol).
        if type.sharesOwnInstance {
            return
                "`\(type.declaredName)` is a singleton, whose protocol may require `\(name)` with its current signature"
        }
        for conformance in type.conformances where input.isProtocol(conformance, from: type.name) {
            guard let declaration = input.protocolDeclaration(named: conformance, from: type.name) else {
                return
                    "`\(type.declaredName)` adopts `\(conformance)`, which may require `\(name)` with its current signature"
            }
            if declaration.view.memberBlock.members.contains(where: {
                $0.decl.as(FunctionDeclSyntax.self)?.name.text == name
            }) {
                return "`\(conformance)` requires `\(name)` with its current signature"
            }
        }
        return nil
    }

    /// The parameter's name inside the function (`headers` for `_ headers:` and `headers:`), `nil` for `_`.
    static func internalName(of parameter: FunctionParameterSyntax) -> String? {
        let name = (parameter.secondName ?? parameter.firstName).text
        return name == "_" ? nil : name
    }

    /// The edits: the parameter typed optional with a `nil` default, and the fallback as the body's first line.
    static func edits(for parameter: Parameter, unit: String) -> [SourceEdit] {
        guard let value = parameter.syntax.defaultValue?.value, let body = parameter.function.body,
            let name = internalName(of: parameter.syntax)
        else { return [] }
        let type = parameter.syntax.type
        let optional =
            type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self)
            ? "(\(type.trimmedDescription))?" : "\(type.trimmedDescription)?"
        // The default's text with each singleton read replaced, back to front so offsets stay valid.
        var text = value.trimmedDescription
        let start = value.positionAfterSkippingLeadingTrivia.utf8Offset
        for read in parameter.reads.sorted(by: { $0.node.position > $1.node.position }) {
            var bytes = Array(text.utf8)
            let lower = read.node.positionAfterSkippingLeadingTrivia.utf8Offset - start
            let upper = read.node.endPositionBeforeTrailingTrivia.utf8Offset - start
            guard lower >= 0, upper <= bytes.count, lower <= upper else { return [] }
            bytes.replaceSubrange(lower..<upper, with: Array(read.replacement.utf8))
            text = String(decoding: bytes, as: UTF8.self)
        }
        // A single expression returned implicitly (`-> Int { headers.count }`) is no longer the only statement.
        let first = body.statements.first
        let returnsImplicitly =
            first.map { $0.item.is(ExprSyntax.self) } == true && body.statements.count == 1
            && parameter.function.signature.returnClause.map { !["Void", "()"].contains($0.type.trimmedDescription) }
                == true
        let returnKeyword = returnsImplicitly ? "return " : ""
        let edits: [SourceEdit] = [.replace(type, with: optional), .replace(value, with: "nil")]
        // A parameter the body never reads (stepik's deprecated `retrieve(ids:headers:)`) needs no fallback: the default
        // was computed for nothing.
        guard body.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(name) }) else {
            return edits
        }
        let fallback = "let \(name) = \(name) ?? \(text)"
        // A body written on the line of its brace (`{ headers.count }`) gets its statement on a line of its own too.
        if let first, !first.leadingTrivia.contains(where: \.isNewline) {
            let indent = parameter.function.lineIndentation + unit
            let range =
                body.leftBrace.endPositionBeforeTrailingTrivia
                .utf8Offset..<first.positionAfterSkippingLeadingTrivia.utf8Offset
            return edits + [SourceEdit(range: range, replacement: "\n\(indent)\(fallback)\n\(indent)\(returnKeyword)")]
        }
        let indent = first?.lineIndentation.nonEmpty ?? parameter.function.lineIndentation + unit
        return edits + [.insert("\n\(indent)\(fallback)", at: body.leftBrace.endPositionBeforeTrailingTrivia)]
            + (returnsImplicitly
                ? first.map { [.insert(returnKeyword, at: $0.positionAfterSkippingLeadingTrivia)] } ?? [] : [])
    }
}

extension String {
    /// The string, or `nil` when it is empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
