import Foundation
import RecipesCore
import Seam
import SeamConfiguration
import SeamTesting
import Testing

/// The base URL's layers: compiled defaults < config/base.yaml < config/<APP_ENV>.yaml < RECIPES_* variables.
@Suite("RecipesSettings: defaults, files, APP_ENV, environment variables")
struct RecipesSettingsTests {
    /// The app's real sources (bundled files included), with `environment` as the process environment.
    func load(_ environment: [String: String] = [:]) async throws -> (RecipesSettings, LayeredConfiguration) {
        var sources = RecipesConfigurationKey.sources
        sources.environmentVariables = environment
        let configuration = try await LayeredConfiguration.load(sources)
        return (try configuration.decode(RecipesSettings.self), configuration)
    }

    @Test("development (the default): the fixture server on 127.0.0.1:8080, from development.yaml")
    func development() async throws {
        let (settings, configuration) = try await load()
        #expect(configuration.environment == .development)
        #expect(settings.apiBaseURL.absoluteString == "http://127.0.0.1:8080/api/json/v1/1")
        #expect(configuration.source(of: "recipes.api.baseURL")?.kind == .environmentFile)
        #expect(settings.requestTimeout == .seconds(5))
        #expect(settings.listCacheTTL == .seconds(3600))
        #expect(configuration.source(of: "recipes.cache.ttl")?.kind == .baseFile)
        #expect(settings.databaseURL.path.hasSuffix("Recipes/favourites.sqlite"))
    }

    @Test("APP_ENV=production: TheMealDB over https, from production.yaml")
    func production() async throws {
        let (settings, configuration) = try await load(["APP_ENV": "production"])
        #expect(configuration.environment == .production)
        #expect(settings.apiBaseURL.absoluteString == "https://www.themealdb.com/api/json/v1/1")
        #expect(settings.requestTimeout == .seconds(15))
    }

    @Test("APP_ENV=staging has no file of its own: base.yaml over the compiled defaults")
    func staging() async throws {
        let (settings, configuration) = try await load(["APP_ENV": "staging"])
        #expect(settings.apiBaseURL.host == "www.themealdb.com")
        #expect(configuration.source(of: "recipes.api.baseURL")?.kind == .baseFile)
        #expect(settings.requestTimeout == .seconds(10))
    }

    @Test("RECIPES_API_BASE_URL beats every file")
    func environmentVariable() async throws {
        let (settings, configuration) = try await load([
            "APP_ENV": "production", "RECIPES_API_BASE_URL": "https://mirror.example.org/api/json/v1/1",
            "RECIPES_DATABASE_PATH": "/tmp/recipes-test/favourites.sqlite", "RECIPES_CACHE_TTL": "0",
        ])
        #expect(settings.apiBaseURL.host == "mirror.example.org")
        #expect(configuration.source(of: "recipes.api.baseURL")?.kind == .environmentVariables)
        #expect(settings.databaseURL.path == "/tmp/recipes-test/favourites.sqlite")
        #expect(settings.listCacheTTL == .zero)
    }

    @Test("production refuses plain http, naming the key, the layer and the value")
    func productionNeedsHTTPS() async throws {
        let error = await #expect(throws: ConfigurationError.self) {
            try await load(["APP_ENV": "production", "RECIPES_API_BASE_URL": "http://127.0.0.1:8080/api"])
        }
        #expect(error?.key == "recipes.api.baseURL")
        #expect(error?.source == "environment variables")
        #expect(error?.description.contains("must use https in production") == true)
    }

    @Test("bad values are errors naming the key and layer, never a silent default", arguments: [
        (["RECIPES_API_TIMEOUT": "0"], "recipes.api.timeout"),
        (["RECIPES_API_TIMEOUT": "soon"], "recipes.api.timeout"),
        (["RECIPES_CACHE_TTL": "-1"], "recipes.cache.ttl"),
        (["RECIPES_API_BASE_URL": "ftp://example.org/api"], "recipes.api.baseURL"),
        (["RECIPES_API_BASE_URL": "not a url"], "recipes.api.baseURL"),
    ])
    func badValues(environment: [String: String], key: String) async throws {
        let error = await #expect(throws: ConfigurationError.self) { try await load(environment) }
        #expect(error?.key == key)
        #expect(error?.source == "environment variables")
    }

    @Test("an unknown APP_ENV is an error listing the environments")
    func unknownEnvironment() async {
        let error = await #expect(throws: ConfigurationError.self) { try await load(["APP_ENV": "prod"]) }
        #expect(error?.code == .unknownEnvironment)
    }

    @Test("in tests the settings key decodes from the overridden configuration, with the app's own validation")
    func settingsKeyInTests() async throws {
        let container = Container(name: "Recipes", context: .live) { AppDependencies.registrations() }
        let settings = try await withTestDependencies({
            $0[RecipesConfigurationKey.self] = .inMemory(overrides: ["recipes.api.baseURL": "http://127.0.0.1:9/api"])
        }) {
            try await container.resolve(RecipesSettingsKey.self)
        }
        #expect(settings.apiBaseURL.port == 9)
        #expect(settings.requestTimeout == .seconds(10))   // the compiled default
    }
}
