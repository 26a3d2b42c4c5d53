import Foundation
import SeamAnalysis
import Testing

/// The registry, the documentation and the rule tables come from the rules' own descriptions.
@Suite("rule registry and documentation")
struct RuleRegistryTests {
    @Test("ids and names are unique; RuleID.all and RuleDocumentation come from the registry")
    func registry() {
        let ids = AuditRules.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(AuditRules.descriptions.map(\.name)).count == ids.count)
        #expect(RuleID.all == ids)
        #expect(RuleDocumentation.all.map(\.id) == ids)
        for description in AuditRules.descriptions {
            #expect(description.id.defaultSeverity == description.defaultSeverity)
            #expect(RuleDocumentation.of(description.id).summary == description.summary)
            #expect(RuleDocumentation.of(description.id).defaultSeverity == description.defaultSeverity)
            #expect(!description.triggeringExamples.isEmpty, "\(description.id) has no triggering example")
            #expect(!description.nonTriggeringExamples.isEmpty, "\(description.id) has no non-triggering example")
            #expect(!description.discussion.isEmpty)
        }
    }

    @Test("each triggering example gives a finding of its rule", arguments: AuditRules.descriptions)
    func triggeringExamples(_ description: RuleDescription) async throws {
        for example in description.triggeringExamples {
            let findings = try await audit(example.files).findings(description.id)
            #expect(
                !findings.isEmpty, "\(description.id) does not report:\n\(example.files.values.joined(separator: "\n"))"
            )
        }
    }

    @Test("each non-triggering example gives no finding of its rule", arguments: AuditRules.descriptions)
    func nonTriggeringExamples(_ description: RuleDescription) async throws {
        for example in description.nonTriggeringExamples {
            let findings = try await audit(example.files).findings(description.id)
            #expect(
                findings.isEmpty,
                "\(description.id) reports \(findings.map(\.message)) in:\n\(example.files.values.joined(separator: "\n"))"
            )
        }
    }

    /// The repository's root, from this file's path.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The rows of the Markdown table whose header starts with `header`: each row's rule id (the first cell,
    /// in backticks) and default severity (the second cell).
    private static func ruleTable(in path: String, header: String) throws -> [(id: String, severity: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            let cells = row.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2])
        }
    }

    @Test("the README's rule table lists exactly the registry's ids, in order, with their default severities")
    func readmeTable() throws {
        let rows = try Self.ruleTable(in: "README.md", header: "| Rule | Default |")
        #expect(rows.map(\.id) == AuditRules.descriptions.map(\.id.rawValue))
        #expect(rows.map(\.severity) == AuditRules.descriptions.map(\.defaultSeverity.rawValue))
    }

    @Test("the DocC catalog's rule table lists exactly the registry's ids, in order, with their default severities")
    func doccTable() throws {
        let rows = try Self.ruleTable(
            in: "Sources/SeamAnalysis/SeamAnalysis.docc/SeamAnalysis.md", header: "| Rule id | Default |")
        #expect(rows.map(\.id) == AuditRules.descriptions.map(\.id.rawValue))
        #expect(rows.map(\.severity) == AuditRules.descriptions.map(\.defaultSeverity.rawValue))
    }
}

extension RuleDescription: CustomTestStringConvertible {
    /// The rule's id, naming each case of a parameterized test.
    public var testDescription: String { id.rawValue }
}
