import Observation
import SeamArchitecture
import SeamCache
import SeamConfiguration
import SeamNavigation

/// The surf app's spot list (the write-up's `SpotsViewModel`), with every dependency a protocol
/// taken in `init`: no singleton, nothing resolved here.
@MainActor @Observable
final class SpotsViewModel {
    private(set) var spots: LoadingState<[Spot]> = .idle
    private(set) var forecast: LoadingState<[Forecast]> = .idle

    private let api: any SurfAPIClient
    private let forecasts: any CacheStore<String, [Forecast]>
    private let flags: any FeatureFlagProviding
    private let errors: any ErrorReporting
    private let navigator: any Navigating<SurfRoute>
    private let settings: SurfSettings

    init(
        api: any SurfAPIClient,
        forecasts: any CacheStore<String, [Forecast]>,
        flags: any FeatureFlagProviding,
        errors: any ErrorReporting,
        navigator: any Navigating<SurfRoute>,
        settings: SurfSettings
    ) {
        self.api = api
        self.forecasts = forecasts
        self.flags = flags
        self.errors = errors
        self.navigator = navigator
        self.settings = settings
    }

    /// Loads the spots of the configured region; a failure is shown and reported.
    func load() async {
        let final = await spots.run(update: { self.spots = $0 }) { [api, settings] in
            try await api.fetchSpots(region: settings.defaultRegion)
        }
        if let error = final.error { errors.report(error) }
    }

    /// Loads a spot's forecast through the forecast cache (fetched once per time to live).
    func loadForecast(for spot: Spot) async {
        let final = await forecast.run(update: { self.forecast = $0 }) { [api, forecasts, settings] in
            try await forecasts.value(for: spot.id, ttl: settings.forecastCacheTTL) {
                try await api.fetchForecast(spotID: spot.id)
            }
        }
        if let error = final.error { errors.report(error) }
    }

    /// Opens a spot: its screen, or (behind the `surf.forecastSheet` flag) its forecast in a sheet.
    func select(_ spot: Spot) throws(NavigationError) {
        if flags.value(.forecastSheet) {
            try navigator.present(.forecast(spotID: spot.id, days: 3), as: .sheet, withNavigationStack: false)
        } else {
            try navigator.push(.spot(id: spot.id))
        }
    }

    /// Closes whatever `select` opened.
    func close() throws(NavigationError) {
        if navigator.state.modalCount > 0 { try navigator.dismiss() } else { try navigator.pop() }
    }
}
