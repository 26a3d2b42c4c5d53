import Configuration
import Foundation
import Seam
import SeamConfiguration
import SeamTesting
import Testing

/// The forecast settings a service takes in `init`.
private struct ForecastSettings: ConfigurationDecodable, Sendable {
    var region: String
    var cacheTTL: Int

    init(from values: ConfigurationValues) throws {
        region = try values.value("forecast.defaultRegion", default: "Ireland")
        cacheTTL = try values.value("forecast.cacheTTL", default: 1800)
        try values.check(cacheTTL > 0, key: "forecast.cacheTTL", "must be greater than 0")
    }
}

private enum SurfConfigurationKey: ConfigurationDependencyKey {
    static var sources: ConfigurationSources {
        ConfigurationSources(
            defaults: ["forecast.defaultRegion": "Donegal", "forecast.cacheTTL": 1800],
            environmentVariables: ["FORECAST_CACHE_TTL": "60"], arguments: [],
            secretKeys: ["api.key"]
        )
    }
    static var testOverrides: [String: ConfigValue] { ["forecast.cacheTTL": 5] }
}

private enum ForecastSettingsKey: DecodedConfigurationKey {
    typealias Source = SurfConfigurationKey
    typealias Value = ForecastSettings
}

/// Live loading fails: the environment variable names an environment that does not exist.
private enum MisconfiguredKey: ConfigurationDependencyKey {
    static var sources: ConfigurationSources {
        ConfigurationSources(environmentVariables: ["APP_ENV": "qa"], arguments: [])
    }
}

@Suite("ConfigurationDependencyKey and DecodedConfigurationKey")
struct ConfigurationKeyTests {
    @Test("live, every layer of the sources is loaded once per container")
    func liveLoads() async throws {
        let container = Container(context: .live) { SurfConfigurationKey.self }
        let configuration = try await container.resolve(SurfConfigurationKey.self)
        #expect(configuration.source(of: "forecast.cacheTTL")?.kind == .environmentVariables)
        #expect(configuration.source(of: "forecast.defaultRegion")?.kind == .defaults)
        #expect(try await container.resolve(ForecastSettingsKey.self).cacheTTL == 60)
    }

    @Test("a live load error names the key and the culprit")
    func liveLoadError() async throws {
        let error = await #expect(throws: ResolutionError.self) {
            try await Container(context: .live).resolve(MisconfiguredKey.self)
        }
        #expect(error?.isFactoryFailure == true)
        #expect(error?.description.contains("MisconfiguredKey") == true)
        #expect(error?.description.contains("APP_ENV") == true)
    }

    @Test("in a test scope, the defaults under the test overrides; nothing is read from the machine")
    func testValue() async throws {
        let container = Container()
        try await withTestDependencies {
            let configuration = try await container.resolve(SurfConfigurationKey.self)
            #expect(configuration.layers.map(\.kind) == [.defaults, .overrides])
            #expect(configuration.source(of: "forecast.cacheTTL")?.kind == .overrides)
            let settings = try await container.resolve(ForecastSettingsKey.self)
            #expect(settings.region == "Donegal")
            #expect(settings.cacheTTL == 5)
        }
    }

    @Test("a test overrides the configuration; the decoded key still validates it")
    func overrideIsValidated() async throws {
        let container = Container()
        await withTestDependencies({
            $0[SurfConfigurationKey.self] = .inMemory(overrides: ["forecast.cacheTTL": -1])
        }) {
            let error = await #expect(throws: ResolutionError.self) {
                try await container.resolve(ForecastSettingsKey.self)
            }
            #expect(error?.description.contains("forecast.cacheTTL") == true)
        }
    }

    @Test("inMemory marks secret keys in both layers")
    func inMemorySecrets() throws {
        let configuration = LayeredConfiguration.inMemory(
            defaults: ["api.key": "sk-12345678"], overrides: [:], environment: .staging, secretKeys: ["api.key"]
        )
        #expect(configuration.environment == .staging)
        let (_, report) = try configuration.decodeReporting(KeyOnly.self)
        #expect(report["api.key"]?.value == "<redacted>")
        #expect(!report.description.contains("sk-12345678"))
    }

    private struct KeyOnly: ConfigurationDecodable {
        var key: String?
        /// A plain read: only the configuration's secret keys can redact it.
        init(from values: ConfigurationValues) throws { key = try values.value("api.key") }
    }
}

@Suite("FeatureFlagsKey")
struct FeatureFlagsKeyTests {
    @Test("in a test scope, flags at their defaults with in-memory overrides, one instance per scope")
    func testDouble() async throws {
        let container = Container()
        let flag = FeatureFlag("surf.buoyMap", default: false)
        try await withTestDependencies {
            let flags = try container.resolve(FeatureFlagsKey.self)
            #expect(flags.value(flag) == false)
            try flags.setOverride(true, for: flag)
            #expect(try container.resolve(FeatureFlagsKey.self).value(flag) == true)
        }
        try await withTestDependencies {
            let fresh = try container.resolve(FeatureFlagsKey.self)
            #expect(fresh.source(of: flag) == .default)
        }
    }

    @Test("the live overrides file is a JSON file in Application Support")
    func overridesFile() {
        let url = FeatureFlagsKey.overridesFileURL
        #expect(url.lastPathComponent == "feature-flag-overrides.json")
        #expect(url.deletingLastPathComponent().lastPathComponent.isEmpty == false)
    }
}
