@_spi(RawSyntax) import SwiftSyntax

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
    ///
    /// - Parameters:
    ///   - ancestors: the nodes from the root down to the closure's parent.
    ///   - source: the file's bytes, for the text of the call's receiver.
    static func of(_ closure: RawNode, ancestors: ArraySlice<RawNode>, source: UnsafeBufferPointer<UInt8>)
        -> ClosureContext
    {
        if let attributes = closure.as(RawClosureExprSyntax.self)?.signature?.attributes, attributes.contains("MainActor") {
            return .main
        }
        var label: String?
        let call: RawNode?
        if let argument = ancestors.last?.as(RawLabeledExprSyntax.self) {
            label = argument.label?.text
            call = ancestors.dropLast(2).last
        } else if let trailing = ancestors.last?.as(RawMultipleTrailingClosureElementSyntax.self) {
            label = trailing.label.text
            call = ancestors.dropLast(2).last
        } else {
            call = ancestors.last
        }
        guard let call, let expression = call.as(RawFunctionCallExprSyntax.self) else { return .inherited }
        let callee = expression.calledExpression
        if let member = callee.as(RawMemberAccessExprSyntax.self) {
            let method = member.declName.baseName.text
            let receiver = call.child(callee).child(member.base)?.trimmedText(in: source) ?? ""
            if receiver == "MainActor" && (method == "run" || method == "assumeIsolated") { return .main }
            if receiver == "Task" && method == "detached" { return .background }
            if receiver == "Task" && method == "init" { return .task }
            if queueMethods.contains(method) {
                return receiver == "DispatchQueue.main" || receiver == "main" || receiver.isEmpty
                    || receiver == "OperationQueue.main" ? .main : .background
            }
            if backgroundCallbacks.contains(method) { return .background }
            if mentionsCompletion(method) { return .background }
        } else if let reference = callee.as(RawDeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "Task" { return .task }
            if mentionsCompletion(name) { return .background }
        }
        if let label, isCompletionName(label) { return .background }
        if label == nil, let name = callee.calledName { return .passed(to: name) }
        return .inherited
    }
}
