import BenchHarness
import Foundation

/// Audit throughput: `seam audit`'s engine against SwiftSyntax parse-only on the same generated
/// corpus (or folder), on 1 and 2 threads, each configuration in its own process so peak memory is its own.
///
///     swift run -c release --package-path Benchmarks AuditBenchmarks [--check] [--lines N] [--rounds N] [--shape synthetic|real] [--source DIR]
///
/// The driver generates the corpus, then runs every configuration `--rounds` times in a child
/// process (interleaved: parse 1, audit 1, parse 2, audit 2, then again), each child doing a
/// warm-up pass and `--passes` timed passes. `--check` exits with status 1 when the audit takes more
/// than 1.5× the parse-only time at the same thread count, or when the generated corpus does not
/// parse cleanly.
///
/// `--shape real` generates a corpus shaped like real apps instead (constant-heavy extensions, SwiftUI
/// modifier chains, SwiftGen-style generated files, many small files, `#if` blocks); `--source DIR`
/// measures an existing folder as it is (nothing generated; syntax errors are reported, not failed,
/// since real code may use syntax newer than this SwiftSyntax). Both sides see the same files: the
/// audit's default skipped folders (`.build`, `Pods`, `Carthage`…) are skipped by parse-only too.
///
/// For profiling: `--generate-only --lines 30000 --corpus DIR` writes a corpus and stops;
/// `--child audit --threads 1 --corpus DIR --passes 1` runs one configuration in-process.
///
/// `--hostile [--size BYTES]` measures the hostile inputs of issue 11 instead (see ``HostileInputs``).
///
/// `--incremental [--source DIR]` measures audits with the per-file cache against audits without it (see
/// ``IncrementalRuns``).
///
/// `--instructions [--source DIR]` counts instructions under callgrind instead of timing (see
/// ``InstructionCounts``).
@main
struct AuditBenchmarks {
    /// Synchronous, with the work in a detached task the main thread waits for: an `async` main parks the main
    /// thread in `dispatch_main`, whose `sigsuspend` on a read-only signal mask crashes valgrind 3.19 (it writes
    /// to the mask), and `--instructions` runs this executable under callgrind.
    static func main() {
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await run()
            finished.signal()
        }
        finished.wait()
    }

    private static func run() async {
        do {
            let arguments = try Arguments(
                Array(CommandLine.arguments.dropFirst()),
                valued: [
                    "--child", "--threads", "--corpus", "--lines", "--seed", "--rounds", "--passes", "--source",
                    "--shape",
                    "--size", "--cache-dir", "--touch",
                ]
            )
            if arguments.has("--incremental") {
                try IncrementalRuns.run(arguments: arguments)
            } else if arguments.has("--instructions") {
                try InstructionCounts.run(arguments: arguments)
            } else if arguments.has("--hostile") {
                try await HostileInputs.run(arguments: arguments)
            } else if let mode = arguments.value("--child") {
                try await ChildRun.run(mode: mode, arguments: arguments)
            } else {
                try await Driver.run(arguments: arguments)
            }
        } catch {
            printError("AuditBenchmarks: \(error)")
            exit(2)
        }
    }
}
