import BenchHarness
import Foundation
import SeamPersistence

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLite throughput of SeamPersistence's repository against raw GRDB on the same database, in one run.
///
///     swift run -c release --package-path Benchmarks PersistenceBenchmarks [--check] [--rounds N] [--batch-ms N]
///
/// `--check` exits with status 1 when a Seam case costs more than 1.2× its raw GRDB pair (issue 13).
@main
struct PersistenceBenchmarks {
    static func main() async {
        do {
            try await run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("PersistenceBenchmarks: \(error)")
            exit(2)
        }
    }

    static func run(_ commandLine: [String]) async throws {
        let arguments = try Arguments(commandLine, valued: ["--rounds", "--batch-ms", "--directory", "--only"])
        if arguments.has("--help") {
            print(
                "usage: PersistenceBenchmarks [--check] [--rounds N] [--batch-ms N] [--directory DIR] [--only NAME,...] [--verbose]"
            )
            return
        }
        var runner = AsyncRunner()
        runner.rounds = try arguments.integer("--rounds", default: runner.rounds)
        runner.batchNanoseconds = UInt64(try arguments.integer("--batch-ms", default: 20)) * 1_000_000

        let directory = URL(fileURLWithPath: arguments.value("--directory") ?? NSTemporaryDirectory())
            .appendingPathComponent("seam-persistence-benchmark-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteDatabase(
            fileURL: directory.appendingPathComponent("bench.sqlite"), migrations: Fixtures.migrations)
        let cases = PersistenceCases(database: database)
        try await cases.prepare()

        let loadBefore = ProcessStats.loadAverage()
        var benchmarks = cases.benchmarks()
        if let only = arguments.value("--only") {  // for profiling: `--only write.seam,write.grdb`
            let names = Set(only.split(separator: ",").map(String.init))
            benchmarks = benchmarks.filter { names.contains($0.name) }
        }
        let results = try await runner.run(benchmarks) { message in
            if arguments.has("--verbose") { printError(message) }
        }
        let loadAfter = ProcessStats.loadAverage()
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0.nanosecondsPerOperation) })

        print(
            """
            SQLite repository benchmark — median (p90) µs/op over \(runner.rounds) interleaved rounds, \
            ~\(runner.batchNanoseconds / 1_000_000) ms batches, WAL, synchronous=NORMAL; \
            load average \(loadBefore.map { Format.fixed($0, decimals: 2) } ?? "?") → \
            \(loadAfter.map { Format.fixed($0, decimals: 2) } ?? "?")

            """)
        var table = MarkdownTable(
            headers: ["case", "µs/op", "p90", "ops/s", "× raw GRDB record", "× same SQL by hand"],
            rightAligned: [1, 2, 3, 4, 5]
        )
        let baselines = Dictionary(uniqueKeysWithValues: PersistenceCases.pairs.map { ($0.0, $0.1) })
        for result in results {
            let stats = result.nanosecondsPerOperation
            let operation = result.name.split(separator: ".").first.map(String.init) ?? result.name
            func ratio(to baseline: String) -> String {
                byName["\(operation).\(baseline)"].map { Format.ratio(stats.median / $0.median) } ?? ""
            }
            table.append([
                result.name, Format.fixed(stats.median / 1_000, decimals: 1),
                Format.fixed(stats.p90 / 1_000, decimals: 1),
                Format.grouped(Int(1e9 / stats.median)), ratio(to: "grdb"), ratio(to: "sql"),
            ])
        }
        print(table.render())

        let missed = baselines.compactMap { seam, grdb -> String? in
            guard let mine = byName[seam]?.median, let theirs = byName[grdb]?.median else { return nil }
            let ratio = mine / theirs
            return ratio <= PersistenceCases.targetRatio ? nil : "\(seam) is \(Format.ratio(ratio)) \(grdb)"
        }.sorted()
        if arguments.has("--check") {
            if missed.isEmpty {
                print(
                    "\ncheck: all \(baselines.count) targets met (each Seam case ≤ \(PersistenceCases.targetRatio)× raw GRDB)"
                )
            } else {
                print("\ncheck: \(missed.count) target(s) missed:")
                for line in missed { print("  - \(line)") }
                exit(1)
            }
        }
    }
}
