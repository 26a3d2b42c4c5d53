// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
import Foundation
import Seam
import SeamArchitecture
import SeamCache
import SeamConfiguration
import SeamNavigation
import SeamTesting
import Testing

// File level (also read by the TrebleSurf suites): show a spot's forecast in a sheet straight from the list
// instead of pushing the spot screen.
extension FeatureFlag where Value == Bool { static let forecastSheet = FeatureFlag("surf.forecastSheet", default: false) }

/// The code of Sources/Seam/Seam.docc/WiringTheBlocks.md, compiled and run (namespaced; each block is here verbatim:
/// SeamTests' DocCCatalogTests checks every line is here).
enum ReadmeWiring {
    protocol APIClient: Sendable { func fetchSpots(region: String) async throws -> [String] }

    struct MockAPIClient: APIClient {
        var failure: URLError?
        func fetchSpots(region: String) async throws -> [String] {
            if let failure { throw failure }
            return ["Pipeline"]
        }
    }

    enum SurfRoute: NavigationRoute { case spot(id: String), forecast(spotID: String) }

    enum APIClientKey: DependencyKey {
        static func live(_ r: borrowing Resolver) throws -> any APIClient { MockAPIClient() }
    }
    enum ForecastCacheKey: CacheDependencyKey { typealias CacheKey = String; typealias CachedValue = [Double] }
    enum SurfNavigatorKey: NavigatorDependencyKey { typealias Route = SurfRoute }

    @MainActor final class SpotsViewModel {
        private(set) var spots: LoadingState<[String]> = .idle
        let api: any APIClient, forecasts: any CacheStore<String, [Double]>, flags: any FeatureFlagProviding
        let errors: any ErrorReporting, navigator: any Navigating<SurfRoute>

        init(api: any APIClient, forecasts: any CacheStore<String, [Double]>, flags: any FeatureFlagProviding,
             errors: any ErrorReporting, navigator: any Navigating<SurfRoute>) {
            (self.api, self.forecasts, self.flags, self.errors, self.navigator) = (api, forecasts, flags, errors, navigator)
        }

        func load() async {
            let final = await spots.run(update: { self.spots = $0 }) { try await api.fetchSpots(region: "Donegal") }
            if let error = final.error { errors.report(error) }
        }

        func select(_ spot: String) throws {
            if flags.value(.forecastSheet) {
                try navigator.present(.forecast(spotID: spot), as: .sheet, withNavigationStack: false)
            } else {
                try navigator.push(.spot(id: spot))
            }
        }
    }

    @MainActor final class AppDependencies {
        let container = Container(name: "TrebleSurf") {
            APIClientKey.self; ForecastCacheKey.self; FeatureFlagsKey.self; ErrorReporterKey.self; SurfNavigatorKey.self
        }

        func makeSpotsViewModel() throws -> SpotsViewModel {   // SpotsViewModel takes protocols in init
            SpotsViewModel(
                api: try container.resolve(APIClientKey.self),
                forecasts: try container.resolve(ForecastCacheKey.self),
                flags: try container.resolve(FeatureFlagsKey.self),
                errors: try container.resolve(ErrorReporterKey.self),
                navigator: try container.resolve(SurfNavigatorKey.self)
            )
        }
    }
}

@MainActor
@Suite("Article: wiring the blocks through Seam")
struct ReadmeWiringTests {
    typealias AppDependencies = ReadmeWiring.AppDependencies
    typealias APIClientKey = ReadmeWiring.APIClientKey
    typealias SurfNavigatorKey = ReadmeWiring.SurfNavigatorKey
    typealias SurfRoute = ReadmeWiring.SurfRoute
    typealias MockAPIClient = ReadmeWiring.MockAPIClient

    @Test(.seamDependencies {
        $0[APIClientKey.self] = MockAPIClient(failure: URLError(.notConnectedToInternet))
        $0[FeatureFlagsKey.self] = FeatureFlags.inMemory(overrides: ["surf.forecastSheet": .bool(true)])
    })
    @MainActor func offlineSpots() async throws {
        let app = AppDependencies()                    // the app's own container code
        let model = try app.makeSpotsViewModel()
        await model.load()
        try model.select("pipeline")

        let reporter = try #require(try app.container.resolve(ErrorReporterKey.self) as? RecordingErrorReporter)
        #expect(reporter.errors.map(\.code) == [.offline])
        let navigator = try #require(try app.container.resolve(SurfNavigatorKey.self) as? RecordingNavigator<SurfRoute>)
        #expect(navigator.commands == [.present(.forecast(spotID: "pipeline"), .sheet, withNavigationStack: false)])
    }

    @Test("live, the same container hands out the real blocks")
    func liveBlocks() throws {
        // The test process resolves in the test context; a live scope opts this test into live values.
        try withOverrides(context: .live) { () throws in
            let app = AppDependencies()
            #expect(try app.container.resolve(ErrorReporterKey.self) is ErrorReporter)
            #expect(try app.container.resolve(ReadmeWiring.ForecastCacheKey.self) is Cache<String, [Double]>)
            #expect(try app.container.resolve(SurfNavigatorKey.self) is Coordinator<ReadmeWiring.SurfRoute>)
        }
    }
}
