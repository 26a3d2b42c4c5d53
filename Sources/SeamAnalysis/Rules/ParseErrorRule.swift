extension RuleID {
    /// A file that could not be read or parsed completely.
    public static let parseError: RuleID = "parse-error"
}

/// `parse-error`: files that could not be read, decoded or completely parsed.
struct ParseErrorRule: AuditRule {
    static let description = RuleDescription(
        id: .parseError, name: "ParseError", defaultSeverity: .warning,
        summary: "A file that could not be read or parsed completely.",
        help: "Fix the file's encoding or syntax; the rest of the audit still ran.",
        discussion: """
            A file that could not be read, is not UTF-8 (skipped), is nested too deeply or too large, or only \
            partly parsed (analysed as far as it parsed). The rest of the audit runs; the finding counts.
            """,
        triggeringExamples: ["func broken( {\n"],
        nonTriggeringExamples: ["func fine() {}\n"])

    func findings(in context: RuleContext) -> [Finding] {
        context.codebase.problems.map { problem in
            let fix: String
            switch problem.kind {
            case .unreadable: fix = "Check the file's permissions, or exclude it in .seam.yml"
            case .invalidUTF8: fix = "Re-save the file as UTF-8, or exclude it in .seam.yml"
            case .syntaxError:
                fix = "Fix the syntax error (the file should not compile either), or exclude it in .seam.yml"
            case .tooDeep: fix = "Split the nested expression or declaration, or exclude the file in .seam.yml"
            case .tooLarge: fix = "Split the file, or exclude it in .seam.yml"
            }
            return Finding(.parseError, at: problem.location, problem.message, fix: fix, subject: problem.kind.rawValue)
        }
    }
}
