import Foundation
import Seam
import SeamArchitecture
import SeamCache
import SeamConfiguration
import SeamNavigation
import SeamTesting
import Testing

/// TrebleSurf's spot list built by the app's own composition root, with every block swapped for
/// its test double by the Seam test scope.
@MainActor
@Suite("TrebleSurf: SpotsViewModel wired through Seam", .seamDependencies { $0[SurfAPIClientKey.self] = MockSurfAPI() })
struct SpotsViewModelTests {
    let app = SurfDependencies()

    /// The double the scope handed out (the key is a singleton, so this is the one the model holds).
    func double<T>(_ type: T.Type, _ value: Any) throws -> T { try #require(value as? T) }

    @Test("spots load through the injected client into a LoadingState, for the configured region")
    func loadsSpots() async throws {
        let model = try await app.makeSpotsViewModel()
        #expect(model.spots == .idle)
        await model.load()
        #expect(model.spots == .loaded([Spot(id: "pipeline", name: "Pipeline")]))
        let api = try double(MockSurfAPI.self, try await app.container.resolve(SurfAPIClientKey.self))
        #expect(api.log == ["spots(Donegal)"])
    }

    @Test(
        "a configuration override reaches the view model through the decoded settings",
        .seamDependencies {
            $0[SurfConfigurationKey.self] = .inMemory(
                defaults: SurfConfigurationKey.sources.defaults, overrides: ["forecast.defaultRegion": "Clare"]
            )
        }
    )
    func configurationOverride() async throws {
        let model = try await app.makeSpotsViewModel()
        await model.load()
        let api = try double(MockSurfAPI.self, try await app.container.resolve(SurfAPIClientKey.self))
        #expect(api.log == ["spots(Clare)"])
    }

    @Test(
        "an invalid configuration fails the build of the view model, naming the key",
        .seamDependencies {
            $0[SurfConfigurationKey.self] = .inMemory(
                defaults: SurfConfigurationKey.sources.defaults, overrides: ["forecast.cacheTTL": 0]
            )
        }
    )
    func invalidConfiguration() async throws {
        let error = await #expect(throws: ResolutionError.self) { try await app.makeSpotsViewModel() }
        #expect(error?.isFactoryFailure == true)
        #expect(error?.description.contains("forecast.cacheTTL") == true)
    }

    @Test(
        "a failed load is shown as an AppError and reported once",
        .seamDependencies { $0[SurfAPIClientKey.self] = MockSurfAPI(failingWith: .notConnectedToInternet) }
    )
    func failureIsReported() async throws {
        let model = try await app.makeSpotsViewModel()
        await model.load()
        #expect(model.spots.error?.code == .offline)
        #expect(model.spots.error?.isRetryable == true)
        let reporter = try double(RecordingErrorReporter.self, try app.container.resolve(ErrorReporterKey.self))
        #expect(reporter.errors.map(\.code) == [.offline])
    }

    @Test("a successful load reports nothing")
    func successReportsNothing() async throws {
        let model = try await app.makeSpotsViewModel()
        await model.load()
        let reporter = try double(RecordingErrorReporter.self, try app.container.resolve(ErrorReporterKey.self))
        #expect(reporter.errors.isEmpty)
    }

    @Test("the forecast loader runs once: the second read comes from the injected cache")
    func forecastCachedInTestDouble() async throws {
        let model = try await app.makeSpotsViewModel()
        let pipeline = Spot(id: "pipeline", name: "Pipeline")
        await model.loadForecast(for: pipeline)
        await model.loadForecast(for: pipeline)
        #expect(model.forecast == .loaded([Forecast(spotID: "pipeline", waveHeight: 1.5)]))
        let api = try double(MockSurfAPI.self, try await app.container.resolve(SurfAPIClientKey.self))
        #expect(api.log == ["forecast(pipeline)"])
        let cache = try double(
            InMemoryCacheStore<String, [Forecast]>.self, try app.container.resolve(ForecastCacheKey.self)
        )
        #expect(await cache.loadedKeys == ["pipeline"])
    }

    @Test("with the live Cache and a manual clock, two models share one load and reload after expiry")
    func forecastCachedInLiveCache() async throws {
        let clock = ManualCacheClock()
        try await withTestDependencies({
            $0[ForecastCacheKey.self] = Cache<String, [Forecast]>(clock: clock)
        }) {
            let pipeline = Spot(id: "pipeline", name: "Pipeline")
            let first = try await app.makeSpotsViewModel()
            let second = try await app.makeSpotsViewModel()
            async let a: Void = first.loadForecast(for: pipeline)
            async let b: Void = second.loadForecast(for: pipeline)
            _ = await (a, b)
            let api = try double(MockSurfAPI.self, try await app.container.resolve(SurfAPIClientKey.self))
            #expect(api.log == ["forecast(pipeline)"])
            #expect(first.forecast == second.forecast)

            clock.advance(by: .seconds(1801))  // past the configured 1800 s default
            await first.loadForecast(for: pipeline)
            #expect(api.log == ["forecast(pipeline)", "forecast(pipeline)"])
        }
    }

    @Test("by default, selecting a spot pushes its screen")
    func selectPushes() async throws {
        let model = try await app.makeSpotsViewModel()
        try model.select(Spot(id: "pipeline", name: "Pipeline"))
        try model.close()
        let navigator = try double(RecordingNavigator<SurfRoute>.self, try app.container.resolve(SurfNavigatorKey.self))
        #expect(navigator.commands == [.push(.spot(id: "pipeline")), .pop(count: 1)])
    }

    @Test(
        "the forecastSheet flag override switches selection to a sheet",
        .seamDependencies {
            $0[FeatureFlagsKey.self] = FeatureFlags.inMemory(overrides: ["surf.forecastSheet": .bool(true)])
        }
    )
    func flagPresentsSheet() async throws {
        let model = try await app.makeSpotsViewModel()
        try model.select(Spot(id: "pipeline", name: "Pipeline"))
        try model.close()
        let navigator = try double(RecordingNavigator<SurfRoute>.self, try app.container.resolve(SurfNavigatorKey.self))
        #expect(
            navigator.commands == [
                .present(.forecast(spotID: "pipeline", days: 3), .sheet, withNavigationStack: false),
                .dismiss(count: 1),
            ])
    }

