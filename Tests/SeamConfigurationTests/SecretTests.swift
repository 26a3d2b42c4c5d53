import Configuration
import Foundation
import Synchronization
import Testing

import SeamConfiguration
import SeamLocking

/// Collects access events, as an app's `AccessLogger` would receive them.
final class CollectingAccessReporter: AccessReporter {
    private let events = Locked<[AccessEvent]>([])

    func report(_ event: AccessEvent) {
        events.withLock { $0.append(event) }
    }

    var all: [AccessEvent] { events.withLock { $0 } }
}

@Suite("Secrets")
struct SecretTests {
    private func configuration(
        env: [String: String],
        accessReporter: (any AccessReporter)? = nil
    ) async throws -> LayeredConfiguration {
        try await LayeredConfiguration.load(
            ConfigurationSources(
                defaults: surfDefaults,
                environmentVariables: env,
                arguments: ["surf"],
                secretKeys: ["api.key"]
            ),
            accessReporter: accessReporter
        )
    }

    @Test("a Secret prints as <redacted> through description, interpolation, debugDescription and dump")
    func secretRedacted() {
        let secret = Secret(secretAPIKey)
        #expect(secret.description == "<redacted>")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.contains(secretAPIKey))
        #expect(Mirror(reflecting: secret).children.isEmpty)
        #expect(secret.revealedValue == secretAPIKey)
    }

    @Test("the decoded configuration never prints its secret, even through dump")
    func configurationRedacted() async throws {
        let app = try await configuration(
            env: ["API_BASE_URL": "https://api.treblesurf.com", "API_KEY": secretAPIKey]
        ).decode(AppConfiguration.self)

        #expect(!String(describing: app).contains(secretAPIKey))
        var dumped = ""
        dump(app, to: &dumped)
        #expect(dumped.contains("api.treblesurf.com"))
        #expect(!dumped.contains(secretAPIKey))
    }

    @Test("the report and the configuration's description redact secrets")
    func reportRedacted() async throws {
        let loaded = try await configuration(env: [
            "API_BASE_URL": "https://api.treblesurf.com", "API_KEY": secretAPIKey,
        ])
        let (_, report) = try loaded.decodeReporting(AppConfiguration.self)
        #expect(report["api.key"]?.value == "<redacted>")
        #expect(!report.description.contains(secretAPIKey))
        #expect(!loaded.description.contains(secretAPIKey))
    }

    @Test("a validation error on a secret does not contain its value")
    func validationErrorRedacted() async throws {
        let loaded = try await configuration(env: ["API_BASE_URL": "https://api.treblesurf.com", "API_KEY": "short"])
        let error = #expect(throws: ConfigurationError.self) { try loaded.decode(AppConfiguration.self) }
        #expect(error?.description == "api.key in environment variables: must be at least 8 characters, got <redacted>")
    }

    @Test("a type mismatch on a secret does not contain its value")
    func typeMismatchRedacted() async throws {
        struct PinConfiguration: ConfigurationDecodable {
            var pin: Secret<Int>
            init(from values: ConfigurationValues) throws { pin = try values.secret("vault.pin") }
        }
        let loaded = try await configuration(env: ["VAULT_PIN": "hunter2"])
        let error = #expect(throws: ConfigurationError.self) { try loaded.decode(PinConfiguration.self) }
        #expect(error?.description == "vault.pin in environment variables: expected an integer, got <redacted>")
    }

    @Test("access events sent to swift-configuration reporters mark secrets, so their logs redact them")
    func accessEventsRedacted() async throws {
        let reporter = CollectingAccessReporter()
        let loaded = try await configuration(
            env: ["API_BASE_URL": "https://api.treblesurf.com", "API_KEY": secretAPIKey], accessReporter: reporter
        )
        _ = try loaded.decode(AppConfiguration.self)
        _ = loaded.reader.string(forKey: "api.key")

        let keyEvents = reporter.all.filter { $0.metadata.key == ["api", "key"] }
        #expect(keyEvents.count == 2)
        for event in keyEvents {
            #expect(!event.description.contains(secretAPIKey))
            #expect(event.description.contains("REDACTED"))
            if case .success(let value?) = event.result { #expect(value.isSecret) }
        }
        let urlEvent = try #require(reporter.all.first { $0.metadata.key == ["api", "baseURL"] })
        #expect(urlEvent.description.contains("api.treblesurf.com"))
        #expect(urlEvent.providerResults.map(\.providerName).contains("environment variables"))
    }

    /// Everything `dump` prints for `value`.
    private func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test("dump of the configuration, its layers, providers and reader shows no secret")
    func dumpsRedacted() async throws {
        let loaded = try await configuration(env: [
            "API_BASE_URL": "https://api.treblesurf.com", "API_KEY": secretAPIKey,
        ])
        #expect(try loaded.decode(AppConfiguration.self).apiKey.revealedValue == secretAPIKey, "the secret is there")
        for (name, text) in [
            ("configuration", dumped(loaded)), ("layers", dumped(loaded.layers)), ("reader", dumped(loaded.reader)),
            ("providers", dumped(loaded.layers.map(\.provider))),
            ("snapshots", dumped(loaded.layers.map { $0.provider.snapshot() })),
        ] {
            #expect(!text.contains(secretAPIKey), "dump of the \(name) prints the secret:\n\(text)")
            #expect(!text.contains("api.treblesurf.com"), "dump of the \(name) prints a value:\n\(text)")
        }
        #expect(dumped(loaded).contains("environment variables"), "the layers are named")
    }

    @Test("interpolating, describing or debug-printing a provider, a layer or the configuration shows no secret")
    func descriptionsRedacted() async throws {
        let loaded = try await configuration(env: ["API_KEY": secretAPIKey])
        var texts = [String(describing: loaded), String(reflecting: loaded), "\(loaded.reader)"]
        for layer in loaded.layers {
            texts += ["\(layer.provider)", String(reflecting: layer.provider), "\(layer)", String(reflecting: layer)]
            texts += ["\(layer.provider.snapshot())", String(reflecting: layer.provider.snapshot())]
        }
        for text in texts { #expect(!text.contains(secretAPIKey), "\(text)") }
        #expect(texts.contains("LayerProvider(environment variables)"))
    }

    @Test("an in-memory configuration and the sources it is built from show no secret")
    func inMemoryRedacted() {
        let inMemory = LayeredConfiguration.inMemory(
            defaults: ["api.key": ConfigValue(stringLiteral: secretAPIKey)], secretKeys: ["api.key"])
        let sources = ConfigurationSources(
            defaults: ["api.key": ConfigValue(stringLiteral: secretAPIKey)],
            environmentVariables: ["TOKEN": secretAPIKey],
            arguments: ["surf", "--api-key", secretAPIKey],
            overrides: ["api.key": ConfigValue(stringLiteral: secretAPIKey)])
        let texts = [
            dumped(inMemory), "\(inMemory)", dumped(inMemory.layers), dumped(inMemory.reader),
            inMemory.layers.map { "\($0.provider)" }.joined(), dumped(sources), "\(sources)",
            String(reflecting: sources),
        ]
        for text in texts { #expect(!text.contains(secretAPIKey), "\(text)") }
        #expect(inMemory.reader.string(forKey: "api.key") == secretAPIKey, "the value is still readable")
    }
}
