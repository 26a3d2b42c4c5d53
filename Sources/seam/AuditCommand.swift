import ArgumentParser
import Foundation
import SeamAnalysis

/// `seam audit`: count the singleton and DI debt of a codebase and report it.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Report singletons, .shared sites, injection bypasses, cycles and other DI debt.",
        discussion: """
            Reads <path>/.seam.yml when it exists (or --config). With --baseline FILE, the first run records \
            today's findings in FILE and later runs report and count only new ones. With --strict, findings \
            the baseline lists that are gone (fixed debt) fail the run too, until --update-baseline shrinks \
            FILE to the findings still present; it never adds new ones (delete FILE to record afresh). With \
            --history FILE, each run appends one JSON line to FILE: the date, the git commit of <path> (when in \
            git) and the progress metrics (`seam report --history FILE` charts them).

            Exit codes: 0 clean, 1 more findings (warnings and errors, after the baseline) than \
            thresholds.max-findings (default 0), or with --strict baseline entries that are gone, 2 usage or \
            configuration error, or a report that could not be written (a full disk; silently when standard \
            output is a closed pipe).
            """
    )

    @OptionGroup var input: AuditInputOptions

    @Option(help: "The output format.")
    var format: ReportFormat = .text

    @Option(name: .customLong("group-by"), help: "How the text format groups findings.")
    var grouping: ReportContext.Grouping = .file

    @Option(help: "A baseline file: recorded when missing, then only findings not in it are reported.")
    var baseline: String?

    @Flag(
        help: "Shrink the --baseline file to the findings still present (new findings are not added: they still count)."
    )
    var updateBaseline = false

    @Option(help: "A JSON-lines file to append this run's date, git commit and progress metrics to.")
    var history: String?

    @Flag(help: "Also fail when the --baseline file lists findings that are gone, so that fixed debt stays fixed.")
    var strict = false

    @Flag(inversion: .prefixedNo, help: "Colour the text format (default: when standard output is a terminal).")
    var color: Bool?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if baseline?.isEmpty == true { throw ValidationError("--baseline needs a file name (got an empty one)") }
        if history?.isEmpty == true { throw ValidationError("--history needs a file name (got an empty one)") }
        if updateBaseline, baseline == nil {
            throw ValidationError("--update-baseline needs --baseline FILE")
        }
        if strict, baseline == nil { throw ValidationError("--strict needs --baseline FILE") }
    }

    func run() async throws {
        do {
            let (report, configuration) = try await input.audit()
            try appendHistory(report.metrics)
            let (reported, matched, comparison) = try applyBaseline(to: report)
            let context = ReportContext(
                absoluteRoot: input.absolutePath,
                colored: color ?? (output.isTerminal && !Terminal.noColorRequested),
                grouping: grouping,
                baselineMatched: matched
            )
            let text: String
            do {
                text = try format.reporter.render(reported, context: context)
            } catch {
                throw UsageError("cannot render the \(format.rawValue) report: \(error)")
            }
            try output.write(text)
            let counted = reported.findings.filter { $0.severity >= .warning }.count
            let staleBaseline = strict && comparison?.gone.isEmpty == false
            if staleBaseline, let comparison { reportGone(comparison) }
            if counted > configuration.thresholds.maxFindings || staleBaseline {
                throw SeamExitCode.findingsOverThreshold.exitCode
            }
        } catch let error as UsageError {
            throw error.report()
        }
    }

    /// Appends the run's metrics to the `--history` file (the whole codebase's, whatever the baseline hides).
    private func appendHistory(_ metrics: AuditMetrics) throws(UsageError) {
        guard let history else { return }
        let entry = MetricsHistory.Entry(
            date: Date(), commit: GitRevision.head(of: URL(fileURLWithPath: input.path, isDirectory: true)),
            metrics: metrics)
        do {
            try MetricsHistory.append(entry, to: history)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// Records, applies or shrinks the baseline; returns the report with only new findings, the number matched
    /// and the comparison with the baseline file as it stands (`nil` once recorded or shrunk).
    private func applyBaseline(to report: AuditReport) throws(UsageError) -> (AuditReport, Int, BaselineComparison?) {
        guard let baseline else { return (report, 0, nil) }
        var reported = report
        do throws(FileSystemError) {
            // A link someone else planted is neither read nor written through.
            _ = try FileAccess.writeTarget(of: baseline, trustedLinksOnly: true)
        } catch {
            throw UsageError(error.description)
        }
        do {
            if !FileManager.default.fileExists(atPath: baseline) {
                let recorded = Baseline(findings: report.findings)
                try recorded.write(to: baseline)
                Terminal.writeError("seam: recorded \(recorded.count) findings in the baseline \(baseline)")
                reported.findings = []
                return (reported, recorded.count, nil)
            }
            let recorded = try Baseline.load(from: baseline)
            let comparison = recorded.compare(report.findings)
            reported.findings = comparison.new
            guard updateBaseline else { return (reported, comparison.known.count, comparison) }
            let shrunk = comparison.shrunk
            if shrunk != recorded {
                try shrunk.write(to: baseline)
            }
            Terminal.writeError(
                "seam: removed \(comparison.goneCount) gone findings from the baseline \(baseline), \(shrunk.count) remain"
                    + (comparison.new.isEmpty ? "" : " (\(comparison.new.count) new findings are not added)")
            )
            return (reported, comparison.known.count, nil)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// Says which baseline entries are gone and how to drop them (`--strict`).
    private func reportGone(_ comparison: BaselineComparison) {
        guard let baseline else { return }
        let gone = comparison.gone
        Terminal.writeError(
            "seam: --strict: the baseline \(baseline) lists \(comparison.goneCount) findings that are gone (fixed debt); "
                + "run seam audit with --update-baseline to remove them, so they cannot come back unnoticed:"
        )
        let shown = 100
        for entry in gone.prefix(shown) {
            Terminal.writeError("\(baseline)\(entry.line.map { ":\($0)" } ?? ""): \(entry)")
        }
        if gone.count > shown { Terminal.writeError("... and \(gone.count - shown) more entries") }
    }
}
