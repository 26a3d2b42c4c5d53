import SwiftSyntax

/// Where a closure runs, as far as its own file tells.
enum ClosureContext: Sendable, Equatable {
    /// `DispatchQueue.main.async`, `MainActor.run`, `Task { @MainActor in }`.
    case main
    /// `DispatchQueue.global().async`, another queue, `Task.detached`, a completion handler.
    case background
    /// Same as the code around it.
    case inherited
    /// `Task { }` without `@MainActor`: on the main actor only inside main-actor code.
    case task
    /// Passed without a label (usually as the trailing closure) to a function named `name`: a completion
    /// handler, off the main actor, if a function of the codebase with that name takes an `@escaping`
    /// completion parameter; the same as the code around it otherwise.
    case passed(to: String)

    private static let completionLabels: Set<String> = [
        "completion", "completionHandler", "handler", "onComplete", "onCompletion", "callback", "resultHandler",
        "reply",
    ]
    private static let backgroundCallbacks: Set<String> = ["dataTask", "downloadTask", "uploadTask"]
    private static let queueMethods: Set<String> = ["async", "asyncAfter", "sync", "asyncAndWait", "concurrentPerform"]

    /// Whether a parameter name or label reads as a completion handler.
    static func isCompletionName(_ name: String) -> Bool {
        completionLabels.contains(name) || mentionsCompletion(name) || name.hasSuffix("Handler")
    }

    /// Whether `name` contains "completion" in any case, compared on bytes (no lowercased copy).
    private static func mentionsCompletion(_ name: String) -> Bool {
        let word = Array("completion".utf8)
        let bytes = name.utf8
        guard bytes.count >= word.count else { return false }
        var matched = 0
        var candidate = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if lowered == word[matched] {
                if matched == 0 { candidate = index }
                matched += 1
                if matched == word.count { return true }
                index = bytes.index(after: index)
            } else if matched > 0 {
                matched = 0
                index = bytes.index(after: candidate)
            } else {
                index = bytes.index(after: index)
            }
        }
        return false
    }

    /// The context of `closure` from its attributes and the call it is passed to.
    static func of(_ closure: ClosureExprSyntax) -> ClosureContext {
        if let attributes = closure.signature?.attributes, attributes.names.contains("MainActor") { return .main }
        var label: String?
        let call: FunctionCallExprSyntax?
        if let argument = closure.parent?.as(LabeledExprSyntax.self) {
            label = argument.label?.text
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else if let trailing = closure.parent?.as(MultipleTrailingClosureElementSyntax.self) {
            label = trailing.label.text
            call = trailing.parent?.parent?.as(FunctionCallExprSyntax.self)
        } else {
            call = closure.parent?.as(FunctionCallExprSyntax.self)
        }
        guard let call else { return .inherited }
        let callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let method = member.declName.baseName.text
            let receiver = member.base?.trimmedSourceText ?? ""
            if receiver == "MainActor" && (method == "run" || method == "assumeIsolated") { return .main }
            if receiver == "Task" && method == "detached" { return .background }
            if receiver == "Task" && method == "init" { return .task }
            if queueMethods.contains(method) {
                return receiver == "DispatchQueue.main" || receiver == "main" || receiver.isEmpty
                    || receiver == "OperationQueue.main" ? .main : .background
            }
            if backgroundCallbacks.contains(method) { return .background }
            if mentionsCompletion(method) { return .background }
        } else if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "Task" { return .task }
            if mentionsCompletion(name) { return .background }
        }
        if let label, isCompletionName(label) { return .background }
        if label == nil, let name = callee.calledName { return .passed(to: name) }
        return .inherited
    }
}

extension ExprSyntax {
    /// The base name of a called expression: `fetch` for `api.fetch`, `load` for `load`.
    var calledName: String? {
        if let member = self.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }
}
