import BenchHarness

/// One measured async operation.
struct AsyncCase: Sendable {
    let name: String
    let operation: @Sendable () async throws -> Int
}

/// Runs async cases in interleaved rounds: every round times one batch of sequential operations of
/// each case, starting with a different case each round, so load from other processes hits all alike.
struct InterleavedRun {
    let rounds: Int
    let batch: Int

    struct Result {
        let names: [String]
        /// Nanoseconds per operation, one sample per round, by case name.
        let samples: [String: [Double]]

        func statistics(_ name: String) -> Statistics { Statistics(samples[name] ?? []) }

        func ratio(of name: String, to baseline: String) -> Double {
            statistics(name).median / statistics(baseline).median
        }

        func pairedRatio(of name: String, to baseline: String) -> Double {
            let pairs = zip(samples[name] ?? [], samples[baseline] ?? []).map { $0 / $1 }
            return Statistics(pairs).median
        }

        func render() -> String {
            var table = MarkdownTable(headers: ["case", "µs/request median", "p90", "min"], rightAligned: [1, 2, 3])
            for name in names {
                let stats = statistics(name)
                table.append([
                    name, Format.fixed(stats.median / 1_000, decimals: 1),
                    Format.fixed(stats.p90 / 1_000, decimals: 1), Format.fixed(stats.min / 1_000, decimals: 1),
                ])
            }
            return table.render()
        }
    }

    func measure(_ cases: [AsyncCase]) async throws -> Result {
        var checksum = 0
        for item in cases {  // warm-up: connections open, code paths hot
            for _ in 0..<batch * 5 { checksum &+= try await item.operation() }
        }
        var samples: [String: [Double]] = [:]
        for round in 0..<rounds {
            for offset in cases.indices {
                let item = cases[(round + offset) % cases.count]
                let start = MonotonicClock.now()
                for _ in 0..<batch { checksum &+= try await item.operation() }
                let elapsed = MonotonicClock.now() - start
                samples[item.name, default: []].append(Double(elapsed) / Double(batch))
            }
        }
        blackHole(checksum)
        return Result(names: cases.map(\.name), samples: samples)
    }
}
