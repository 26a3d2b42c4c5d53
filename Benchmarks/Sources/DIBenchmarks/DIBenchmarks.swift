import BenchHarness

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dependency-injection resolve cost: floors, Seam, Swinject and swift-dependencies in one run.
///
///     swift run -c release --package-path Benchmarks DIBenchmarks [--check] [--rounds N] [--batch-us N]
///
/// `--pool` instead measures how long an unrelated task waits for the cooperative pool while a slow
/// factory builds (see `PoolStarvation`). `--check` exits with status 1 when a target of issue 2 or
/// 12 is missed; `--only seam.cached,...` measures
/// only the named cases, for profiling.
@main
struct DIBenchmarks {
    static func main() {
        do {
            try run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("DIBenchmarks: \(error)")
            exit(2)
        }
    }

    static func run(_ commandLine: [String]) throws {
        let arguments = try Arguments(
            commandLine, valued: ["--rounds", "--batch-us", "--only", "--trials", "--count-case", "--iterations"]
        )
        if arguments.has("--help") {
            print(
                """
                usage: DIBenchmarks [--check] [--rounds N] [--batch-us N] [--only NAME,...] [--verbose] [--no-instructions]
                       DIBenchmarks --instructions [--check]
                       DIBenchmarks --pool [--trials N]
                """)
            return
        }
        if let name = arguments.value("--count-case") {
            // A callgrind child of `--instructions`.
            try InstructionCounts.runCase(
                named: name, iterations: try arguments.integer("--iterations", default: 1_000))
            return
        }
        if arguments.has("--instructions") {
            let rows = try InstructionCounts.measure()
            print("DI resolve cost in instructions per operation (valgrind --tool=callgrind; deterministic)\n")
            print(InstructionCounts.render(rows))
            if arguments.has("--check") { finishCheck(instructionRows: rows, wallFailures: []) }
            return
        }
        if arguments.has("--pool") {
            print(PoolStarvation.run(trials: try arguments.integer("--trials", default: 15)))
            return
        }
        var options = MicroRunner.Options()
        options.rounds = try arguments.integer("--rounds", default: 501)
        options.batchNanoseconds = UInt64(try arguments.integer("--batch-us", default: 200)) * 1_000

        let floorBenchmarks = FloorSuite.make()
        let suites = try LibrarySuites.make()
        var benchmarks = Floor.allCases.compactMap { floorBenchmarks[$0] }
        for suite in suites {
            benchmarks += DICase.allCases.compactMap { suite.benchmarks[$0] }
        }
        if let only = arguments.value("--only") {
            // For profiling one case: `--only seam.cached`; ratios need the floors named too (`floor.storedRead`).
            let names = Set(only.split(separator: ",").map(String.init))
            benchmarks = benchmarks.filter { names.contains($0.name) }
        }

        let loadBefore = ProcessStats.loadAverage()
        let results = try MicroRunner(options: options).run(benchmarks) { message in
            if arguments.has("--verbose") { printError(message) }
        }
        let loadAfter = ProcessStats.loadAverage()
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
        let report = DIReport(
            floors: floorBenchmarks.compactMapValues { byName[$0.name] },
            suites: suites,
            results: byName
        )
        let checks = Targets.evaluate(report: report)
        print(
            """
            DI resolve benchmark — ns/op of the fastest batch (and the median batch) over \(options.rounds) \
            interleaved rounds of ~\(options.batchNanoseconds / 1_000) µs batches; targets judged on the fastest; \
            load average \(loadBefore.map { Format.fixed($0, decimals: 2) } ?? "?") → \
            \(loadAfter.map { Format.fixed($0, decimals: 2) } ?? "?")

            """)
        print(report.render(checks: checks))
        if arguments.has("--check") {
            var instructionRows: [InstructionCounts.Row] = []
            if !arguments.has("--no-instructions") {
                if InstructionCounts.valgrindAvailable {
                    instructionRows = try InstructionCounts.measure()
                    print(
                        "\nInstructions per operation (valgrind --tool=callgrind; deterministic, judged with the wall-time targets)\n"
                    )
                    print(InstructionCounts.render(instructionRows))
                } else {
                    print("\n(valgrind not found: instruction-count targets not checked)")
                }
            }
            finishCheck(instructionRows: instructionRows, wallFailures: checks.filter { $0.enforced && !$0.passed })
        }
    }

    /// Prints the verdict of `--check` and exits with status 1 when a target was missed.
    static func finishCheck(instructionRows: [InstructionCounts.Row], wallFailures: [TargetCheck]) {
        var missed = wallFailures.map { "\($0.description): \($0.measured)" }
        missed += instructionRows.filter { !$0.passed }.map {
            "\($0.name) in instructions \($0.target): \(Format.fixed($0.perOperation, decimals: 1)) (\(Format.ratio($0.ratio)) \($0.floor))"
        }
        if missed.isEmpty {
            print("\ncheck: all targets met")
        } else {
            print("\ncheck: \(missed.count) target(s) missed:")
            for line in missed { print("  - \(line)") }
            exit(1)
        }
    }
}
