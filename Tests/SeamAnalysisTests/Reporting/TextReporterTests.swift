import SeamTestSupport
import Testing
@testable import SeamAnalysis

@Suite("Text report")
struct TextReporterTests {
    private let report = ReportFixtures.report()

    @Test func groupsFindingsByFileInLocationOrder() {
        let output = TextReporter().render(report, context: ReportContext())
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.filter { $0.hasPrefix("Examples/App/") }
        #expect(
            headers == [
                "Examples/App/Sources/App/AuthManager.swift",
                "Examples/App/Sources/App/ForecastViewModel.swift",
                "Examples/App/Sources/App/SpotDetailViewModel.swift",
            ]
        )
        let detail = lines.firstIndex(of: "Examples/App/Sources/App/SpotDetailViewModel.swift") ?? 0
        #expect(lines[detail + 1].hasPrefix("  12:5  warning  SpotDetailViewModel reaches"))
        #expect(lines[detail + 1].hasSuffix("[singleton-access]"))
        #expect(lines[detail + 2] == "      fix: Inject DataStore.")
        #expect(lines[detail + 3].hasPrefix("  34:9  error    SpotDetailViewModel injects"))
    }

    @Test func groupsFindingsByRuleWithCounts() {
        let output = TextReporter().render(report, context: ReportContext(grouping: .rule))
        #expect(output.contains("singleton-access (2)  A use of a singleton"))
        #expect(output.contains("  Examples/App/Sources/App/AuthManager.swift:54:9  warning  AuthManager reaches"))
        #expect(output.contains("injection-bypass (1)"))
        let ruleOrder = ["injected-singleton-default (1)", "injection-bypass (1)", "singleton-access (2)"]
        let positions = ruleOrder.compactMap { output.range(of: $0)?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted())
    }

    @Test func printsTheMigrationProgressTable() {
        let output = TextReporter().render(report, context: ReportContext())
        #expect(output.contains("Migration progress: Examples/App (35 files, 1,245 lines)"))
        #expect(output.contains(LegacyAppFigures.progressTableRows))
        #expect(!output.contains("in coordinators"), "roles without accesses are left out")
        #expect(output.hasSuffix("5 findings: 1 error, 3 warnings, 1 note\n"))
    }

    @Test func mentionsFindingsLeftInTheBaseline() {
        let output = TextReporter().render(
            ReportFixtures.report(findings: []), context: ReportContext(baselineMatched: 12)
        )
        #expect(output.hasSuffix("No findings (12 more in the baseline)\n"))
    }

    @Test func colorsOnlyWhenAsked() {
        let plain = TextReporter().render(report, context: ReportContext(colored: false))
        let colored = TextReporter().render(report, context: ReportContext(colored: true))
        #expect(!plain.contains("\u{1B}["))
        #expect(colored.contains("\u{1B}[1;31merror  \u{1B}[0m"))
        #expect(colored.contains("\u{1B}[33mwarning\u{1B}[0m"))
    }

    @Test func rootDotLeavesPathsAsTheyAre() {
        let output = TextReporter().render(ReportFixtures.report(root: "."), context: ReportContext())
        #expect(
            output.contains("\nSources/App/AuthManager.swift\n") || output.hasPrefix("Sources/App/AuthManager.swift\n"))
    }
}
