@_spi(RawSyntax) import SwiftSyntax

/// Where a closure runs, as far as its own file tells. Only what is clearly known counts: a closure passed
/// to a function the file cannot judge is `passed`, and stays on the code around it unless the called
/// function's declaration, found in the codebase, is known to call it back off (or on) the main actor.
enum ClosureContext: Sendable, Hashable, Codable {
    /// `@MainActor in`, `DispatchQueue.main.async`, `MainActor.run`/`assumeIsolated`, `queue: .main`, after
    /// `.receive(on: DispatchQueue.main)` / `RunLoop.main`, SwiftUI and UIKit callbacks that are main-actor.
    case main
    /// `Task.detached`, `DispatchQueue.global().async` or another queue's `async`, `URLSession`'s
    /// `dataTask`, a non-main `queue:` argument, after `.receive(on:)` a non-main scheduler.
    case background
    /// Same as the code around it.
    case inherited
    /// `Task { }` without `@MainActor`: on the main actor only inside main-actor code.
    case task
    /// Passed to a call the file cannot judge: decided by the called function's declaration (see
    /// `CallbackIndex`); the same as the code around it when no declaration decides.
    case passed(PassedClosure)

    /// `DispatchQueue`/`OperationQueue` methods that run their closure on the receiver's queue.
    private static let queueMethods: Set<String> = ["async", "asyncAfter", "concurrentPerform", "addOperation"]
    /// `sync` runs the closure on the calling thread (GCD's own optimisation): no hop.
    private static let syncQueueMethods: Set<String> = ["sync", "asyncAndWait"]
    private static let backgroundCallbacks: Set<String> = [
        "dataTask", "downloadTask", "uploadTask", "streamTask", "webSocketTask",
    ]
    /// Functions whose closures run on the main actor: SwiftUI view modifiers and functions (isolated to the
    /// main actor), UIKit animation and action callbacks.
    private static let mainActorCallees: Set<String> = [
        "onReceive", "onAppear", "onDisappear", "onChange", "task", "refreshable", "onTapGesture",
        "onLongPressGesture", "onSubmit", "onOpenURL", "onHover", "onContinueUserActivity", "onDelete", "onMove",
        "onDrop", "withAnimation", "withTransaction", "Button", "animate", "transition", "performBatchUpdates",
        "UIAction", "UIAlertAction",
    ]
    /// Operators that move the rest of a reactive chain to a scheduler (Combine `receive(on:)`, RxSwift
    /// `observe(on:)`).
    private static let schedulerOperators: Set<String> = ["receive", "observe"]

    /// The context of `closure` from its attributes and the call it is passed to.
    ///
    /// - Parameters:
    ///   - ancestors: the nodes from the root down to the closure's parent.
    ///   - source: the file's bytes, for the text of the call's receiver and arguments.
    static func of(_ closure: RawNode, ancestors: ArraySlice<RawNode>, source: UnsafeBufferPointer<UInt8>)
        -> ClosureContext
    {
        if let attributes = closure.as(RawClosureExprSyntax.self)?.signature?.attributes,
            attributes.contains("MainActor")
        {
            return .main
        }
        // The label of the argument the closure is: `nil` for the (first) trailing closure.
        var closureLabel: String?
        let call: RawNode?
        if let argument = ancestors.last?.as(RawLabeledExprSyntax.self) {
            closureLabel = argument.label?.text ?? "_"
            call = ancestors.dropLast(2).last
        } else if let trailing = ancestors.last?.as(RawMultipleTrailingClosureElementSyntax.self) {
            closureLabel = trailing.label.text
            call = ancestors.dropLast(2).last
        } else {
            call = ancestors.last
        }
        guard let call else { return .inherited }
        return context(passedTo: call, closureLabel: closureLabel, closure: closure, source: source)
    }

