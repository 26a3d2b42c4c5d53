/// A function of the codebase that takes closures, with where its body calls each of them back: what
/// decides where a closure passed to it runs (see `ClosureContext.passed`).
struct CallbackFunction: Sendable, Codable {
    /// Where one closure parameter is called in the function's body.
    enum Invocation: Sendable, Hashable, Codable {
        /// Right in the body, or somewhere that runs like it: on the caller's thread.
        case synchronous
        case main
        case background
        /// In a nested function or a `Task { }`: not judged.
        case unknown
        /// In closures passed to calls the file cannot judge, innermost first, then `then` if none decides.
        indirect case passed([PassedClosure], then: Invocation)
    }

    struct Parameter: Sendable, Codable {
        /// The parameter's position among the function's parameters.
        var position: Int
        /// The name the body uses.
        var name: String
        /// `@MainActor` in the parameter's type: the closure runs on the main actor.
        var isMainActor: Bool
        var invocations: [Invocation] = []
    }

    var name: String
    /// Every parameter's argument label, `_` for none.
    var labels: [String]
    /// The closure-typed parameters.
    var parameters: [Parameter]

    /// The parameter a passed closure binds to, by Swift's forward scan: the call's labels are matched in
    /// order; a labelled closure is the parameter of its label, a trailing one the first closure
    /// parameter after the last matched argument. `nil` when the call cannot be a call of this function.
    func parameter(for passed: PassedClosure) -> Int? {
        var position = 0
        var matched: [Int] = []
        for label in passed.labels {
            guard position <= labels.count, let found = labels[position...].firstIndex(of: label) else { return nil }
            matched.append(found)
            position = found + 1
        }
        if let label = passed.closureLabel {
            return parameters.firstIndex { matched.contains($0.position) && labels[$0.position] == label }
        }
        let last = matched.last ?? -1
        return parameters.firstIndex { $0.position > last }
    }
}

/// The codebase's functions that take closures, with a verdict for each closure parameter: called back on
/// the main actor, off it, or neither known. A parameter is off the main actor when at least one call of it
/// is (inside `DispatchQueue.global().async`, a `dataTask`'s handler, or a closure passed to another
/// function known to call back off the main actor) and none is on the main actor; on it when it is declared
/// `@MainActor` or every call of it is on the main actor.
struct CallbackIndex: Sendable {
    enum Verdict: Sendable, Equatable {
        case unknown
        case main
        case background
    }

    private var functions: [String: [CallbackFunction]] = [:]
    /// Function name → declaration → parameter → verdict.
    private var verdicts: [String: [[Verdict]]] = [:]

    init() {}

    init(_ declared: [CallbackFunction]) {
        for function in declared { functions[function.name, default: []].append(function) }
        for (name, list) in functions {
            verdicts[name] = list.map { function in function.parameters.map { $0.isMainActor ? .main : .unknown } }
        }
        // A fixed point: a verdict can depend on the verdicts of the functions the body passes closures to.
        // Verdicts only move away from `unknown`, so a few rounds settle any realistic chain.
        for _ in 0..<8 {
            var changed = false
            for (name, list) in functions {
                for (declaration, function) in list.enumerated() {
                    for (index, parameter) in function.parameters.enumerated()
                    where verdicts[name]?[declaration][index] == .unknown {
                        let verdict = judge(parameter.invocations)
                        if verdict != .unknown {
                            verdicts[name]?[declaration][index] = verdict
                            changed = true
                        }
                    }
                }
            }
            if !changed { break }
        }
    }

    /// Where a closure passed to a codebase function runs: the verdict shared by every declaration the call
    /// can reach; `unknown` when none, or when they disagree.
    func verdict(for passed: PassedClosure) -> Verdict {
        guard let list = functions[passed.function] else { return .unknown }
        var found: Verdict?
        for (declaration, function) in list.enumerated() {
            guard let index = function.parameter(for: passed) else { continue }
            let verdict = verdicts[passed.function]?[declaration][index] ?? .unknown
            if let found, found != verdict { return .unknown }
            found = verdict
        }
        return found ?? .unknown
    }

    private func judge(_ invocations: [CallbackFunction.Invocation]) -> Verdict {
        var onMain = 0
        var offMain = 0
        for invocation in invocations {
            switch resolve(invocation) {
            case .main: onMain += 1
            case .background: offMain += 1
            case .unknown: break
            }
        }
        if offMain > 0 { return onMain == 0 ? .background : .unknown }
        return onMain > 0 && onMain == invocations.count ? .main : .unknown
    }

    private func resolve(_ invocation: CallbackFunction.Invocation) -> Verdict {
        switch invocation {
        case .synchronous, .unknown: return .unknown
        case .main: return .main
        case .background: return .background
        case .passed(let closures, let then):
            for closure in closures {
                let verdict = verdict(for: closure)
                if verdict != .unknown { return verdict }
            }
            return resolve(then)
        }
    }
}
