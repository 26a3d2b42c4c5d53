import Configuration
import Foundation
import Testing

import SeamConfiguration

@Suite("Layered configuration")
struct LayeredConfigurationTests {
    private func load(
        _ directory: ConfigDirectory?,
        env: [String: String] = [:],
        args: [String] = ["surf"],
        overrides: [String: ConfigValue] = [:],
        format: ConfigurationFiles.Format = .yaml
    ) async throws -> LayeredConfiguration {
        try await LayeredConfiguration.load(
            ConfigurationSources(
                defaults: surfDefaults,
                files: directory?.files(format),
                environmentVariables: env,
                arguments: args,
                overrides: overrides,
                secretKeys: ["api.key"]
            )
        )
    }

    @Test("decodes the typed configuration from defaults, files and environment variables")
    func decodesTypedConfiguration() async throws {
        let directory = try ConfigDirectory(files: surfFiles)
        defer { directory.remove() }
        let configuration = try await load(directory, env: ["APP_ENV": "production", "API_KEY": secretAPIKey])
        let app = try configuration.decode(AppConfiguration.self)

        #expect(configuration.environment == .production)
        #expect(app.apiBaseURL == URL(string: "https://api.treblesurf.com"))
        #expect(app.apiKey.revealedValue == secretAPIKey)
        #expect(app.defaultRegion == "Ireland")
        #expect(app.forecastCacheTTL == 1800)
        #expect(app.requestTimeout == 30)
        #expect(app.forecastModel == .gfs)
        #expect(app.favouriteSpots == [])
    }

    @Test("each layer wins over the layers below it")
    func precedence() async throws {
        let directory = try ConfigDirectory(files: surfFiles)
        defer { directory.remove() }
        let key = "forecast.cacheTTL"
        let env = ["APP_ENV": "production", "API_KEY": secretAPIKey]

        // defaults < base file: without files the default in code applies; base.yaml sets 600.
        let noFiles = try await load(nil, env: env.merging(["API_BASE_URL": "https://api.treblesurf.com"]) { $1 })
        #expect(try noFiles.decode(AppConfiguration.self).forecastCacheTTL == 1800)
        #expect(noFiles.source(of: key) == nil)
        let stagingEnv = ["APP_ENV": "staging", "API_KEY": secretAPIKey]
        #expect(try await load(directory, env: stagingEnv).decode(AppConfiguration.self).forecastCacheTTL == 600)
        #expect(try await load(directory, env: stagingEnv).source(of: key)?.kind == .baseFile)

        // base file < environment file
        #expect(try await load(directory, env: env).source(of: key)?.name == directory.path + "/production.yaml")

        // environment file < environment variables
        var withVariable = env
        withVariable["FORECAST_CACHE_TTL"] = "900"
        let fromVariable = try await load(directory, env: withVariable)
        #expect(try fromVariable.decode(AppConfiguration.self).forecastCacheTTL == 900)
        #expect(fromVariable.source(of: key)?.kind == .environmentVariables)

        // environment variables < command-line arguments
        let fromArgument = try await load(directory, env: withVariable, args: ["surf", "--forecast-cache-ttl", "120"])
        #expect(try fromArgument.decode(AppConfiguration.self).forecastCacheTTL == 120)
        #expect(fromArgument.source(of: key)?.kind == .commandLineArguments)

        // command-line arguments < overrides
        let fromOverride = try await load(
            directory, env: withVariable, args: ["surf", "--forecast-cache-ttl", "120"], overrides: [key: 60]
        )
        #expect(try fromOverride.decode(AppConfiguration.self).forecastCacheTTL == 60)
        #expect(fromOverride.source(of: key)?.kind == .overrides)
    }

    @Test("the plain ConfigReader sees the same layers in the same order")
    func readerSharesLayers() async throws {
        let directory = try ConfigDirectory(files: surfFiles)
        defer { directory.remove() }
        let configuration = try await load(directory, env: ["APP_ENV": "production", "FORECAST_CACHE_TTL": "900"])
        #expect(configuration.reader.int(forKey: "forecast.cacheTTL") == 900)
        #expect(configuration.reader.string(forKey: "api.baseURL") == "https://api.treblesurf.com")
        #expect(configuration.reader.scoped(to: "forecast").string(forKey: "defaultRegion") == "Ireland")
    }

