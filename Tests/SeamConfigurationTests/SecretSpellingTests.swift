import Configuration
import Foundation
import SeamConfiguration
import SeamLocking
import Testing

/// A secret is one key whatever its spelling, and a secret key covers the keys below it: in values
/// read, `check()` errors, type-mismatch errors, reports and access events.
@Suite("Secrets under other spellings and below a secret prefix", .serialized)
struct SecretSpellingTests {
    static let secretValue = "sk_live_51HzTOPSECRET"

    /// Reads `key` as a string and stops.
    struct Reads: ConfigurationDecodable {
        let value: String?
        init(from values: ConfigurationValues) throws {
            value = try values.value(ReadsSpelling.current.withLock { $0 })
        }
    }

    /// Reads `database.port` as an integer.
    struct ReadsPort: ConfigurationDecodable {
        init(from values: ConfigurationValues) throws {
            _ = try values.value("database.port", as: Int.self)
        }
    }

    enum ReadsSpelling {
        static let current = Locked("")
    }

    /// Reads the key in `ReadsSpelling.current`, then fails `check` on it.
    struct Rejects: ConfigurationDecodable {
        init(from values: ConfigurationValues) throws {
            let key = ReadsSpelling.current.withLock { $0 }
            let value: String? = try values.value(key)
            try values.check(value == nil, key: key, "must be rotated")
        }
    }

    static func printed(_ events: [AccessEvent]) -> String {
        events.map { "\($0) \(String(reflecting: $0))" }.joined(separator: "\n")
    }

    @Test(
        "api.key set in the environment as API_KEY, read as api_key, API.KEY, api-key: redacted everywhere",
        .serialized, arguments: ["api_key", "API.KEY", "api-key", "Api.Key", "apiKey", "api.key"])
    func spellings(_ spelling: String) async throws {
        ReadsSpelling.current.withLock { $0 = spelling }
        let events = CollectingAccessReporter()
        let configuration = try await LayeredConfiguration.load(
            ConfigurationSources(
                environmentVariables: ["API_KEY": Self.secretValue], arguments: ["app"], secretKeys: ["api.key"]),
            accessReporter: events
        )
        let (read, report) = try configuration.decodeReporting(Reads.self)
        #expect(read.value == Self.secretValue)  // the value itself reaches the code that asked for it
        #expect(!"\(report)".contains(Self.secretValue), "\(report)")
        let error = #expect(throws: ConfigurationError.self) { try configuration.decode(Rejects.self) }
        #expect(error.map { "\($0)" }?.contains(Self.secretValue) == false, "\(String(describing: error))")
        #expect(!events.all.isEmpty)
        #expect(!Self.printed(events.all).contains(Self.secretValue), "\(Self.printed(events.all))")
        // The configuration's ConfigReader marks it secret too.
        _ = configuration.reader.string(forKey: ConfigKey(spelling.split(separator: ".").map(String.init)))
        #expect(!Self.printed(events.all).contains(Self.secretValue), "\(Self.printed(events.all))")
    }

    @Test(
        "secretKeys: [\"database\"] covers database.password and DATABASE_PASSWORD; a type mismatch below it is redacted"
    )
    func prefix() async throws {
        let events = CollectingAccessReporter()
        let configuration = try await LayeredConfiguration.load(
            ConfigurationSources(
                defaults: [
                    "database.password": "hunter2-TOPSECRET", "database.port": "not-a-number-TOPSECRET",
                    "databases": "public",
                ],
                environmentVariables: ["DATABASE_USER": "admin-TOPSECRET"], arguments: ["app"], secretKeys: ["database"]
            ),
            accessReporter: events
        )
        for key in ["database.password", "DATABASE_USER", "database.user"] {
            ReadsSpelling.current.withLock { $0 = key }
            let (read, report) = try configuration.decodeReporting(Reads.self)
            #expect(read.value?.contains("TOPSECRET") == true, "\(key)")
            #expect(!"\(report)".contains("TOPSECRET"), "\(key): \(report)")
            let error = #expect(throws: ConfigurationError.self) { try configuration.decode(Rejects.self) }
            #expect(error.map { "\($0)" }?.contains("TOPSECRET") == false, "\(key): \(String(describing: error))")
        }
        let mismatch = #expect(throws: ConfigurationError.self) { try configuration.decode(ReadsPort.self) }
        #expect(mismatch.map { "\($0)" }?.contains("TOPSECRET") == false, "\(String(describing: mismatch))")
        #expect(!Self.printed(events.all).contains("TOPSECRET"), "\(Self.printed(events.all))")
        // A key that only starts with the same letters is not below the prefix.
        ReadsSpelling.current.withLock { $0 = "databases" }
        let (unrelated, report) = try configuration.decodeReporting(Reads.self)
        #expect(unrelated.value == "public" && "\(report)".contains("public"))
    }
}
