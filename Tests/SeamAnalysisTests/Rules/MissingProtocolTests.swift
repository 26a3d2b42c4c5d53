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
            struct BuoyRepository: Sendable { let session: URLSession }
            struct EmailValidator { func isValid(_ text: String) -> Bool { text.contains("@") } }
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

    /// Hold-out 12 (2FAS): `final class CounterHandler: CounterHandlerStart & CounterHandlerTokens & CounterHandlerStop`
    /// conforms to each protocol of the composition.
    @Test("each protocol of a composition in the inheritance clause counts")
    func compositionConformance() async throws {
        let report = try await audit([
            "Counter.swift": """
            protocol CounterStart {}
            protocol CounterStop {}
            final class CounterHandler: CounterStart & CounterStop { static let shared = CounterHandler() }
            """
        ])
        #expect(report.findings(.missingProtocol).isEmpty)
        #expect(report.metrics.servicesWithProtocols == 1)
    }

    /// Hold-out 7 (kiwix): `struct TabManager: View` and `struct AlertHandler: ViewModifier` were services by name.
    @Test("a SwiftUI view or view modifier is a view whatever its name ends with")
    func viewsNamedLikeServices() async throws {
        let report = try await audit([
            "Views.swift": """
            import SwiftUI
            struct TabManager: View { var body: some View { Text("x") } }
            struct AlertHandler: ViewModifier { func body(content: Content) -> some View { content } }
            final class DownloadManager { private var tasks: [String] = []; func start() {} }
            """
        ])
        #expect(report.subjects(.missingProtocol) == ["DownloadManager"])
    }

    /// Hold-out 6 (amperfy): an image view keeping a private `static let cache = NSCache()` was called a singleton.
    @Test("a static holding another type's instance does not make its declaring type a service")
    func heldInstanceMakesNoService() async throws {
        let report = try await audit([
            "Views.swift": """
            import UIKit
            final class EntityImage: UIImageView {
                private static let cache: NSCache<NSString, UIImage> = NSCache()
            }
            final class HealthService {
                private static let healthStore = HKHealthStore()
                func authorize() {}
            }
            """
        ])
        #expect(report.subjects(.missingProtocol) == ["HealthService"])
        #expect(report.subjects(.singletonDeclaration) == ["EntityImage.cache", "HealthService.healthStore"])
    }
}

/// Conformance through a superclass, namespace enums and file-private helpers.
@Suite("missing-protocol: inherited conformance, namespaces, private helpers")
struct MissingProtocolInheritanceTests {
    @Test("a subclass of a codebase class that conforms to a codebase protocol is not missing one")
    func inheritedConformance() async throws {
        let report = try await audit([
            "Base.swift": """
            protocol SyncService { func sync() }
            class BaseSyncManager: SyncService { func sync() {} }
            class CloudSyncManager: BaseSyncManager {}
            final class ICloudSyncManager: CloudSyncManager { static let shared = ICloudSyncManager() }
            """,
            "Other.swift": "final class ReportManager: NSObject {}",
        ])
        #expect(report.subjects(.missingProtocol) == ["ReportManager"])
    }

    @Test("conformance added to the superclass in an extension, in another file, counts too")
    func inheritedThroughExtension() async throws {
        let report = try await audit([
            "Store.swift": "class BaseStore {}\nfinal class LiveStore: BaseStore { static let shared = LiveStore() }",
            "Store+Protocol.swift": "protocol Storing {}\nextension BaseStore: Storing {}",
        ])
        #expect(report.findings(.missingProtocol).isEmpty, "\(report.subjects(.missingProtocol))")
    }

    @Test(
        "namespace enums (no cases, static members only) and value enums are not reported; an enum with cases still is")
    func namespaceEnums() async throws {
        let report = try await audit([
            "Namespaces.swift": """
            enum AnalyticsManager {
                static let key = "k"
                static func track(_ event: String) {}
            }
            enum NetworkService {
                static var session = URLSession.shared
                enum Paths { static let base = "/v1" }
            }
            enum ThemeManager {
                case light, dark
                func apply() {}
            }
            enum Service: String, CaseIterable {
                case dropbox, googleDrive
            }
            """
        ])
        #expect(report.subjects(.missingProtocol) == ["ThemeManager"])
    }

    @Test(
        "a class or struct of statics only, holding another type's instance, is a namespace (linphone's ImageCache over an NSCache); one holding itself is not"
    )
    func namespaceClasses() async throws {
        let report = try await audit([
            "Caches.swift": """
            class ImageCache {
                static let shared = NSCache<NSURL, UIImage>()
            }
            struct Formatters {
                static let shared = DateFormatter()
                static func clear() {}
            }
            final class SoundPlayer {
                static let shared = SoundPlayer()
                func play() {}
            }
            final class DiskCache {
                static let shared = NSCache<NSString, NSData>()
                func purge() {}
            }
            final class Reachability: NSObject {
                static let shared = NWPathMonitor()
            }
            final class WalletDomainService {
                static func newOwner() -> String { "" }
            }
            """,
            "Views.swift": """
            struct AvatarView { func load() { _ = ImageCache.shared; _ = Formatters.shared; _ = DiskCache.shared; _ = SoundPlayer.shared; _ = Reachability.shared } }
            """,
        ])
        #expect(report.subjects(.missingProtocol) == ["SoundPlayer", "DiskCache", "Reachability"])
    }

    @Test("private and fileprivate helper types are not reported")
    func privateHelpers() async throws {
        let report = try await audit([
            "Screen.swift": """
            protocol Loading { func load() }
            class LoaderService: Loading { func load() {} }
            private final class RetryingLoaderService: LoaderService {}
            fileprivate final class CacheManager { static let shared = CacheManager() }
            private final class CountingManager {}
            final class PublicManager {}
            """
        ])
        #expect(report.subjects(.missingProtocol) == ["PublicManager"])
    }
}