    @Test("a flag turned on at run time through the injected flags changes the next selection")
    func flagChangedAtRunTime() async throws {
        let model = try await app.makeSpotsViewModel()
        try model.select(Spot(id: "pipeline", name: "Pipeline"))
        try app.container.resolve(FeatureFlagsKey.self).setOverride(true, for: .forecastSheet)
        try model.select(Spot(id: "mullaghmore", name: "Mullaghmore"))
        let navigator = try double(RecordingNavigator<SurfRoute>.self, try app.container.resolve(SurfNavigatorKey.self))
        #expect(
            navigator.state.entries == [
                .push(.spot(id: "pipeline")),
                .sheet(.forecast(spotID: "mullaghmore", days: 3), withNavigationStack: false),
            ])
    }

    @Test("a navigation invariant broken by the model fails in its test too")
    func navigatorEnforcesInvariants() async throws {
        let model = try await app.makeSpotsViewModel()
        let error = #expect(throws: NavigationError.self) { try model.close() }
        #expect(error?.code == .nothingToPop)
    }
}

@MainActor
@Suite("TrebleSurf: the scope without an API override")
struct MissingOverrideTests {
    @Test("a dependency with no test value and no override fails the test instead of calling the network")
    func missingAPIOverride() async throws {
        try await withKnownIssue {
            try await withTestDependencies {
                _ = try await SurfDependencies().makeSpotsViewModel()
            }
        } matching: { issue in
            issue.description.contains("SurfAPIClientKey") || issue.error is ResolutionError
        }
    }
}
