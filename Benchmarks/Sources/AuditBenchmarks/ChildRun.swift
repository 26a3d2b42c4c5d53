import BenchHarness
import Foundation

/// One measured configuration, run in its own process: a warm-up pass, then timed passes, each
/// printed as a `RESULT` line the driver parses.
enum ChildRun {
    /// The measured operation.
    enum Mode: String, CaseIterable {
        case parse
        case audit
    }

    static func run(mode rawMode: String, arguments: Arguments) async throws {
        guard let mode = Mode(rawValue: rawMode) else {
            throw ArgumentError("--child expects parse or audit, got '\(rawMode)'")
        }
        guard let corpus = arguments.value("--corpus") else { throw ArgumentError("--child needs --corpus") }
        let root = URL(fileURLWithPath: corpus)
        let threads = try arguments.integer("--threads", default: 1)
        let passes = try arguments.integer("--passes", default: 2)
        // `--cache-dir D`: each audit pass reads and writes that cache (see `IncrementalRuns`); `--touch FILE`: a line
        // is appended to FILE before each timed pass, so that one file changed since the last pass.
        let cache = arguments.value("--cache-dir").map { URL(fileURLWithPath: $0, isDirectory: true) }
        let touched = arguments.value("--touch")
        for pass in 0...passes {
            if pass > 0, let touched {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: touched))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("// edit \(pass)\n".utf8))
                try handle.close()
            }
            let start = MonotonicClock.now()
            let cpuStart = ProcessStats.cpuNanoseconds()
            let summary: String
            switch mode {
            case .parse:
                let totals = try await ParseOnly.run(root: root, threads: threads)
                summary = "files=\(totals.files) errors=\(totals.filesWithErrors)"
            case .audit:
                summary = try await AuditRun.run(root: root, threads: threads, cache: cache)
            }
            let elapsed = MonotonicClock.now() - start
            let cpu = ProcessStats.cpuNanoseconds() - cpuStart
            // Pass 0 is the warm-up; the driver ignores it for time but not for peak memory.
            print(
                "RESULT mode=\(mode.rawValue) threads=\(threads) pass=\(pass) ns=\(elapsed) cpu=\(cpu) \(summary) peak=\(ProcessStats.peakResidentBytes())"
            )
        }
    }
}
