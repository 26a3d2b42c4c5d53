// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamConfiguration/SeamConfiguration.docc/GettingStarted.md, compiled and run: each block
// is here verbatim (SeamTests' DocCCatalogTests checks every line is here).
import Configuration
import Foundation
import Seam
import SeamConfiguration
import SeamTestSupport
import SeamTesting
import Testing

// File level: a static property in a constrained extension cannot be declared inside a namespace.
extension FeatureFlag where Value == Bool { static let swellAlerts = FeatureFlag("surf.swellAlerts", default: false) }

/// A struct, so the article's free function is an instance method here.
struct ConfigurationArticle {
    struct SurfSettings: ConfigurationDecodable {
        var apiBaseURL: URL
        var apiKey: Secret<String>          // prints as <redacted>, also in dump() and errors
        var defaultRegion: String
        var forecastCacheTTL: Int

        init(from values: ConfigurationValues) throws {
            apiBaseURL = try values.required("api.baseURL")
            if values.environment == .production {
                try values.check(apiBaseURL.scheme == "https", key: "api.baseURL", "must use https in production")
            }
            apiKey = try values.secret("api.key")
            defaultRegion = try values.value("forecast.defaultRegion", default: "Ireland")
            forecastCacheTTL = try values.value("forecast.cacheTTL", default: 1800)
            try values.check(forecastCacheTTL > 0, key: "forecast.cacheTTL", "must be greater than 0")
        }
    }

    static func load(configDirectory: String) async throws -> (LayeredConfiguration, SurfSettings) {
        let configuration = try await LayeredConfiguration.load(ConfigurationSources(
            defaults: ["api.baseURL": "https://api.treblesurf.app", "api.key": "dev-key-1234"],
            files: ConfigurationFiles(directory: configDirectory),   // base.yaml, then <environment>.yaml
            environmentVariables: [:], arguments: [],                 // the process's own when left out
            secretKeys: ["api.key"]
        ))
        let settings = try configuration.decode(SurfSettings.self)
        return (configuration, settings)
    }

    enum SurfConfigurationKey: ConfigurationDependencyKey {
        static var sources: ConfigurationSources {
            ConfigurationSources(defaults: ["api.baseURL": "https://api.treblesurf.app"], secretKeys: ["api.key"])
        }
    }

    enum SurfSettingsKey: DecodedConfigurationKey {
        typealias Source = SurfConfigurationKey
        typealias Value = SurfSettings
    }

    func showSwellAlerts(flags: any FeatureFlagProviding) throws -> Bool {
        flags.updateRemoteValues(["surf.swellAlerts": .bool(true)])   // after fetching remote config
        try flags.setOverride(false, for: .swellAlerts)               // the debug menu; wins over remote
        return flags.value(.swellAlerts)
    }

    @Suite("Article: Getting started with SeamConfiguration")
    struct Tests {
        @Test(.seamDependencies {
            $0[SurfConfigurationKey.self] = .inMemory(overrides: [
                "api.baseURL": "https://staging.treblesurf.app", "api.key": "test-key-1234", "forecast.cacheTTL": 60,
            ])
        })
        func settingsComeFromTheTestsLayers() async throws {
            let settings = try await Container().resolve(SurfSettingsKey.self)
            #expect(settings.apiBaseURL.host() == "staging.treblesurf.app")
            #expect(settings.forecastCacheTTL == 60)
            #expect("\(settings.apiKey)" == "<redacted>")
        }

        @Test("the file layer wins over the defaults, and says where a value came from")
        func layers() async throws {
            let folder = try TemporaryDirectory(prefix: "config-article", files: ["base.yaml": "forecast:\n  cacheTTL: 45\n"])
            let (configuration, settings) = try await ConfigurationArticle.load(configDirectory: folder.url.path)
            #expect(settings.forecastCacheTTL == 45)
            #expect(settings.defaultRegion == "Ireland")
            #expect(settings.apiKey.revealedValue == "dev-key-1234")
            #expect(configuration.source(of: "forecast.cacheTTL")?.kind == .baseFile)
        }

        @Test("a value that does not parse names the key and the file")
        func badValue() async throws {
            let folder = try TemporaryDirectory(prefix: "config-article", files: ["base.yaml": "forecast:\n  cacheTTL: thirty\n"])
            let error = await #expect(throws: ConfigurationError.self) {
                try await ConfigurationArticle.load(configDirectory: folder.url.path)
            }
            #expect(error?.description.contains("forecast.cacheTTL") == true, "\(String(describing: error))")
            #expect(error?.description.contains("base.yaml") == true, "\(String(describing: error))")
        }

        @Test("a local override beats the remote value")
        func flags() throws {
            #expect(try ConfigurationArticle().showSwellAlerts(flags: FeatureFlags.inMemory()) == false)
        }
    }
}
