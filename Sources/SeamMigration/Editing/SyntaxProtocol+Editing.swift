import SwiftSyntax

extension SyntaxProtocol {
    /// The whitespace that starts the node's line, if the node is the first thing on it.
    var lineIndentation: String {
        var indentation = ""
        for piece in leadingTrivia {
            switch piece {
            case .spaces(let count): indentation += String(repeating: " ", count: count)
            case .tabs(let count): indentation += String(repeating: "\t", count: count)
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indentation = ""
            default: indentation = ""
            }
        }
        return indentation
    }

    /// Whether the node's leading trivia starts with a blank line: two line breaks before any comment.
    var startsWithBlankLine: Bool {
        var newlines = 0
        for piece in leadingTrivia {
            switch piece {
            case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                newlines += count
            case .spaces, .tabs: continue
            default: return newlines >= 2
            }
        }
        return newlines >= 2
    }

    /// The `///` and `/** */` comment lines in the node's leading trivia.
    var documentationLines: [String] {
        leadingTrivia.compactMap { piece -> [String]? in
            switch piece {
            case .docLineComment(let text): [text]
            case .docBlockComment(let text):
                text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    String($0.drop { $0 == " " || $0 == "\t" })
                }
            default: nil
            }
        }.flatMap { $0 }
    }

    /// The nearest enclosing type or extension declaration.
    var enclosingTypeDeclaration: TypeDeclarationView? {
        var parent = self.parent
        while let current = parent {
            if let view = TypeDeclarationView(current) { return view }
            parent = current.parent
        }
        return nil
    }
}

extension MemberBlockSyntax {
    /// How the block's members are indented: as its first member deeper than its owner's line (`owner`, the type
    /// or extension; a `#if` written at column 0 is not, Meshtastic's `AccessoryManager`), else one `unit` deeper.
    func memberIndentation(of owner: some SyntaxProtocol, unit: String) -> String {
        let ownerIndentation = owner.lineIndentation
        return members.first(where: { $0.lineIndentation.count > ownerIndentation.count })?.lineIndentation
            ?? ownerIndentation + unit
    }
}

extension ClosureExprSyntax {
    /// The call the closure is passed to, as an argument or as its trailing closure (`Task.detached { … }`,
    /// `ids.map { … }`), if it is.
    var passedToCall: FunctionCallExprSyntax? {
        if let call = parent?.as(FunctionCallExprSyntax.self) { return call }
        guard parent?.is(LabeledExprSyntax.self) == true else { return nil }
        return parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
}
