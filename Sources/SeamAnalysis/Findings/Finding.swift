/// One piece of debt found by `seam audit`: a rule, where it is, what is wrong and how to fix it.
///
/// ```swift
/// for finding in report.findings where finding.rule == .injectionBypass {
///     print("\(finding.location): \(finding.message)")
/// }
/// ```
public struct Finding: Hashable, Codable, Sendable {
    /// The rule that produced this finding.
    public var rule: RuleID
    /// How serious it is (after `.seam.yml` overrides).
    public var severity: Severity
    /// Where it is.
    public var location: SourceLocation
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it, in one sentence.
    public var fixHint: String
    /// The type the finding belongs to (the enclosing type, extensions attributed to their type), if any.
    public var typeName: String?
    /// The singleton, dependency or literal the finding is about, if any (`"DataStore"`, `"30 * 60"`).
    public var subject: String?

    /// Creates a finding; `typeName` and `subject` default to `nil`.
    public init(
        rule: RuleID, severity: Severity, location: SourceLocation, message: String, fixHint: String,
        typeName: String? = nil, subject: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.message = message
        self.fixHint = fixHint
        self.typeName = typeName
        self.subject = subject
    }

    /// A key that identifies the finding across edits that move lines (used by `--baseline`):
    /// rule, file, type, subject and message, but not line or column.
    public var fingerprint: String {
        [rule.rawValue, location.file, typeName ?? "", subject ?? "", message].joined(separator: "|")
    }
}
