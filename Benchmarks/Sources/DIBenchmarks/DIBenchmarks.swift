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
        let arguments = try Arguments(commandLine, valued: ["--rounds", "--batch-us", "--only", "--trials"])
        if arguments.has("--help") {
            print("usage: DIBenchmarks [--check] [--rounds N] [--batch-us N] [--only NAME,...] [--verbose] | --pool [--trials N]")
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
        print("""
            DI resolve benchmark — ns/op of the fastest batch (and the median batch) over \(options.rounds) \
            interleaved rounds of ~\(options.batchNanoseconds / 1_000) µs batches; targets judged on the fastest; \
            load average \(loadBefore.map { Format.fixed($0, decimals: 2) } ?? "?") → \
            \(loadAfter.map { Format.fixed($0, decimals: 2) } ?? "?")

            """)
        print(report.render(checks: checks))
        if arguments.has("--check") {
            let failures = checks.filter { $0.enforced && !$0.passed }
            if failures.isEmpty {
                print("\ncheck: all \(checks.filter(\.enforced).count) targets met")
            } else {
                print("\ncheck: \(failures.count) target(s) missed:")
                for failure in failures { print("  - \(failure.description): \(failure.measured)") }
                exit(1)
            }
        }
    }
}
