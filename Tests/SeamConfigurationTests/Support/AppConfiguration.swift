import Foundation
import SeamConfiguration

/// The forecast model the surf app asks the backend for.
enum ForecastModel: String, CaseIterable, ConfigurationConvertible, FeatureFlagValue {
    case gfs, ecmwf
}

/// The surf app's configuration, as an app would declare it.
struct AppConfiguration: ConfigurationDecodable, CustomStringConvertible {
    var apiBaseURL: URL
    var apiKey: Secret<String>
    var defaultRegion: String
    var forecastCacheTTL: Int
    var requestTimeout: Double
    var forecastModel: ForecastModel
    var favouriteSpots: [String]

    init(from values: ConfigurationValues) throws {
        apiBaseURL = try values.required("api.baseURL")
        if values.environment == .production {
            try values.check(apiBaseURL.scheme == "https", key: "api.baseURL", "must use https in production")
        }
        apiKey = try values.secret("api.key")
        try values.check(apiKey.revealedValue.count >= 8, key: "api.key", "must be at least 8 characters")
        defaultRegion = try values.value("forecast.defaultRegion", default: "Ireland")
        forecastCacheTTL = try values.value("forecast.cacheTTL", default: 1800)
        try values.check(forecastCacheTTL > 0, key: "forecast.cacheTTL", "must be greater than 0")
        requestTimeout = try values.value("api.requestTimeout", default: 30)
        try values.check(requestTimeout > 0, key: "api.requestTimeout", "must be greater than 0")
        forecastModel = try values.value("forecast.model", default: .gfs)
        favouriteSpots = try values.value("spots.favourites", default: [])
    }

    var description: String {
        "AppConfiguration(apiBaseURL: \(apiBaseURL), apiKey: \(apiKey), defaultRegion: \(defaultRegion))"
    }
}
