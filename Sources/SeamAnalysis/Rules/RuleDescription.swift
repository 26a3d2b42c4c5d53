/// Everything about an audit rule except its check: its id, default severity, documentation and examples.
///
/// Each rule declares its description beside its check, in the rule's own file (as SwiftLint keeps a
/// `RuleDescription` beside each rule); `AuditRules.descriptions` lists them, and ``RuleID/all``,
/// ``RuleID/defaultSeverity``, ``RuleDocumentation`` and the rule tables of the README and the DocC catalog
/// come from them (a test checks the tables and runs every example through the audit).
///
/// ```swift
/// for rule in AuditRules.descriptions {
///     print(rule.id, rule.defaultSeverity, rule.summary)
/// }
/// ```
public struct RuleDescription: Sendable, Hashable {
    /// The rule's id, as in reports, `.seam.yml` and `// seam:ignore`.
    public var id: RuleID
    /// A PascalCase name (`InjectionBypass`), as SARIF expects.
    public var name: String
    /// The severity the rule reports at unless `.seam.yml` overrides it.
    public var defaultSeverity: Severity
    /// One sentence: what the rule finds.
    public var summary: String
    /// One sentence: how to fix a finding.
    public var help: String
    /// A longer paragraph: exactly what is reported and what is not.
    public var discussion: String
    /// Code the rule reports: each example gives at least one finding of this rule.
    public var triggeringExamples: [RuleExample]
    /// Code the rule does not report: each example gives no finding of this rule.
    public var nonTriggeringExamples: [RuleExample]
    /// Whether a finding's fingerprint leaves its message out, because the type and subject name the finding
    /// and the message only measures it (`fat-view-model`'s lines and properties, a cycle's counts).
    public var fingerprintOmitsMessage: Bool

    /// Creates a rule's description.
    public init(
        id: RuleID, name: String, defaultSeverity: Severity, summary: String, help: String, discussion: String,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample], fingerprintOmitsMessage: Bool = false
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.help = help
        self.discussion = discussion
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.fingerprintOmitsMessage = fingerprintOmitsMessage
    }
}

/// Swift code that shows what a rule reports or leaves alone: one or more files, audited together.
public struct RuleExample: Sendable, Hashable, ExpressibleByStringLiteral {
    /// Relative path → source.
    public var files: [String: String]

    /// An example of several files (path → source), for rules that look across files.
    public init(files: [String: String]) { self.files = files }

    /// An example of one file, `Example.swift`.
    public init(_ source: String) { files = ["Example.swift": source] }

    /// An example of one file, `Example.swift`, written as a string literal.
    public init(stringLiteral value: String) { self.init(value) }
}
