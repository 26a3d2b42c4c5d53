import BenchHarness
import Foundation
import SwiftCorpus

/// Audits with the per-file cache (issue 22) against audits without it, on the generated real-shaped corpus (or a
/// copy of `--source DIR`, so that the edited file is never the original):
///
///     AuditBenchmarks --incremental [--source DIR] [--rounds N] [--passes N] [--threads 1,2] [--check]
///
/// For each thread count, each round runs three children (each a warm-up pass, then `--passes` timed passes):
///
/// - **cold**: `--child audit`, no cache: every file parsed.
/// - **unchanged**: `--child audit --cache-dir D`, the cache filled by the warm-up pass: every file's facts read back.
/// - **one file changed**: the same with `--touch F`: before each timed pass a line is appended to one file, which is
///   parsed again while the rest come from the cache.
///
/// Every pass is a whole audit, the cross-file steps (types, resolving, rules, metrics, graph) included. `--check`
/// fails when an unchanged audit takes 10% or more of a cold one, or a one-file-changed audit 15% or more (medians).
enum IncrementalRuns {
    static let unchangedLimit = 0.10
    static let changedLimit = 0.15

    static func run(arguments: Arguments) throws {
        let rounds = try arguments.integer("--rounds", default: 3)
        let passes = try arguments.integer("--passes", default: 2)
        let threadCounts = try (arguments.value("--threads") ?? "1,2").split(separator: ",").map { text in
            guard let count = Int(text), count > 0 else { throw ArgumentError("--threads expects counts like 1,2") }
            return count
        }
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("seam-incremental-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let root = work.appendingPathComponent("corpus", isDirectory: true)
        if let source = arguments.value("--source") {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: root)
        } else {
            _ = try CorpusGenerator(seed: 0x5EA4, minimumLines: 300_000, shape: .real).write(to: root)
        }
        let manifest = try ParseOnly.manifest(of: root)
        let files = try ParseOnly.swiftFiles(under: root)
        // A file in the middle of the list, of ordinary size.
        let touched = files[files.count / 2].path
        printError(
            "measuring \(manifest.files) files, \(manifest.lines) lines (a copy at \(root.path)); edited: \(touched)")

        var rows: [(threads: Int, cold: Double, unchanged: Double, changed: Double)] = []
        for threads in threadCounts {
            var cold: [Double] = []
            var unchanged: [Double] = []
            var changed: [Double] = []
            for round in 1...rounds {
                printError("round \(round)/\(rounds) on \(threads) thread(s)")
                let cache = work.appendingPathComponent("cache-\(threads)-\(round)").path
                cold += try child(root: root, threads: threads, passes: passes, extra: [])
                unchanged += try child(root: root, threads: threads, passes: passes, extra: ["--cache-dir", cache])
                changed += try child(
                    root: root, threads: threads, passes: passes, extra: ["--cache-dir", cache, "--touch", touched])
            }
            rows.append((threads, Statistics(cold).median, Statistics(unchanged).median, Statistics(changed).median))
        }

        print(
            """
            Incremental audits — \(Format.grouped(manifest.files)) files, \(Format.grouped(manifest.lines)) lines; \
            median of \(rounds) processes × \(passes) timed passes; load average \
            \(ProcessStats.loadAverage().map { Format.fixed($0, decimals: 2) } ?? "?")

            | threads | cold (no cache) s | unchanged s | ÷ cold | one file changed s | ÷ cold |
            |---:|---:|---:|---:|---:|---:|
            """)
        for row in rows {
            print(
                "| \(row.threads) | \(Format.fixed(row.cold, decimals: 3)) | \(Format.fixed(row.unchanged, decimals: 3)) | "
                    + "\(percent(row.unchanged / row.cold)) | \(Format.fixed(row.changed, decimals: 3)) | "
                    + "\(percent(row.changed / row.cold)) |")
        }
        if arguments.has("--check") {
            var failed = false
            for row in rows {
                if row.unchanged / row.cold >= unchangedLimit {
                    print(
                        "check: FAIL unchanged audit on \(row.threads) thread(s) is \(percent(row.unchanged / row.cold)) of a cold one (limit 10%)"
                    )
                    failed = true
                }
                if row.changed / row.cold >= changedLimit {
                    print(
                        "check: FAIL one-file-changed audit on \(row.threads) thread(s) is \(percent(row.changed / row.cold)) of a cold one (limit 15%)"
                    )
                    failed = true
                }
            }
            if failed { exit(1) }
            print("\ncheck: incremental audits within 10% (unchanged) and 15% (one file changed) of a cold one")
        }
    }

    private static func percent(_ fraction: Double) -> String { Format.fixed(100 * fraction, decimals: 1) + "%" }

    /// Runs one child and returns the seconds of its timed passes.
    private static func child(root: URL, threads: Int, passes: Int, extra: [String]) throws -> [Double] {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")
        process.arguments =
            [
                "--child", "audit", "--threads", String(threads), "--corpus", root.path, "--passes", String(passes),
            ] + extra
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ArgumentError(
                "a child (\(extra.joined(separator: " "))) exited with status \(process.terminationStatus)")
        }
        let seconds = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> Double? in
            guard line.hasPrefix("RESULT "), !line.contains(" pass=0 "),
                let field = line.split(separator: " ").first(where: { $0.hasPrefix("ns=") }),
                let nanoseconds = Double(field.dropFirst(3))
            else { return nil }
            return nanoseconds / 1e9
        }
        guard seconds.count == passes else { throw ArgumentError("a child printed \(seconds.count) timed passes") }
        return seconds
    }
}