    /// The context of a closure (or a closure parameter forwarded by name) that is an argument of `call`:
    /// `closureLabel` is its label, `_` when unlabelled, `nil` for the first trailing closure.
    static func context(
        passedTo call: RawNode, closureLabel: String?, closure: RawNode, source: UnsafeBufferPointer<UInt8>
    ) -> ClosureContext {
        guard let expression = call.as(RawFunctionCallExprSyntax.self),
            expression.calledExpression.raw.id != closure.raw.id  // `{ … }()` runs right here
        else { return .inherited }
        let callee = expression.calledExpression
        if let member = callee.as(RawMemberAccessExprSyntax.self) {
            let method = member.declName.baseName.text
            let receiverNode = call.child(callee).child(member.base)
            let receiver = receiverNode?.trimmedText(in: source) ?? ""
            if receiver == "MainActor" && (method == "run" || method == "assumeIsolated") { return .main }
            if receiver == "Task" && method == "detached" { return .background }
            if receiver == "Task" && method == "init" { return .task }
            if queueMethods.contains(method) || syncQueueMethods.contains(method) {
                if receiver.isEmpty || isMainScheduler(receiver) { return .main }
                return syncQueueMethods.contains(method) ? .inherited : .background
            }
            if backgroundCallbacks.contains(method) { return .background }
            if mainActorCallees.contains(method) { return .main }
            if let receiverNode, let scheduled = scheduler(ofChain: receiverNode, source: source) { return scheduled }
        } else if let reference = callee.as(RawDeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "Task" { return .task }
            if mainActorCallees.contains(name) { return .main }
        }
        if let queue = argumentText(labeled: "queue", of: expression, in: call, source: source) {
            // `addObserver(forName:object:queue:using:)` and the like: `nil` runs on the posting thread.
            if queue == "nil" { return .inherited }
            return isMainScheduler(queue) ? .main : .background
        }
        guard let name = callee.calledName else { return .inherited }
        return .passed(PassedClosure(function: name, labels: labels(of: expression), closureLabel: closureLabel))
    }

    /// Whether a queue, run loop or scheduler expression is the main one: `.main`, `DispatchQueue.main`,
    /// `RunLoop.main`, `OperationQueue.main`, `MainScheduler.instance`.
    static func isMainScheduler(_ text: String) -> Bool {
        text == "main" || text == ".main" || text.hasSuffix(".main") || text.hasPrefix("MainScheduler")
            || text == "DispatchQueue.main" || text == "OperationQueue.main" || text == "RunLoop.main"
    }

    /// Whether a scheduler expression is clearly a background one: a global queue, a queue made on the
    /// spot, or one named for the background.
    private static func isClearlyBackground(_ text: String) -> Bool {
        text.contains("global(") || text.contains("ackground") || text.hasPrefix("DispatchQueue(")
            || text.hasPrefix("OperationQueue(")
    }

    /// The scheduler the nearest `receive(on:)` (or `observe(on:)`) before this point of a reactive chain
    /// moves it to: the closures of later operators run there. `nil` when the chain has none.
    private static func scheduler(ofChain start: RawNode, source: UnsafeBufferPointer<UInt8>) -> ClosureContext? {
        var current = start
        // A chain is a nesting of calls on member accesses: `a.b(…).c(…)`; bounded to keep the walk cheap.
        for _ in 0..<32 {
            guard let call = current.as(RawFunctionCallExprSyntax.self),
                let member = call.calledExpression.as(RawMemberAccessExprSyntax.self),
                let base = member.base
            else { return nil }
            let callee = current.child(call.calledExpression)
            if schedulerOperators.contains(member.declName.baseName.text),
                let scheduler = argumentText(labeled: "on", of: call, in: current, source: source)
            {
                if isMainScheduler(scheduler) { return .main }
                // `ImmediateScheduler`, a test scheduler or a scheduler property may run right here.
                return isClearlyBackground(scheduler) ? .background : .inherited
            }
            current = callee.child(base)
        }
        return nil
    }

    /// The text of the argument labelled `label` of `call` (the node `node`).
    private static func argumentText(
        labeled label: String, of call: RawFunctionCallExprSyntax, in node: RawNode, source: UnsafeBufferPointer<UInt8>
    ) -> String? {
        let list = node.child(call.arguments)
        var found: String?
        list.forEachChild { element in
            guard found == nil, let argument = element.as(RawLabeledExprSyntax.self), argument.label?.text == label
            else { return }
            found = element.child(argument.expression).trimmedText(in: source)
        }
        return found
    }

    /// The argument labels of a call, `_` for an unlabelled argument, followed by the labels of its
    /// additional trailing closures (the first trailing closure has none).
    private static func labels(of call: RawFunctionCallExprSyntax) -> [String] {
        var labels = call.arguments.layoutView.children.compactMap { element in
            element?.as(RawLabeledExprSyntax.self).map { $0.label?.text ?? "_" }
        }
        for element in call.additionalTrailingClosures.layoutView.children {
            if let trailing = element?.as(RawMultipleTrailingClosureElementSyntax.self) {
                labels.append(trailing.label.text)
            }
        }
        return labels
    }
}

/// A closure passed to a call the file cannot judge: the called function's base name, the call's labels
/// and which argument the closure is, to find the parameter it binds to in the function's declaration.
struct PassedClosure: Sendable, Hashable, Codable {
    var function: String
    /// The argument labels in order (`_` for unlabelled), additional trailing closures' labels included.
    var labels: [String]
    /// The closure's own argument label; `nil` for the first trailing closure.
    var closureLabel: String?
}
