import BenchHarness
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Request overhead of SeamNetwork against raw URLSession: a small JSON GET to the same loopback
/// server (FlyingFox, in a child process), interleaved in one run.
///
///     swift run -c release --package-path Benchmarks NetworkBenchmarks [--check] [--rounds N] [--batch N]
///
/// `--check` exits with status 1 when SeamNetwork costs more than 1.1× raw URLSession (issue 13).
@main
struct NetworkBenchmarks {
    static func main() async {
        do {
            try await run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("NetworkBenchmarks: \(error)")
            exit(2)
        }
    }

    static func run(_ commandLine: [String]) async throws {
        let arguments = try Arguments(commandLine, valued: ["--rounds", "--batch", "--port"])
        if arguments.has("--help") {
            print("usage: NetworkBenchmarks [--check] [--rounds N] [--batch N] [--port N] [--serve]")
            return
        }
        if arguments.has("--serve") {
            try await LoopbackServer.serve()
            return
        }
        let rounds = try arguments.integer("--rounds", default: 101)
        let batch = try arguments.integer("--batch", default: 40)

        let server: LoopbackServer.Child?
        let port: Int
        if let given = arguments.value("--port") {
            guard let value = Int(given) else { throw ArgumentError("--port expects a number, got '\(given)'") }
            (server, port) = (nil, value)
        } else {
            let child = try LoopbackServer.Child.start()
            (server, port) = (child, child.port)
        }
        defer { server?.stop() }

        let cases = try await RequestCases(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        let loadBefore = ProcessStats.loadAverage()
        let result = try await InterleavedRun(rounds: rounds, batch: batch).measure(cases.all)
        let loadAfter = ProcessStats.loadAverage()

        print("""
            Request overhead — median (p90) µs per small GET over \(rounds) interleaved rounds of \(batch) \
            sequential requests per case, loopback FlyingFox server in a child process; load average \
            \(loadBefore.map { Format.fixed($0, decimals: 2) } ?? "?") → \(loadAfter.map { Format.fixed($0, decimals: 2) } ?? "?")

            """)
        print(result.render())
        let ratio = result.ratio(of: RequestCases.seam, to: RequestCases.raw)
        let paired = result.pairedRatio(of: RequestCases.seam, to: RequestCases.raw)
        print("""

            SeamNetwork ÷ raw URLSession: \(Format.ratio(ratio)) (ratio of medians), \
            \(Format.ratio(paired)) (median of per-round ratios); target ≤ 1.10×
            """)
        if arguments.has("--check") {
            if ratio <= 1.1 {
                print("check: target met")
            } else {
                print("check: target missed (\(Format.ratio(ratio)) > 1.10×)")
                exit(1)
            }
        }
    }
}
