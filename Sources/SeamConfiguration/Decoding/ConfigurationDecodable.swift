/// A typed configuration that reads and validates itself from the layers of a
/// ``LayeredConfiguration``.
///
/// ```swift
/// struct AppConfiguration: ConfigurationDecodable {
///     var apiBaseURL: URL
///     var defaultRegion: String
///     var forecastCacheTTL: Duration
///     var apiKey: Secret<String>
///
///     init(from values: ConfigurationValues) throws {
///         apiBaseURL = try values.required("api.baseURL")
///         defaultRegion = try values.value("forecast.defaultRegion", default: "Ireland")
///         let ttl: Int = try values.value("forecast.cacheTTL", default: 1800)
///         try values.check(ttl > 0, key: "forecast.cacheTTL", "must be greater than 0")
///         forecastCacheTTL = .seconds(ttl)
///         apiKey = try values.secret("api.key")
///     }
/// }
/// ```
public protocol ConfigurationDecodable {
    /// Reads and validates the configuration; throws ``ConfigurationError`` naming the key and layer.
    init(from values: ConfigurationValues) throws
}
