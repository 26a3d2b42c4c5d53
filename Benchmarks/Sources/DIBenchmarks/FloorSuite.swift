import BenchHarness

/// The hand-written baselines every library is measured against.
enum FloorSuite {
    static func make() -> [Floor: MicroBenchmark] {
        let holder = Holder(client: LiveAPIClient(logger: sharedLogger))
        let logger = sharedLogger
        return [
            .storedRead: MicroBenchmark("floor.storedRead") { iterations in
                for _ in 0..<iterations { blackHole(holder.client) }
            },
            .construction: MicroBenchmark("floor.construction") { iterations in
                for _ in 0..<iterations { blackHole(LiveAPIClient(logger: logger)) }
            },
            .graphConstruction: MicroBenchmark("floor.graphConstruction") { iterations in
                for _ in 0..<iterations {
                    blackHole(FeedViewModel(service: FeedService(repository: FeedRepository())))
                }
            },
        ]
    }
}
