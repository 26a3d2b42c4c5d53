import SeamAnalysis
import Testing

@Suite("missing-protocol")
struct MissingProtocolTests {
    @Test("singletons and services without a protocol of the codebase are reported")
    func reported() async throws {
        let report = try await audit([
            "Services.swift": """
            protocol APIClientProtocol {}
            final class APIClient: APIClientProtocol { static let shared = APIClient() }
            final class DataStore: ObservableObject { static let shared = DataStore() }
            final class ImageCache: NSObject {}
            struct BuoyRepository: Sendable {}
            struct Spot: Codable {}
            """,
            "Tests/MockImageCache.swift": "final class MockImageCache {}",
        ])
        #expect(report.subjects(.missingProtocol) == ["DataStore", "ImageCache", "BuoyRepository"])
        #expect(report.metrics.services == 4)
        #expect(report.metrics.servicesWithProtocols == 1)
    }

    @Test("a conformance added in an extension counts")
    func extensionConformance() async throws {
        let report = try await audit([
            "Store.swift": "final class SettingsStore { static let shared = SettingsStore() }",
            "Store+Protocol.swift": "protocol SettingsProviding {}\nextension SettingsStore: SettingsProviding {}",
        ])
        #expect(report.findings(.missingProtocol).isEmpty)
        #expect(report.metrics.servicesWithProtocols == 1)
    }
}
