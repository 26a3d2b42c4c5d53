/// What a rule checks and how to fix what it finds: the metadata reports show next to findings
/// (SARIF `tool.driver.rules`, the Markdown summary) and `.seam.yml` validates rule ids against. Each rule's
/// comes from the ``RuleDescription`` declared in the rule's own file.
public struct RuleDocumentation: Sendable, Hashable {
    /// The rule's id, as in reports and `.seam.yml`.
    public var id: RuleID
    /// A PascalCase name (`InjectionBypass`), as SARIF expects.
    public var name: String
    /// One sentence: what the rule finds.
    public var summary: String
    /// One sentence: how to fix a finding.
    public var help: String
    /// The severity the rule reports at unless `.seam.yml` overrides it.
    public var defaultSeverity: Severity { id.defaultSeverity }

    /// Creates a rule's documentation; its default severity comes from `id`.
    public init(id: RuleID, name: String, summary: String, help: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.help = help
    }

    /// The documentation of `id`, or a generic entry for a rule this version does not know.
    public static func of(_ id: RuleID) -> RuleDocumentation {
        all.first { $0.id == id }
            ?? RuleDocumentation(
                id: id, name: id.rawValue, summary: "Findings of rule \(id.rawValue).",
                help: "See the finding's fix hint."
            )
    }

    /// The documentation of a rule's description.
    public init(_ description: RuleDescription) {
        self.init(id: description.id, name: description.name, summary: description.summary, help: description.help)
    }

    /// Every rule of `seam audit`, in the order of `RuleID.all`, from each rule's ``RuleDescription``.
    public static let all: [RuleDocumentation] = AuditRules.descriptions.map { RuleDocumentation($0) }
}
