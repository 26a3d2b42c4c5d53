import Testing
@testable import SeamAnalysis

@Suite("Xcode and GitHub annotations")
struct LineReporterTests {
    @Test func xcodeLinesAreClickableDiagnostics() {
        let output = XcodeReporter().render(ReportFixtures.report(), context: ReportContext())
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(
            lines.first
                == "Examples/App/Sources/App/AuthManager.swift:8:5: warning: "
                + "AuthManager declares the singleton AuthManager.shared. [singleton-declaration]"
        )
        #expect(lines.contains { $0.hasPrefix("Examples/App/Sources/App/SpotDetailViewModel.swift:34:9: error: ") })
        #expect(lines.contains { $0.hasPrefix("Examples/App/Sources/App/ForecastViewModel.swift:15:25: note: ") })
    }

    @Test func xcodeOutputIsEmptyWithoutFindings() {
        #expect(XcodeReporter().render(ReportFixtures.report(findings: []), context: ReportContext()).isEmpty)
    }

    @Test func githubAnnotationsMapSeverityToCommand() {
        let output = GitHubReporter().render(ReportFixtures.report(root: "."), context: ReportContext())
        let lines = output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "::error file=Sources/App/SpotDetailViewModel.swift,line=34,col=9,title=injection-bypass::"
                    + "SpotDetailViewModel injects DataStoreProtocol but calls DataStore.shared. "
                    + "Fix: Use the injected dataStore."
            )
        )
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 1)
    }

    @Test func githubAnnotationsEscapeSeparators() {
        let finding = Finding(
            rule: .hardcodedURL, severity: .warning,
            location: SourceLocation(file: "Odd, name:1.swift", line: 3, column: 1),
            message: "100% hard-coded\nURL", fixHint: "Configure it."
        )
        let output = GitHubReporter().render(
            ReportFixtures.report(root: ".", findings: [finding]), context: ReportContext())
        #expect(
            output
                == "::warning file=Odd%2C name%3A1.swift,line=3,col=1,title=hardcoded-url::"
                + "100%25 hard-coded%0AURL Fix: Configure it.\n"
        )
    }
}
