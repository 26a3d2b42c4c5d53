import Foundation
import SeamConfiguration

/// The app's settings, decoded and validated from its layered configuration (``RecipesConfigurationKey``).
///
/// | key | environment variable | default |
/// |---|---|---|
/// | `recipes.api.baseURL` | `RECIPES_API_BASE_URL` | required (config files: TheMealDB; development: the fixture server) |
/// | `recipes.api.timeout` | `RECIPES_API_TIMEOUT` | 10 seconds |
/// | `recipes.database.path` | `RECIPES_DATABASE_PATH` | `<Application Support>/Recipes/favourites.sqlite` |
/// | `recipes.cache.directory` | `RECIPES_CACHE_DIRECTORY` | `<Caches>/Recipes` |
/// | `recipes.cache.ttl` | `RECIPES_CACHE_TTL` | 3600 seconds; 0 turns the list cache off |
public struct RecipesSettings: ConfigurationDecodable, Sendable, Hashable {
    /// TheMealDB's base URL, up to and including the API key segment (`…/api/json/v1/1`).
    public var apiBaseURL: URL
    /// How long one request may take.
    public var requestTimeout: Duration
    /// The SQLite file holding the favourites.
    public var databaseURL: URL
    /// Where category lists and meal lists are cached between runs.
    public var cacheDirectory: URL
    /// How long a cached list stays fresh; zero means no caching.
    public var listCacheTTL: Duration

    /// Reads and validates every setting.
    ///
    /// - Throws: `ConfigurationError` naming the key, the layer and the value: a base URL that is not
    ///   http(s) (https in production), a timeout that is not positive, a negative cache TTL.
    public init(from values: ConfigurationValues) throws {
        apiBaseURL = try values.required("recipes.api.baseURL")
        let scheme = apiBaseURL.scheme?.lowercased()
        try values.check(scheme == "http" || scheme == "https", key: "recipes.api.baseURL", "must be an http(s) URL")
        if values.environment == .production {
            try values.check(scheme == "https", key: "recipes.api.baseURL", "must use https in production")
        }
        let timeout = try values.value("recipes.api.timeout", default: 10.0)
        try values.check(timeout > 0, key: "recipes.api.timeout", "must be greater than 0 seconds")
        requestTimeout = .milliseconds(Int((timeout * 1000).rounded()))
        databaseURL = try values.value("recipes.database.path", as: String.self).map(URL.init(fileURLWithPath:))
            ?? Self.defaultSupportDirectory.appendingPathComponent("favourites.sqlite")
        cacheDirectory = try values.value("recipes.cache.directory", as: String.self).map(URL.init(fileURLWithPath:))
            ?? Self.defaultCachesDirectory
        let ttl = try values.value("recipes.cache.ttl", default: 3600)
        try values.check(ttl >= 0, key: "recipes.cache.ttl", "must be 0 (no cache) or more seconds")
        listCacheTTL = .seconds(ttl)
    }

    /// The app's folder inside the user's Application Support and Caches folders.
    /// Settings given directly, for previews and tests; the app decodes its own from the configuration.
    public init(apiBaseURL: URL, requestTimeout: Duration, databaseURL: URL, cacheDirectory: URL, listCacheTTL: Duration) {
        self.apiBaseURL = apiBaseURL
        self.requestTimeout = requestTimeout
        self.databaseURL = databaseURL
        self.cacheDirectory = cacheDirectory
        self.listCacheTTL = listCacheTTL
    }

    /// What previews and tests read: a base URL no server answers (a file URL: tests send through a
    /// `RecordingTransport`, previews get no network client) and files under the temporary folder (the stores and
    /// caches previews and tests get are in memory, so nothing is written there).
    public static var preview: RecipesSettings {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(appFolder)-preview")
        return RecipesSettings(
            apiBaseURL: folder.appendingPathComponent("api"), requestTimeout: .seconds(10),
            databaseURL: folder.appendingPathComponent("favourites.sqlite"), cacheDirectory: folder,
            listCacheTTL: .seconds(3600)
        )
    }

    static let appFolder = "Recipes"

    /// The user's Application Support folder for the app (`~/.local/share/Recipes` on Linux).
    static var defaultSupportDirectory: URL {
        userDirectory(.applicationSupportDirectory).appendingPathComponent(appFolder)
    }

    /// The user's Caches folder for the app (`~/.cache/Recipes` on Linux).
    private static var defaultCachesDirectory: URL {
        userDirectory(.cachesDirectory).appendingPathComponent(appFolder)
    }

    /// The user's folder of `kind`, or the temporary folder on a system without one.
    private static func userDirectory(_ kind: FileManager.SearchPathDirectory) -> URL {
        FileManager.default.urls(for: kind, in: .userDomainMask).first ?? FileManager.default.temporaryDirectory
    }
}
