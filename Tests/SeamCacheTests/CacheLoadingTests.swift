import Foundation
import Testing

@testable import SeamCache

/// A forecast, as the surf app loads them per spot.
struct Forecast: Codable, Hashable, Sendable {
    var spot: String
    var waveHeight: Double
}

struct LoaderFailure: Error, Equatable {
    var attempt: Int
}

@Suite("Cache coalesced loading", .timeLimit(.minutes(10)))
struct CacheLoadingTests {
    let clock = ManualCacheClock()

    /// Waits (without sleeping) until `count` callers are waiting on the load of `key`.
    private func waitForWaiters(_ count: Int, on cache: Cache<String, Forecast>, key: String) async {
        while await cache.waiterCount(for: key) < count {
            await Task.yield()
        }
    }

    @Test("a miss runs the loader and stores its value for the time to live")
    func loadsAndStores() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        let runs = Counter()
        let load: @Sendable () async throws -> Forecast = {
            runs.increment()
            return Forecast(spot: "lahinch", waveHeight: 2.5)
        }
        #expect(try await cache.value(for: "lahinch", ttl: .seconds(60), orLoad: load).waveHeight == 2.5)
        #expect(try await cache.value(for: "lahinch", ttl: .seconds(60), orLoad: load).waveHeight == 2.5)
        #expect(runs.count == 1)

        clock.advance(by: .seconds(61))
        _ = try await cache.value(for: "lahinch", ttl: .seconds(60), orLoad: load)
        #expect(runs.count == 2)
    }

    @Test("concurrent gets of the same missing key run the loader once")
    func concurrentLoadersRunOnce() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        let runs = Counter()
        let gate = Gate()
        let callers = 20

        try await withThrowingTaskGroup(of: Forecast.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    try await cache.value(for: "lahinch") {
                        runs.increment()
                        await gate.wait()
                        return Forecast(spot: "lahinch", waveHeight: 2.5)
                    }
                }
            }
            await waitForWaiters(callers, on: cache, key: "lahinch")
            gate.open()
            var results: [Forecast] = []
            for try await forecast in group { results.append(forecast) }
            #expect(results.count == callers)
            #expect(Set(results) == [Forecast(spot: "lahinch", waveHeight: 2.5)])
        }
        #expect(runs.count == 1)
        #expect(await cache.waiterCount(for: "lahinch") == 0)
    }

    @Test("loads of different keys run independently")
    func differentKeysLoadSeparately() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        let runs = Counter()
        async let lahinch = cache.value(for: "lahinch") {
            runs.increment()
            return Forecast(spot: "lahinch", waveHeight: 2)
        }
        async let bundoran = cache.value(for: "bundoran") {
            runs.increment()
            return Forecast(spot: "bundoran", waveHeight: 3)
        }
        #expect(try await [lahinch.spot, bundoran.spot] == ["lahinch", "bundoran"])
        #expect(runs.count == 2)
    }

    @Test("when the shared loader throws, every waiter gets the error, nothing is stored, and the next call retries")
    func loaderErrorReachesAllWaiters() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        let runs = Counter()
        let gate = Gate()
        let callers = 5

        await withTaskGroup(of: Result<Forecast, LoaderFailure>.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    do {
                        return .success(
                            try await cache.value(for: "lahinch") {
                                let attempt = runs.increment()
                                await gate.wait()
                                throw LoaderFailure(attempt: attempt)
                            }
                        )
                    } catch let failure as LoaderFailure {
                        return .failure(failure)
                    } catch {
                        Issue.record("unexpected error \(error)")
                        return .failure(LoaderFailure(attempt: -1))
                    }
                }
            }
            await waitForWaiters(callers, on: cache, key: "lahinch")
            gate.open()
            var failures: [LoaderFailure] = []
            for await result in group {
                if case .failure(let failure) = result { failures.append(failure) }
            }
            #expect(failures == Array(repeating: LoaderFailure(attempt: 1), count: callers))
        }
        #expect(runs.count == 1)
        #expect(await cache.value(for: "lahinch") == nil)

        let retried = try await cache.value(for: "lahinch") {
            runs.increment()
            return Forecast(spot: "lahinch", waveHeight: 1.5)
        }
        #expect(retried.waveHeight == 1.5)
        #expect(runs.count == 2)
    }

    @Test("a cancelled caller gets CancellationError at once while the others still get the value")
    func cancelledCallerLeavesOthersWaiting() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        let runs = Counter()
        let gate = Gate()
        let load: @Sendable () async throws -> Forecast = {
            runs.increment()
            await gate.wait()
            return Forecast(spot: "lahinch", waveHeight: 2.5)
        }

        let first = Task { try await cache.value(for: "lahinch", orLoad: load) }
        let second = Task { try await cache.value(for: "lahinch", orLoad: load) }
        await waitForWaiters(2, on: cache, key: "lahinch")

        first.cancel()
        // The cancelled caller returns while the loader is still held at the gate.
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await cache.waiterCount(for: "lahinch") == 1)

        gate.open()
        #expect(try await second.value.waveHeight == 2.5)
        #expect(runs.count == 1)
        #expect(await cache.value(for: "lahinch")?.waveHeight == 2.5)
    }

    @Test("when every caller is cancelled the load is cancelled, and the next call retries")
    func allCallersCancelledCancelsLoad() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        let (loaderCancelled, signal) = AsyncStream.makeStream(of: Bool.self)

        let caller = Task {
            try await cache.value(for: "lahinch") {
                // Waits until its task is cancelled; the duration never elapses in this test.
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    signal.yield(true)
                    throw error
                }
                return Forecast(spot: "lahinch", waveHeight: 9)
            }
        }
        await waitForWaiters(1, on: cache, key: "lahinch")
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }

        var iterator = loaderCancelled.makeAsyncIterator()
        #expect(await iterator.next() == true)

        let retried = try await cache.value(for: "lahinch") { Forecast(spot: "lahinch", waveHeight: 1) }
        #expect(retried.waveHeight == 1)
    }

    @Test("a caller already cancelled before it asks gets CancellationError and does not block others")
    func alreadyCancelledCaller() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        let gate = Gate()
        let runs = Counter()
        let load: @Sendable () async throws -> Forecast = {
            runs.increment()
            await gate.wait()
            return Forecast(spot: "lahinch", waveHeight: 2)
        }
        let waiting = Task { try await cache.value(for: "lahinch", orLoad: load) }
        await waitForWaiters(1, on: cache, key: "lahinch")

        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await cache.value(for: "lahinch", orLoad: load)
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }

        gate.open()
        #expect(try await waiting.value.waveHeight == 2)
        #expect(runs.count == 1)
    }

    @Test("a value present in the cache is returned without running the loader")
    func hitSkipsLoader() async throws {
        let cache = Cache<String, Forecast>(clock: clock)
        await cache.insert(Forecast(spot: "lahinch", waveHeight: 4), for: "lahinch")
        let value = try await cache.value(for: "lahinch") {
            Issue.record("loader ran on a hit")
            return Forecast(spot: "lahinch", waveHeight: 0)
        }
        #expect(value.waveHeight == 4)
    }
}
