import Foundation
import Seam
import SeamCache
import SeamConfiguration
import SeamNavigation

/// The app's settings, decoded and validated from the layered configuration.
struct SurfSettings: ConfigurationDecodable, Sendable {
    var apiBaseURL: URL
    var defaultRegion: String
    var forecastCacheTTL: Duration

    init(from values: ConfigurationValues) throws {
        apiBaseURL = try values.required("api.baseURL")
        defaultRegion = try values.value("forecast.defaultRegion", default: "Donegal")
        let ttl: Int = try values.value("forecast.cacheTTL", default: 1800)
        try values.check(ttl > 0, key: "forecast.cacheTTL", "must be greater than 0")
        forecastCacheTTL = .seconds(ttl)
    }
}

// The surf app's declarations: one line (or a few) per block, the blocks' protocols do the rest.

enum SurfConfigurationKey: ConfigurationDependencyKey {
    static var sources: ConfigurationSources {
        ConfigurationSources(
            defaults: ["api.baseURL": "https://api.treblesurf.app", "forecast.defaultRegion": "Donegal"],
            files: ConfigurationFiles(directory: "config")
        )
    }
}

enum SurfSettingsKey: DecodedConfigurationKey {
    typealias Source = SurfConfigurationKey
    typealias Value = SurfSettings
}

enum ForecastCacheKey: CacheDependencyKey {
    typealias CacheKey = String
    typealias CachedValue = [Forecast]
}

enum SurfNavigatorKey: NavigatorDependencyKey {
    typealias Route = SurfRoute
}

/// The backend client: no test value, so a test that forgets to override it fails instead of
/// calling the network.
enum SurfAPIClientKey: AsyncDependencyKey {
    static func live(_ r: borrowing AsyncResolver) async throws -> any SurfAPIClient {
        LiveSurfAPI(baseURL: try await r.resolve(SurfSettingsKey.self).apiBaseURL)
    }
}
