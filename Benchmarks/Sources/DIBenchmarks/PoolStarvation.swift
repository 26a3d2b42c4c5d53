import BenchHarness
import Dispatch
import Seam
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A singleton whose synchronous factory takes 50 ms (blocking its thread), and one whose `async`
// factory takes 50 ms (suspended).
private enum SlowSyncKey: DependencyKey {
    static func live(_ r: borrowing Resolver) -> Int {
        usleep(50_000)
        return 1
    }
}

private enum SlowAsyncKey: AsyncDependencyKey {
    static func live(_ r: borrowing AsyncResolver) async throws -> Int {
        try await Task.sleep(for: .milliseconds(50))
        return 1
    }
}

/// `DIBenchmarks --pool`: how long an unrelated task waits for a thread of the cooperative pool
/// while a slow factory builds a singleton and other tasks wait for that build.
///
/// Each trial uses a fresh container: `resolvers` tasks resolve the slow key at once (one builds, the
/// others wait for it), then, 5 ms later, an unrelated task is started and the time until it runs is
/// measured. Median and maximum of the trials, in milliseconds.
enum PoolStarvation {
    struct Case {
        let title: String
        let resolvers: Int
        let async: Bool
    }

    static let cases = [
        Case(title: "no slow build (baseline)", resolvers: 0, async: false),
        Case(title: "synchronous 50 ms factory, no waiter", resolvers: 1, async: false),
        Case(title: "synchronous 50 ms factory, 1 waiting task", resolvers: 2, async: false),
        Case(title: "synchronous 50 ms factory, 7 waiting tasks", resolvers: 8, async: false),
        Case(title: "`async` 50 ms factory, 7 waiting tasks", resolvers: 8, async: true),
    ]

    static func run(trials: Int) -> String {
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        var table = MarkdownTable(
            headers: ["while", "unrelated task waits, median ms", "max ms"], rightAligned: [1, 2])
        for testCase in cases {
            let waits = (0..<trials).map { _ in trial(testCase) }.sorted()
            table.append([
                testCase.title, Format.fixed(waits[waits.count / 2], decimals: 1),
                Format.fixed(waits[waits.count - 1], decimals: 1),
            ])
        }
        return "Cooperative pool of a \(cores)-core machine, \(trials) trials per row:\n\n" + table.render()
    }

    /// One trial: the milliseconds between starting the unrelated task and its first instruction.
    private static func trial(_ testCase: Case) -> Double {
        let container = Container(name: "Pool", context: .live)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<testCase.resolvers {
            Task.detached {
                if testCase.async {
                    _ = try? await container.resolve(SlowAsyncKey.self)
                } else {
                    _ = container[SlowSyncKey.self]
                }
                done.signal()
            }
        }
        usleep(5_000)
        let started = MonotonicClock.now()
        let ran = DispatchSemaphore(value: 0)
        let ranAt = UnsafeSendableBox()
        Task.detached {
            ranAt.value = MonotonicClock.now()
            ran.signal()
        }
        ran.wait()
        for _ in 0..<testCase.resolvers { done.wait() }
        return Double(ranAt.value - started) / 1_000_000
    }

    private final class UnsafeSendableBox: @unchecked Sendable {
        var value: UInt64 = 0
    }
}
