import Seam
import SeamArchitecture
import SeamConfiguration

/// The surf app's composition root (the write-up's `AppDependencies`): the one place that resolves.
/// Tests build the same type; the Seam scope they run in decides which values come out.
@MainActor
final class SurfDependencies {
    let container = Container(name: "TrebleSurf") {
        SurfConfigurationKey.self
        SurfSettingsKey.self
        SurfAPIClientKey.self
        ForecastCacheKey.self
        FeatureFlagsKey.self
        ErrorReporterKey.self
        SurfNavigatorKey.self
    }

    func makeSpotsViewModel() async throws -> SpotsViewModel {
        SpotsViewModel(
            api: try await container.resolve(SurfAPIClientKey.self),
            forecasts: try container.resolve(ForecastCacheKey.self),
            flags: try container.resolve(FeatureFlagsKey.self),
            errors: try container.resolve(ErrorReporterKey.self),
            navigator: try container.resolve(SurfNavigatorKey.self),
            settings: try await container.resolve(SurfSettingsKey.self)
        )
    }
}
