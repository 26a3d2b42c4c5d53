import BenchHarness
import SwiftCorpus
import Foundation

/// Generates the corpus (or takes an existing folder), runs each configuration in child processes and
/// reports the comparison.
enum Driver {
    /// The audit may take at most this multiple of parse-only time at the same thread count.
    static let auditToParseLimit = 1.5

    /// One child's timed pass.
    struct Sample {
        let mode: ChildRun.Mode
        let threads: Int
        let pass: Int
        let nanoseconds: UInt64
        /// User + system CPU time of the pass, all threads.
        let cpuNanoseconds: UInt64
        let peakBytes: UInt64
        let fields: [String: String]
    }

    static func run(arguments: Arguments) async throws {
        let minimumLines = try arguments.integer("--lines", default: 300_000)
        let seed = UInt64(try arguments.integer("--seed", default: 0x5EA4))
        let rounds = try arguments.integer("--rounds", default: 3)
        let passes = try arguments.integer("--passes", default: 2)
        let threadCounts = try (arguments.value("--threads") ?? "1,2").split(separator: ",").map { text in
            guard let count = Int(text), count > 0 else { throw ArgumentError("--threads expects counts like 1,2") }
            return count
        }
        let shapeName = arguments.value("--shape") ?? CorpusGenerator.Shape.synthetic.rawValue
        guard let shape = CorpusGenerator.Shape(rawValue: shapeName) else {
            let names = CorpusGenerator.Shape.allCases.map(\.rawValue).joined(separator: ", ")
            throw ArgumentError("--shape expects one of \(names), got '\(shapeName)'")
        }

        // Either an existing folder (real code, measured as it is) or a generated corpus.
        let root: URL
        let manifest: CorpusGenerator.Manifest
        let corpusDescription: String
        if let source = arguments.value("--source") {
            root = URL(fileURLWithPath: source)
            manifest = try ParseOnly.manifest(of: root)
            corpusDescription = "source \(root.path)"
            printError("measuring \(manifest.files) files, \(manifest.lines) lines at \(root.path)")
        } else {
            root = URL(
                fileURLWithPath: arguments.value("--corpus")
                    ?? FileManager.default.temporaryDirectory
                    .appendingPathComponent("seam-audit-corpus-\(shape == .synthetic ? "" : "real-")\(seed)").path)
            let generationStart = MonotonicClock.now()
            manifest = try CorpusGenerator(seed: seed, minimumLines: minimumLines, shape: shape).write(to: root)
            let generationSeconds = Double(MonotonicClock.now() - generationStart) / 1e9
            corpusDescription = "generated corpus, shape \(shape.rawValue), seed \(seed)"
            printError(
                "generated \(manifest.files) files, \(manifest.lines) lines in \(Format.fixed(generationSeconds, decimals: 1)) s at \(root.path)"
            )
            if arguments.has("--generate-only") { return }
        }

        let loadBefore = ProcessStats.loadAverage()
        var samples: [Sample] = []
        for round in 1...rounds {
            for threads in threadCounts {
                for mode in ChildRun.Mode.allCases {
                    printError("round \(round)/\(rounds): \(mode.rawValue) on \(threads) thread(s)")
                    samples += try runChild(mode: mode, threads: threads, root: root, passes: passes)
                }
            }
        }
        let loadAfter = ProcessStats.loadAverage()

        let report = AuditReportTable(manifest: manifest, samples: samples, threadCounts: threadCounts)
        print(
            """
            Audit throughput — \(Format.grouped(manifest.files)) files, \(Format.grouped(manifest.lines)) lines \
            (\(Format.mebibytes(UInt64(manifest.bytes)))) in \(manifest.folders) folders, \(corpusDescription); \
            median of \(rounds) processes × \(passes) timed passes per configuration; \
            load average \(loadBefore.map { Format.fixed($0, decimals: 2) } ?? "?") → \
            \(loadAfter.map { Format.fixed($0, decimals: 2) } ?? "?")

            """)
        print(report.render())
        if arguments.has("--check") {
            let misses = report.ratios.filter { $0.ratio > auditToParseLimit }
            // Real code may use syntax newer than this SwiftSyntax: its parse errors are reported, not failed.
            if report.filesWithSyntaxErrors > 0 && arguments.value("--source") == nil {
                print("check: FAIL the generated corpus has \(report.filesWithSyntaxErrors) file(s) with syntax errors")
                exit(1)
            }
            if misses.isEmpty {
                print("\ncheck: audit within \(Format.ratio(auditToParseLimit)) of parse-only at every thread count")
            } else {
                for miss in misses {
                    print(
                        "check: FAIL audit on \(miss.threads) thread(s) is \(Format.ratio(miss.ratio)) parse-only (limit \(Format.ratio(auditToParseLimit)))"
                    )
                }
                exit(1)
            }
        }
    }

    /// Runs this executable as a child for one configuration and parses its `RESULT` lines.
    private static func runChild(mode: ChildRun.Mode, threads: Int, root: URL, passes: Int) throws -> [Sample] {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = [
            "--child", mode.rawValue, "--threads", String(threads), "--corpus", root.path, "--passes", String(passes),
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ArgumentError(
                "the \(mode.rawValue) child on \(threads) thread(s) exited with status \(process.terminationStatus)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let samples = text.split(separator: "\n").compactMap(parse)
        guard samples.count == passes + 1 else {
            throw ArgumentError(
                "the \(mode.rawValue) child on \(threads) thread(s) printed \(samples.count) results, expected \(passes + 1):\n\(text)"
            )
        }
        return samples
    }

    /// Parses `RESULT key=value ...`.
    private static func parse(_ line: Substring) -> Sample? {
        guard line.hasPrefix("RESULT ") else { return nil }
        var fields: [String: String] = [:]
        for pair in line.dropFirst(7).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let mode = fields["mode"].flatMap(ChildRun.Mode.init(rawValue:)),
            let threads = fields["threads"].flatMap(Int.init),
            let pass = fields["pass"].flatMap(Int.init),
            let nanoseconds = fields["ns"].flatMap(UInt64.init),
            let cpu = fields["cpu"].flatMap(UInt64.init),
            let peak = fields["peak"].flatMap(UInt64.init)
        else { return nil }
        return Sample(
            mode: mode, threads: threads, pass: pass, nanoseconds: nanoseconds, cpuNanoseconds: cpu, peakBytes: peak,
            fields: fields
        )
    }
}
