import BenchHarness
import SwiftCorpus

/// The audit benchmark's table: throughput and peak memory per configuration, and the
/// audit ÷ parse-only ratio per thread count.
struct AuditReportTable {
    let manifest: CorpusGenerator.Manifest
    let samples: [Driver.Sample]
    let threadCounts: [Int]

    struct Ratio {
        let threads: Int
        let ratio: Double
    }

    /// Median seconds of the timed passes (the warm-up pass 0 excluded).
    func medianSeconds(_ mode: ChildRun.Mode, threads: Int) -> Double? {
        let times = samples.filter { $0.mode == mode && $0.threads == threads && $0.pass > 0 }
            .map { Double($0.nanoseconds) / 1e9 }
        return times.isEmpty ? nil : Statistics(times).median
    }

    /// Median CPU seconds (user + system, all threads) of the timed passes.
    func medianCPUSeconds(_ mode: ChildRun.Mode, threads: Int) -> Double? {
        let times = samples.filter { $0.mode == mode && $0.threads == threads && $0.pass > 0 }
            .map { Double($0.cpuNanoseconds) / 1e9 }
        return times.isEmpty ? nil : Statistics(times).median
    }

    /// The least CPU seconds of any timed pass: the pass least disturbed by other processes on a shared
    /// machine (hyperthread and cache contention inflate CPU time too, not only wall time).
    func fastestCPUSeconds(_ mode: ChildRun.Mode, threads: Int) -> Double? {
        samples.filter { $0.mode == mode && $0.threads == threads && $0.pass > 0 }
            .map { Double($0.cpuNanoseconds) / 1e9 }.min()
    }

    /// The fastest audit pass's CPU time over the fastest parse-only pass's, at the same thread count.
    func fastestCPURatio(threads: Int) -> Double? {
        guard let audit = fastestCPUSeconds(.audit, threads: threads),
            let parse = fastestCPUSeconds(.parse, threads: threads), parse > 0
        else { return nil }
        return audit / parse
    }

    /// CPU time of `mode` over parse-only CPU time at the same thread count.
    func cpuRatio(_ mode: ChildRun.Mode, threads: Int) -> Double? {
        guard let cpu = medianCPUSeconds(mode, threads: threads),
            let parse = medianCPUSeconds(.parse, threads: threads), parse > 0
        else { return nil }
        return cpu / parse
    }

    /// The largest peak RSS over this configuration's processes.
    func peakBytes(_ mode: ChildRun.Mode, threads: Int) -> UInt64 {
        samples.filter { $0.mode == mode && $0.threads == threads }.map(\.peakBytes).max() ?? 0
    }

    /// The most files any parse-only pass found with syntax errors (a valid corpus has none).
    var filesWithSyntaxErrors: Int {
        samples.filter { $0.mode == .parse }.compactMap { $0.fields["errors"].flatMap(Int.init) }.max() ?? 0
    }

    var ratios: [Ratio] {
        threadCounts.compactMap { threads in
            guard let audit = medianSeconds(.audit, threads: threads),
                let parse = medianSeconds(.parse, threads: threads)
            else { return nil }
            return Ratio(threads: threads, ratio: audit / parse)
        }
    }

    func render() -> String {
        var table = MarkdownTable(
            headers: [
                "configuration", "threads", "median wall s", "lines/s", "files/s", "× parse-only", "CPU s",
                "CPU × parse-only",
                "peak RSS",
            ],
            rightAligned: [1, 2, 3, 4, 5, 6, 7, 8]
        )
        for threads in threadCounts {
            let parse = medianSeconds(.parse, threads: threads)
            for mode in ChildRun.Mode.allCases {
                guard let seconds = medianSeconds(mode, threads: threads) else { continue }
                let title = mode == .parse ? "SwiftSyntax parse-only (read + `Parser.parse`)" : "seam audit engine"
                table.append([
                    title, String(threads), Format.fixed(seconds, decimals: 3),
                    Format.grouped(Int(Double(manifest.lines) / seconds)),
                    Format.grouped(Int(Double(manifest.files) / seconds)),
                    parse.map { Format.ratio(seconds / $0) } ?? "—",
                    medianCPUSeconds(mode, threads: threads).map { Format.fixed($0, decimals: 3) } ?? "—",
                    cpuRatio(mode, threads: threads).map(Format.ratio) ?? "—",
                    Format.mebibytes(peakBytes(mode, threads: threads)),
                ])
            }
        }
        var lines = [table.render(), ""]
        for ratio in ratios {
            let verdict = ratio.ratio <= Driver.auditToParseLimit ? "PASS" : "FAIL"
            var cpu = cpuRatio(.audit, threads: ratio.threads).map { "; CPU time \(Format.ratio($0))" } ?? ""
            if let fastest = fastestCPURatio(threads: ratio.threads) {
                cpu += "; fastest passes' CPU time \(Format.ratio(fastest))"
            }
            lines.append(
                "- \(threads(ratio.threads)): audit = \(Format.ratio(ratio.ratio)) parse-only wall time (target ≤ \(Format.ratio(Driver.auditToParseLimit))): \(verdict)\(cpu)"
            )
        }
        if let one = medianSeconds(.audit, threads: 1), let two = medianSeconds(.audit, threads: 2) {
            lines.append("- audit speed-up from 1 to 2 threads: \(Format.ratio(one / two))")
        }
        if let one = medianSeconds(.parse, threads: 1), let two = medianSeconds(.parse, threads: 2) {
            lines.append("- parse-only speed-up from 1 to 2 threads: \(Format.ratio(one / two))")
        }
        lines.append("- corpus files with syntax errors (SwiftSyntax): \(filesWithSyntaxErrors)")
        if let audit = samples.last(where: { $0.mode == .audit }) {
            let details = audit.fields.filter { !["mode", "threads", "pass", "ns", "cpu", "peak"].contains($0.key) }
                .sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            if !details.isEmpty { lines.append("- audit result: " + details.joined(separator: ", ")) }
        }
        return lines.joined(separator: "\n")
    }

    private func threads(_ count: Int) -> String {
        count == 1 ? "1 thread" : "\(count) threads"
    }
}
