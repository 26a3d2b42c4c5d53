/// Rules reported straight from the body walk's observations: `force-unwrap`, `force-try`, `force-cast`,
/// `hardcoded-url`, `hardcoded-interval` and `ui-state-off-main-actor`.
struct ObservationRules: AuditRule {
    var ids: [RuleID] {
        [.forceUnwrap, .forceTry, .forceCast, .hardcodedURL, .hardcodedInterval, .uiStateOffMainActor]
    }

    func findings(in context: RuleContext) -> [Finding] {
        context.codebase.files.flatMap { file in
            file.observations.observations.compactMap { observation in
                let (message, fix) = Self.describe(observation)
                return Finding(
                    observation.rule, at: observation.location, message, fix: fix, typeName: observation.typeName,
                    subject: observation.subject)
            }
        }
    }

    private static func describe(_ observation: FileObservations.Observation) -> (String, String) {
        let subject = observation.subject
        switch observation.rule {
        case .forceUnwrap:
            return ("Force unwrap '\(subject)' crashes when the value is nil",
                    "Unwrap with 'guard let' or 'if let', or provide a default with '??'")
        case .forceTry:
            return ("'try!' crashes when the call throws",
                    "Use 'try' and handle or propagate the error")
        case .forceCast:
            return ("'as!' crashes when the cast fails",
                    "Use 'as?' and handle the failure, or make the type known statically")
        case .hardcodedURL:
            return ("Hard-coded URL or host \"\(subject)\"",
                    "Move it to configuration (an environment or settings type injected where needed)")
        case .hardcodedInterval:
            return ("Hard-coded time interval '\(subject)'",
                    "Name it (a constant or a configuration value) and use Duration or Measurement for the unit")
        case .uiStateOffMainActor:
            let owner = observation.typeName.map { "'\($0)'" } ?? "the type"
            return ("UI state '\(subject)' of \(owner) is written off the main actor",
                    "Mark \(owner) @MainActor, or hop with 'await MainActor.run' / 'Task { @MainActor in }' before writing")
        default:
            return (subject, "")
        }
    }
}

/// `duplicated-literal`: the same string literal in `thresholds.duplicatedLiteralFiles` files or more (at least two).
/// Literals of test files, interpolated and multi-line strings, literals in attributes and macros, and
/// trivial ones (under three characters, fewer than two letters, format strings) are not counted.
struct DuplicatedLiteralRule: AuditRule {
    var ids: [RuleID] { [.duplicatedLiteral] }

    func findings(in context: RuleContext) -> [Finding] {
        var files: [String: FileCount] = [:]
        files.reserveCapacity(context.codebase.files.reduce(0) { $0 + $1.observations.literals.count })
        for (index, file) in context.codebase.files.enumerated() {
            for literal in file.observations.literals { files[literal.text, default: FileCount()].add(file: index) }
        }
        let threshold = max(context.configuration.thresholds.duplicatedLiteralFiles, 2)
        return context.codebase.files.flatMap { file in
            file.observations.literals.compactMap { literal in
                guard let count = files[literal.text]?.count, count >= threshold else { return nil }
                return Finding(
                    .duplicatedLiteral, at: literal.location,
                    "String literal \"\(literal.text)\" appears in \(count) files",
                    fix: "Give it one name: a constant, an enum case or a configuration value",
                    typeName: literal.typeName, subject: literal.text)
            }
        }
    }

    /// The number of files a literal appears in; files are visited in order, so a repeat in the same file
    /// is the last one counted.
    private struct FileCount {
        var count = 0
        var lastFile = -1

        mutating func add(file: Int) {
            guard file != lastFile else { return }
            count += 1
            lastFile = file
        }
    }
}

/// `parse-error`: files that could not be read, decoded or completely parsed.
struct ParseErrorRule: AuditRule {
    var ids: [RuleID] { [.parseError] }

    func findings(in context: RuleContext) -> [Finding] {
        context.codebase.problems.map { problem in
            let fix: String
            switch problem.kind {
            case .unreadable: fix = "Check the file's permissions, or exclude it in .seam.yml"
            case .invalidUTF8: fix = "Re-save the file as UTF-8, or exclude it in .seam.yml"
            case .syntaxError: fix = "Fix the syntax error (the file should not compile either), or exclude it in .seam.yml"
            case .tooDeep: fix = "Split the nested expression or declaration, or exclude the file in .seam.yml"
            case .tooLarge: fix = "Split the file, or exclude it in .seam.yml"
            }
            return Finding(.parseError, at: problem.location, problem.message, fix: fix, subject: problem.kind.rawValue)
        }
    }
}
