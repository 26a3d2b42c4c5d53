import ArgumentParser
import Foundation
import SeamAnalysis

/// `seam report`: the audit as one self-contained HTML page.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the audit as one self-contained HTML page: progress, roadmap, graph, findings with code.",
        discussion: """
            The page holds the progress table, the roadmap phase the codebase is in with what is left in each \
            phase, the top offenders, the dependency graph drawn as SVG (a click on a type lists its findings; \
            past 150 types, one box per target or folder), and the findings by file with a code excerpt. \
            With --history FILE (written by `seam audit --history FILE`), each metric is charted over time; \
            lines of FILE that are not metrics entries are skipped with a warning naming the line. \
            The page loads nothing from the network. \
            Exit codes: 0 written, 2 usage or configuration error, or a page that could not be written.
            """
    )

    @OptionGroup var input: AuditInputOptions

    @Option(help: "A JSON-lines history written by `seam audit --history FILE`, to chart each metric over time.")
    var history: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if history?.isEmpty == true { throw ValidationError("--history needs a file name (got an empty one)") }
    }

    func run() async throws {
        do throws(UsageError) {
            try output.write(try await page().render())
        } catch {
            throw error.report()
        }
    }

    /// The page: the audit and roadmap of the folder, with the history and the files' excerpts and targets.
    private func page() async throws(UsageError) -> HTMLReport {
        let metricsHistory = try loadHistory()
        let audited = try await input.auditAndRoadmap()
        let codebase = audited.codebase
        return HTMLReport(
            report: audited.report, roadmap: audited.roadmap, history: metricsHistory,
            excerpts: SourceExcerpts(root: codebase.root, files: audited.report.findings.map(\.location.file)),
            targets: Dictionary(codebase.files.map { ($0.path, $0.target) }, uniquingKeysWith: { first, _ in first }),
            goals: codebase.configuration.goals)
    }

    /// The `--history` file, its skipped lines reported as warnings.
    private func loadHistory() throws(UsageError) -> MetricsHistory? {
        guard let history else { return nil }
        let loaded: MetricsHistory
        do {
            loaded = try MetricsHistory.load(from: history)
        } catch {
            throw UsageError(error.description)
        }
        for problem in loaded.skipped { Terminal.writeError("seam: warning: \(problem) (line skipped)") }
        return loaded
    }
}
