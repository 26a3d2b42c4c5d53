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

    /// The version of the ``fingerprint`` format, as SARIF's `partialFingerprints` key names it
    /// (`seamFingerprint/v2`). Version 1 kept the whole message, counts included.
    public static let fingerprintVersion = 2

    /// A key that names the finding, not its size, across edits (used by `--baseline` and SARIF): rule, file,
    /// type, subject and the message with every number taken out (`has 304 lines` and `has 305 lines` give one
    /// key), or no message at all for a rule whose type and subject name the finding
    /// (``RuleDescription/fingerprintOmitsMessage``: `fat-view-model`, `dependency-cycle`, `duplicated-literal`,
    /// `injection-bypass`).
    /// Line and column are left out, so moving code, adding lines or changing a count keeps the fingerprint;
    /// another subject or type makes another one.
    public var fingerprint: String {
        let omitsMessage = AuditRules.description(of: rule)?.fingerprintOmitsMessage ?? false
        let key = omitsMessage ? "" : Self.countFree(message)
        return [rule.rawValue, location.file, typeName ?? "", subject ?? "", key].joined(separator: "|")
    }

    /// The fingerprint of format version 1 (rule, file, type, subject and the whole message), to match the
    /// findings of a baseline recorded before version 2.
    var fingerprintVersion1: String {
        [rule.rawValue, location.file, typeName ?? "", subject ?? "", message].joined(separator: "|")
    }

    /// `message` with each run of digits replaced by `#`.
    static func countFree(_ message: String) -> String {
        var result = ""
        result.reserveCapacity(message.utf8.count)
        var inNumber = false
        for character in message.unicodeScalars {
            if ("0"..."9").contains(character) {
                if !inNumber { result.append("#") }
                inNumber = true
            } else {
                result.unicodeScalars.append(character)
                inNumber = false
            }
        }
        return result
    }
}