    @Test("the environment comes from --environment, else APP_ENV, else development")
    func environmentSelection() async throws {
        let directory = try ConfigDirectory(files: surfFiles)
        defer { directory.remove() }
        #expect(try await load(directory).environment == .development)
        #expect(try await load(directory, env: ["APP_ENV": "staging"]).environment == .staging)
        let both = try await load(
            directory, env: ["APP_ENV": "staging"], args: ["surf", "--environment", "production"])
        #expect(both.environment == .production)
        #expect(both.layers.map(\.kind) == ConfigurationLayer.Kind.allCases)
        #expect(both.layers[2].name == directory.path + "/production.yaml")

        let staging = try await load(directory, env: ["APP_ENV": "staging", "API_KEY": secretAPIKey])
        #expect(try staging.decode(AppConfiguration.self).apiBaseURL.host == "staging.treblesurf.com")
    }

    @Test("an unknown environment is an error naming the variable or argument")
    func unknownEnvironment() async throws {
        let fromVariable = await #expect(throws: ConfigurationError.self) {
            try await load(nil, env: ["APP_ENV": "prod"])
        }
        #expect(fromVariable?.code == .unknownEnvironment)
        #expect(
            fromVariable?.description
                == #"APP_ENV in environment variables: expected one of development, staging, production, got "prod""#
        )

        let fromArgument = await #expect(throws: ConfigurationError.self) {
            try await load(nil, args: ["surf", "--environment=qa"])
        }
        #expect(fromArgument?.key == "--environment")
        #expect(fromArgument?.source == "command-line arguments")
    }

    @Test("a wrong type in a file names the key and the file")
    func wrongTypeInFile() async throws {
        var files = surfFiles
        files["production.yaml"] = """
            api:
              baseURL: https://api.treblesurf.com
            forecast:
              cacheTTL: thirty
            """
        let directory = try ConfigDirectory(files: files)
        defer { directory.remove() }
        let configuration = try await load(directory, env: ["APP_ENV": "production", "API_KEY": secretAPIKey])

        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.key == "forecast.cacheTTL")
        #expect(error?.source == directory.path + "/production.yaml")
        #expect(
            error?.description
                == "forecast.cacheTTL in \(directory.path)/production.yaml:4: expected an integer, got \"thirty\""
        )
    }

    @Test("the value found is shown as what it is: a number unquoted, text quoted")
    func foundValueRendering() async throws {
        let directory = try ConfigDirectory(files: [
            "base.yaml":
                "api:\n  baseURL: https://api.treblesurf.com\n  key: sk_test_12345678\nforecast:\n  cacheTTL: 30.5\n"
        ])
        defer { directory.remove() }
        let configuration = try await load(directory)
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(
            error?.description == "forecast.cacheTTL in \(directory.path)/base.yaml:5: expected an integer, got 30.5")
    }

    @Test("a mapping where a value is expected is an error at the file's line, even over a lower layer's value")
    func mappingWhereAValueIsExpected() async throws {
        var files = surfFiles
        files["production.yaml"] = "api:\n  baseURL: https://api.treblesurf.com\nforecast:\n  cacheTTL: {minutes: 30}\n"
        let directory = try ConfigDirectory(files: files)
        defer { directory.remove() }
        let configuration = try await load(directory, env: ["APP_ENV": "production", "API_KEY": secretAPIKey])
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.line == 4)
        #expect(
            error?.description
                == "forecast.cacheTTL in \(directory.path)/production.yaml:4: expected an integer, got a mapping")

        // A block mapping, with no lower layer setting the key.
        let block = try ConfigDirectory(files: [
            "base.yaml": "api:\n  baseURL: https://api.treblesurf.com\nforecast:\n  cacheTTL:\n    minutes: 30\n"
        ])
        defer { block.remove() }
        let blockConfiguration = try await load(block, env: ["API_KEY": secretAPIKey])
        let blockError = #expect(throws: ConfigurationError.self) {
            try blockConfiguration.decode(AppConfiguration.self)
        }
        #expect(
            blockError?.description
                == "forecast.cacheTTL in \(block.path)/base.yaml:5: expected an integer, got a mapping")
    }

    @Test("values are echoed as written: 0x10 stays 0x10 in errors and reports")
    func valuesAsWritten() async throws {
        let environment = try await load(
            nil,
            env: ["API_BASE_URL": "https://api.treblesurf.com", "API_KEY": secretAPIKey, "FORECAST_CACHE_TTL": "0x10"])
        let fromEnvironment = #expect(throws: ConfigurationError.self) { try environment.decode(AppConfiguration.self) }
        #expect(
            fromEnvironment?.description == "forecast.cacheTTL in environment variables: expected an integer, got 0x10")

        let directory = try ConfigDirectory(files: [
            "base.yaml":
                "api:\n  baseURL: https://api.treblesurf.com\n  requestTimeout: 0x1E\nforecast:\n  cacheTTL: -0x10\n"
        ])
        defer { directory.remove() }
        let configuration = try await load(directory, env: ["API_KEY": secretAPIKey])
        let fromFile = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(
            fromFile?.description
                == "forecast.cacheTTL in \(directory.path)/base.yaml:5: must be greater than 0, got -0x10")

        struct Timeout: ConfigurationDecodable {
            var seconds: Double
            init(from values: ConfigurationValues) throws { seconds = try values.required("api.requestTimeout") }
        }
        let (timeout, report) = try configuration.decodeReporting(Timeout.self)
        #expect(timeout.seconds == 30)
        #expect(report["api.requestTimeout"]?.value == "0x1E")
    }

    @Test("an optional read returns nil when no layer sets the key, and still rejects a wrong type")
    func optionalRead() async throws {
        struct Optionals: ConfigurationDecodable {
            var region: String?
            var days: Int?
            init(from values: ConfigurationValues) throws {
                region = try values.value("forecast.region")
                days = try values.value("forecast.days", as: Int.self)
            }
        }
        #expect(try await load(nil).decode(Optionals.self).region == nil)
        #expect(try await load(nil, env: ["FORECAST_REGION": "Donegal"]).decode(Optionals.self).region == "Donegal")
        await #expect(throws: ConfigurationError.self) {
            try await load(nil, env: ["FORECAST_DAYS": "a week"]).decode(Optionals.self)
        }
    }

    @Test("a wrong type in a JSON file names the key and the file")
    func wrongTypeInJSONFile() async throws {
        let directory = try ConfigDirectory(files: [
            "base.json": #"{"api": {"baseURL": "https://api.treblesurf.com", "key": "sk_test_12345678"}}"#,
            "development.json": #"{"api": {"requestTimeout": "soon"}}"#,
        ])
        defer { directory.remove() }
        let configuration = try await load(directory, format: .json)
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(
            error?.description
                == "api.requestTimeout in \(directory.path)/development.json:1: expected a number, got \"soon\"")
    }

    @Test("a wrong type in an environment variable names the variables layer")
    func wrongTypeInEnvironmentVariable() async throws {
        let configuration = try await load(
            nil,
            env: [
                "API_BASE_URL": "https://api.treblesurf.com", "API_KEY": secretAPIKey,
                "FORECAST_CACHE_TTL": "half an hour",
            ]
        )
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(
            error?.description
                == #"forecast.cacheTTL in environment variables: expected an integer, got "half an hour""#)
    }

    @Test("an enum value that is not a case lists the cases")
    func wrongEnumCase() async throws {
        let configuration = try await load(
            nil,
            env: ["API_BASE_URL": "https://api.treblesurf.com", "API_KEY": secretAPIKey, "FORECAST_MODEL": "icon"]
        )
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(
            error?.description == #"forecast.model in environment variables: expected one of gfs, ecmwf, got "icon""#)
    }

    @Test("a malformed URL is a type mismatch naming its source")
    func malformedURL() async throws {
        let configuration = try await load(
            nil, overrides: ["api.baseURL": "not a url", "api.key": .init(.string(secretAPIKey), isSecret: true)])
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(error?.description == #"api.baseURL in overrides: expected an absolute URL, got "not a url""#)
    }

    @Test("a missing required key lists every layer searched")
    func missingRequired() async throws {
        let configuration = try await load(nil)
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(AppConfiguration.self) }
        #expect(error?.code == .missingValue)
        #expect(
            error?.description
                == "api.baseURL: required but not set (searched overrides, command-line arguments, environment variables, defaults)"
        )
    }

    @Test("validation errors name the key, the layer and the value")
    func validation() async throws {
        let directory = try ConfigDirectory(files: surfFiles)
        defer { directory.remove() }
        let zeroTTL = try await load(
            directory, env: ["APP_ENV": "production", "API_KEY": secretAPIKey, "FORECAST_CACHE_TTL": "0"])
        let ttlError = #expect(throws: ConfigurationError.self) { try zeroTTL.decode(AppConfiguration.self) }
        #expect(ttlError?.code == .invalidValue)
        #expect(ttlError?.description == "forecast.cacheTTL in environment variables: must be greater than 0, got 0")

        var insecure = surfFiles
        insecure["production.yaml"] = "api:\n  baseURL: http://api.treblesurf.com\n"
        let insecureDirectory = try ConfigDirectory(files: insecure)
        defer { insecureDirectory.remove() }
        let production = try await load(insecureDirectory, env: ["APP_ENV": "production", "API_KEY": secretAPIKey])
        let urlError = #expect(throws: ConfigurationError.self) { try production.decode(AppConfiguration.self) }
        #expect(
            urlError?.description
                == "api.baseURL in \(insecureDirectory.path)/production.yaml:2: must use https in production, got \"http://api.treblesurf.com\""
        )

        // Plain http is fine outside production (base.yaml points at localhost).
        let development = try await load(insecureDirectory, env: ["API_KEY": secretAPIKey])
        #expect(try development.decode(AppConfiguration.self).apiBaseURL.scheme == "http")
    }

    @Test("a file that cannot be parsed is an error naming the file")
    func unparseableFile() async throws {
        let directory = try ConfigDirectory(files: ["base.yaml": "api: [unclosed\n  key: value"])
        defer { directory.remove() }
        let error = await #expect(throws: ConfigurationError.self) { try await load(directory) }
        #expect(error?.code == .unreadableFile)
        #expect(error?.source == directory.path + "/base.yaml")
    }

    @Test("missing files are empty layers unless required")
    func missingFiles() async throws {
        let directory = try ConfigDirectory(files: [:])
        defer { directory.remove() }
        let optional = try await load(directory)
        #expect(optional.layers.count == 6)
        #expect(optional.source(of: "api.baseURL") == nil)

        let error = await #expect(throws: ConfigurationError.self) {
            try await LayeredConfiguration.load(
                ConfigurationSources(files: directory.files(required: true), environmentVariables: [:], arguments: [])
            )
        }
        #expect(error?.code == .unreadableFile)
        #expect(error?.source == directory.path + "/base.yaml")
    }

    @Test("the report names the source of every value read")
    func report() async throws {
        let directory = try ConfigDirectory(files: surfFiles)
        defer { directory.remove() }
        let configuration = try await load(
            directory, env: ["APP_ENV": "production", "API_KEY": secretAPIKey],
            args: ["surf", "--spots-favourites", "lahinch,bundoran"]
        )
        let (_, report) = try configuration.decodeReporting(AppConfiguration.self)
        #expect(report["api.baseURL"]?.source == directory.path + "/production.yaml")
        #expect(report["forecast.defaultRegion"]?.source == "defaults")
        #expect(report["forecast.model"]?.description == #"forecast.model = "gfs" (default)"#)
        #expect(report["api.key"]?.source == "environment variables")
        #expect(report["spots.favourites"]?.value == #"["lahinch", "bundoran"]"#)
        #expect(report.entries.map(\.key).first == "api.baseURL")
    }

    @Test("custom layers can be stacked from any swift-configuration provider")
    func customLayers() throws {
        let remote = InMemoryProvider(values: ["forecast.cacheTTL": 300])
        let configuration = LayeredConfiguration(
            environment: .staging,
            layers: [
                ConfigurationLayer(
                    kind: .defaults, name: "defaults", provider: InMemoryProvider(values: ["forecast.cacheTTL": 1800])),
                ConfigurationLayer(kind: .overrides, name: "remote config", provider: remote),
            ]
        )
        #expect(configuration.source(of: "forecast.cacheTTL")?.name == "remote config")
        #expect(
            configuration.description == "LayeredConfiguration(environment: staging, layers: defaults < remote config)")
    }
}
