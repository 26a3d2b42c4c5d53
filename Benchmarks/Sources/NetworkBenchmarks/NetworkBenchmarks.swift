import BenchHarness
import Foundation
import SeamNetwork

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Request overhead of SeamNetwork against raw URLSession: a small JSON GET to the same loopback
/// server (on FlyingFox's socket layer, in a child process), interleaved in one run.
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
        let arguments = try Arguments(commandLine, valued: ["--rounds", "--batch", "--port", "--loop"])
        if arguments.has("--help") {
            print("usage: NetworkBenchmarks [--check] [--rounds N] [--batch N] [--breakdown] [--port N] [--serve]")
            return
        }
        if arguments.has("--serve") {
            try await LoopbackServer.serve()
            return
        }
        if arguments.has("--client-only") {
            // For profiling the client's own cost: the instant-transport case in a loop, no server.
            let client = NetworkClient(
                configuration: NetworkConfiguration(baseURL: URL(string: "http://127.0.0.1:1")!),
                transport: InstantTransport())
            let endpoint = Endpoint<[Spot]>.get("spots", query: ["region": "clare"])
            var total = 0
            let iterations = try arguments.integer("--rounds", default: 100_000)
            for _ in 0..<iterations { total &+= try await client.send(endpoint).count }
            blackHole(total)
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
        if let name = arguments.value("--loop") {
            // For profiling one case against the server: `--loop "raw URLSession"`, CPU time printed.
            guard let item = (cases.all + cases.breakdown).first(where: { $0.name == name }) else {
                throw ArgumentError("--loop: no case named '\(name)'")
            }
            let iterations = try arguments.integer("--rounds", default: 5_000)
            let cpu = ProcessStats.cpuNanoseconds()
            var total = 0
            for _ in 0..<iterations { total &+= try await item.operation() }
            blackHole(total)
            print(
                "\(name): \(Format.fixed(Double(ProcessStats.cpuNanoseconds() - cpu) / Double(iterations) / 1_000, decimals: 1)) µs CPU per request"
            )
            return
        }
        let loadBefore = ProcessStats.loadAverage()
        let result = try await InterleavedRun(rounds: rounds, batch: batch)
            .measure(cases.all + (arguments.has("--breakdown") ? cases.breakdown : []))
        let loadAfter = ProcessStats.loadAverage()

        print(
            """
            Request overhead — median (p90) µs per small GET over \(rounds) interleaved rounds of \(batch) \
            sequential requests per case, loopback server (FlyingSocks, TCP_NODELAY) in a child process; load average \
            \(loadBefore.map { Format.fixed($0, decimals: 2) } ?? "?") → \(loadAfter.map { Format.fixed($0, decimals: 2) } ?? "?")

            """)
        print(result.render())
        let ratio = result.ratio(of: RequestCases.seam, to: RequestCases.raw)
        let paired = result.pairedRatio(of: RequestCases.seam, to: RequestCases.raw)
        let fastest = result.statistics(RequestCases.seam).min / result.statistics(RequestCases.raw).min
        print(
            """

            SeamNetwork ÷ raw URLSession: \(Format.ratio(paired)) median of per-round ratios (the target's measure), \
            \(Format.ratio(ratio)) ratio of medians, \(Format.ratio(fastest)) ratio of minimums; target ≤ 1.10×
            """)
        if arguments.has("--check") {
            if paired <= 1.1 {
                print("check: target met")
            } else {
                print("check: target missed (\(Format.ratio(paired)) > 1.10×)")
                // `exit` skips the `defer` above: the server is stopped first.
                server?.stop()
                exit(1)
            }
        }
    }
}
