import Seam
import SeamArchitecture
import SeamCache
import SeamConfiguration
import SeamNavigation
import SeamTesting
import Testing

/// Many test scopes at once, each with its own overrides: every double is per scope.
@Suite("Parallel test scopes share no double")
struct ParallelScopeTests {
    struct Observation: Sendable {
        var index: Int
        var spots: [Spot]
        var reported: [String?]
        /// Kept alive until the end, so identities can't be reused by a later scope's reporter.
        var reporter: RecordingErrorReporter
        var navigatorCommands: [NavigationCommand<SurfRoute>]
        var sheetFlag: Bool
    }

    @Test("32 concurrent scopes each see their own client, reporter, flags, cache and navigator")
    func concurrentScopes() async throws {
        let scopes = 32
        let observations: [Observation] = try await withThrowingTaskGroup(of: Observation.self) { group in
            for index in 0..<scopes {
                group.addTask {
                    try await withTestDependencies({
                        $0[SurfAPIClientKey.self] = MockSurfAPI(spots: [Spot(id: "\(index)", name: "Spot \(index)")])
                        $0[FeatureFlagsKey.self] = FeatureFlags.inMemory(
                            overrides: ["surf.forecastSheet": .bool(index.isMultiple(of: 2))]
                        )
                    }) {
                        try await Self.observe(index)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(observations.count == scopes)
        #expect(Set(observations.map { ObjectIdentifier($0.reporter) }).count == scopes)
        for observation in observations {
            let spot = Spot(id: "\(observation.index)", name: "Spot \(observation.index)")
            #expect(observation.spots == [spot])
            #expect(observation.reported == ["spot \(observation.index)"])
            let expected: NavigationCommand<SurfRoute> =
                observation.sheetFlag
                ? .present(.forecast(spotID: spot.id, days: 3), .sheet, withNavigationStack: false)
                : .push(.spot(id: spot.id))
            #expect(observation.navigatorCommands == [expected])
            #expect(observation.sheetFlag == observation.index.isMultiple(of: 2))
        }
    }

    /// Runs one scope's work on the main actor, through the app's composition root.
    @MainActor
    static func observe(_ index: Int) async throws -> Observation {
        let app = SurfDependencies()
        let model = try await app.makeSpotsViewModel()
        await model.load()
        await Task.yield()  // let other scopes interleave
        let spot = try #require(model.spots.value?.first)
        try model.select(spot)
        await model.loadForecast(for: spot)
        let reporter = try #require(try app.container.resolve(ErrorReporterKey.self) as? RecordingErrorReporter)
        reporter.report(AppError(.unknown, message: "spot \(index)", isRetryable: false, diagnostic: "spot \(index)"))
        let navigator = try #require(
            try app.container.resolve(SurfNavigatorKey.self) as? RecordingNavigator<SurfRoute>
        )
        let cache = try #require(
            try app.container.resolve(ForecastCacheKey.self) as? InMemoryCacheStore<String, [Forecast]>
        )
        #expect(await cache.loadedKeys == [spot.id])
        return Observation(
            index: index,
            spots: model.spots.value ?? [],
            reported: reporter.errors.map(\.diagnostic),
            reporter: reporter,
            navigatorCommands: navigator.commands,
            sheetFlag: try app.container.resolve(FeatureFlagsKey.self).value(.forecastSheet)
        )
    }
}
