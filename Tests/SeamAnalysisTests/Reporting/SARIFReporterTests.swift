import Foundation
import SeamTestSupport
import Testing
@testable import SeamAnalysis

@Suite("SARIF report")
struct SARIFReporterTests {
    private let schema = SchemaValidator.sarif

    private func run(_ context: ReportContext = ReportContext(absoluteRoot: "/work/App")) throws -> [String: Any] {
        let text = try SARIFReporter().render(ReportFixtures.report(), context: context)
        let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        return try #require(runs.first)
    }

    @Test func validatesAgainstTheOASISSchema() async throws {
        let text = try SARIFReporter().render(
            ReportFixtures.report(), context: ReportContext(absoluteRoot: "/work/App"))
        let errors = try await SchemaValidator.errors(in: text, schema: schema)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func validatesWithoutABaseURIAndWithoutFindings() async throws {
        let text = try SARIFReporter().render(ReportFixtures.report(findings: []), context: ReportContext())
        let errors = try await SchemaValidator.errors(in: text, schema: schema)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func theSchemaCatchesAnInvalidLevel() async throws {
        let text = try SARIFReporter().render(ReportFixtures.report(), context: ReportContext())
            .replacingOccurrences(of: "\"level\" : \"error\"", with: "\"level\" : \"fatal\"")
        let errors = try await SchemaValidator.errors(in: text, schema: schema)
        #expect(!errors.isEmpty, "the validator must reject level 'fatal'")
    }

    @Test func describesEveryRuleAndIndexesResultsIntoThem() throws {
        let run = try run()
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "seam")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleDocumentation.all.count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 5)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(results.map { $0["level"] as? String } == ["warning", "warning", "note", "warning", "error"])
    }

    @Test func locationsAreRelativeToTheSourceRoot() throws {
        let run = try run()
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: Any]])
        #expect(bases["%SRCROOT%"]?["uri"] as? String == "file:///work/App/")
        let results = try #require(run["results"] as? [[String: Any]])
        let location = try #require((results.first?["locations"] as? [[String: Any]])?.first)
        let physical = try #require(location["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Sources/App/AuthManager.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        #expect((physical["region"] as? [String: Int]) == ["startLine": 8, "startColumn": 5])
    }

    @Test("columns are UTF-16 code units after non-ASCII text, UTF-8 bytes in the other formats")
    func utf16Columns() async throws {
        // `é` is 2 UTF-8 bytes and 1 UTF-16 unit; `🌊` is 4 bytes and 2 units.
        let fixture = try Fixture(["Spots.swift": "let a = \"é🌊\"; let b = Int(a)!\nlet c = Int(a)!\n"])
        defer { fixture.remove() }
        let report = try await Auditor(configuration: AuditConfiguration()).audit(root: fixture.root)
        let unwraps = report.findings.filter { $0.rule == .forceUnwrap }
        #expect(unwraps.map(\.location.column) == [33, 15])

        let text = try SARIFReporter().render(report, context: ReportContext(absoluteRoot: fixture.root.path))
        let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let columns = results.filter { $0["ruleId"] as? String == "force-unwrap" }.compactMap { result in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["region"] as? [String: Int])?["startColumn"]
        }
        #expect(columns == [30, 15])
    }

    @Test func unknownRulesGetADescriptorToo() async throws {
        let finding = Finding(
            rule: "custom-rule", severity: .note, location: SourceLocation(file: "My File.swift", line: 2, column: 3),
            message: "custom", fixHint: "none"
        )
        let text = try SARIFReporter().render(ReportFixtures.report(findings: [finding]), context: ReportContext())
        #expect(text.contains("\"id\" : \"custom-rule\""))
        #expect(text.contains("\"uri\" : \"My%20File.swift\""))
        #expect(try await SchemaValidator.errors(in: text, schema: schema).isEmpty)
    }
}

@Suite("Rule documentation")
struct RuleDocumentationTests {
    @Test func documentsEveryRuleTheAuditorKnowsInOrder() {
        #expect(RuleDocumentation.all.map(\.id) == RuleID.all)
        #expect(Set(RuleDocumentation.all.map(\.name)).count == RuleID.all.count)
    }

    @Test func defaultSeveritiesComeFromTheRules() {
        #expect(RuleDocumentation.of(.injectionBypass).defaultSeverity == .error)
        #expect(RuleDocumentation.of(.hardcodedInterval).defaultSeverity == .note)
        #expect(RuleDocumentation.of("made-up").name == "made-up")
    }
}
