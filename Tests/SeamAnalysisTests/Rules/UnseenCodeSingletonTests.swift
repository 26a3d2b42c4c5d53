import SeamAnalysis
import Testing

/// Singletons are instances, not constants: patterns from apps the rules were not tuned on.
@Suite("singletons in code the rules were not tuned on")
struct UnseenCodeSingletonTests {
    @Test("constants declared in extensions are no singletons: SDK value classes, codebase palettes, nested values")
    func extensionConstants() async throws {
        let report = try await audit([
            "Units.swift": """
            import HealthKit
            extension HKUnit {
                static let milligramsPerDeciliter = HKUnit(from: "mg/dL")
            }
            final class Palette {
                let name: String
                init(name: String) { self.name = name }
            }
            extension Palette { static let warm = Palette(name: "warm") }
            enum Alert { final class Content { let title: String; init(title: String) { self.title = title } } }
            extension Alert.Content { static let offline = Alert.Content(title: "Offline") }
            func makeColor() -> Int { 1 }
            struct Theme { static let tint = makeColor() }
            """
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    /// Review 28's R6 (Brave): `Favicon.default`, the placeholder of a `Codable` model class, and an error code an
    /// extension adds to an SDK error enum are values, not services; a `current` slot of a value-like class still counts.
    @Test("a value-like class's default and an SDK error type's code are constants; its current is still a slot")
    func valueDefaultsAndErrorCodes() async throws {
        let report = try await audit([
            "Favicon.swift": """
            import CFNetwork
            public class Favicon: Codable {
                public let isMonogram: Bool
                public static let `default` = Favicon(isMonogram: false)
                public init(isMonogram: Bool) { self.isMonogram = isMonogram }
            }
            extension CFNetworkErrors {
                static let pinningFailed = CFNetworkErrors(rawValue: Int32.min)!
            }
            final class Account: Codable {
                static var current = Account()
            }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Account.current"])
    }

    @Test(
        "a shared instance declared in an extension by an accessor name still counts; so does a mutable store of an SDK type"
    )
    func extensionSingletons() async throws {
        let report = try await audit([
            "Store.swift": """
            final class Store {}
            extension Store { static let shared = Store() }
            extension UserDefaults { static var appGroup = UserDefaults(suiteName: "group.app")! }
            """
        ])
        #expect(Set(report.subjects(.singletonDeclaration)) == ["Store.shared", "UserDefaults.appGroup"])
    }

    @Test("generic instances and their uses: ImageCache<String>(), Pipeline<Int>.shared")
    func generics() async throws {
        let report = try await audit([
            "Cache.swift": """
            final class ImageCache<Key: Hashable> {
                static var shared: ImageCache<String> { _shared }
                private static let _shared = ImageCache<String>()
                var items: [Key: Int] = [:]
            }
            final class Pipeline<T> { static let shared = Pipeline<Int>() }
            final class Consumer {
                func size() -> Int { Pipeline<Int>.shared.hashValue + ImageCache<String>.shared.items.count }
            }
            """
        ])
        #expect(Set(report.subjects(.singletonDeclaration)) == ["ImageCache.shared", "Pipeline.shared"])
        #expect(report.findings(.singletonAccess).compactMap(\.subject).sorted() == ["ImageCache", "Pipeline"])
    }

    @Test("a global instance named like a type is a singleton and its uses are accesses")
    func capitalisedGlobal() async throws {
        let report = try await audit([
            "Flags.swift": """
            final class FeatureFlagStore { var flags: [String: Bool] = [:] }
            let FeatureFlags = FeatureFlagStore()
            final class Consumer { func run() -> Bool { FeatureFlags.flags["x"] ?? false } }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["FeatureFlags"])
        #expect(report.lines(.singletonAccess) == ["Flags.swift:3"])
    }

    @Test(
        "bypasses anywhere in the type: a closure built in init, a stored initial value, a lazy var, an extension in another file, a view controller"
    )
    func bypassesEverywhere() async throws {
        let report = try await audit([
            "Services.swift": """
            final class SessionService { static let shared = SessionService(); func token() -> String { "" } }
            final class ImageLoader { static let shared = ImageLoader(); func load() {} }
            final class NetworkService { func get() {} }
            final class Reporter { static let shared = Reporter(); func report() {} }
            class UIViewController {}
            """,
            "Profile.swift": """
            final class ProfileViewModel {
                private let network: NetworkService
                private let handler: () -> Void
                private let loader = ImageLoader.shared
                private lazy var token: String = SessionService.shared.token()
                init(network: NetworkService) {
                    self.network = network
                    self.handler = { _ = SessionService.shared.token() }
                }
            }
            final class ProfileViewController: UIViewController {
                private let network: NetworkService
                init(network: NetworkService) { self.network = network }
                func reload() { ImageLoader.shared.load() }
            }
            """,
            "Profile+Report.swift": "extension ProfileViewModel { func report() { Reporter.shared.report() } }",
        ])
        #expect(
            report.lines(.injectionBypass) == [
                "Profile+Report.swift:1", "Profile.swift:4", "Profile.swift:5", "Profile.swift:8", "Profile.swift:14",
            ])
    }

    @Test(
        "values an extension spells out in literals for an SDK type are constants; SDK stores and SwiftUI alignments as found in real apps"
    )
    func literalSDKValues() async throws {
        let report = try await audit([
            "Types.swift": """
            import SwiftUI
            extension OCItemType { static let folder = OCItemType("folder") }
            extension HorizontalAlignment {
                static let leadingText = HorizontalAlignment(LeadingText.self)
            }
            extension Notification { static let refresh = Notification(name: .init("refresh")) }
            extension UserDefaults { static let appGroup = UserDefaults(suiteName: "group.app")! }
            enum State { case outgoing(Int) }
            extension Query {
                static let unsent = Query("SELECT id FROM messages WHERE state = \\(State.outgoing(1))")
                static let all = Query("SELECT \\(columns())")
            }
            func columns() -> String { "*" }
            """
        ])
        // Hold-out round 8's siskin: SQL text is a query spelled out, whatever it interpolates.
        #expect(report.subjects(.singletonDeclaration) == ["UserDefaults.appGroup"])
    }

    @Test("a logger behind a service-like name (LoggingService.shared) is ambient: reaching it is no bypass")
    func loggingServiceIsAmbient() async throws {
        let report = try await audit([
            "Player.swift": """
            final class LoggingService { static let shared = LoggingService(); func log(_ s: String) {} }
            final class AnalyticsManager { static let shared = AnalyticsManager(); func track() {} }
            final class DownloadService { static let shared = DownloadService(); func start() {} }
            final class APIService {}
            final class PlayerService {
                private let api: APIService
                init(api: APIService) { self.api = api }
                func play() {
                    LoggingService.shared.log("play")
                    AnalyticsManager.shared.track()
                    DownloadService.shared.start()
                }
            }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Player.swift:11"])
    }

    @Test("playground pages are not audited; a shared… name on a key spelled out in literals is no accessor")
    func playgroundsAndSharedKeys() async throws {
        let report = try await audit([
            "Scratch.playground/Contents.swift": "final class Label {}\nlet label = Label()",
            "Keys.swift": """
            struct StyleOptionKey { let rawValue: String; init(rawValue: String) { self.rawValue = rawValue } }
            extension StyleOptionKey { static let sharedItemProvider = StyleOptionKey(rawValue: "sharedItemProvider") }
            final class Session { static let sharedSession = Session() }
            """,
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Session.sharedSession"])
        #expect(report.metrics.files == 1)
    }

    @Test("an app environment building the services is a composition root: its init's singleton uses are wiring")
    func appEnvironmentIsWiring() async throws {
        let report = try await audit([
            "AppEnvironment.swift": """
            final class URLSessionFactory { static let shared = URLSessionFactory() }
            final class HTTPClient {}
            @Observable final class AppEnvironment {
                static let shared = AppEnvironment(httpClient: HTTPClient())
                let httpClient: HTTPClient
                let factory: URLSessionFactory
                init(httpClient: HTTPClient) {
                    self.httpClient = httpClient
                    factory = URLSessionFactory.shared
                    _ = URLSessionFactory.shared
                }
            }
            """
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
    }

    @Test(
        "a context object holding services is a service: a controller taking one through init and reaching a singleton bypasses it; a data class is not"
    )
    func contextObjects() async throws {
        let report = try await audit([
            "Context.swift": """
            final class Theme { static let shared = Theme(); func register() {} }
            final class SessionManager { static let shared = SessionManager() }
            final class ClientContext { let sessions: SessionManager; init(sessions: SessionManager) { self.sessions = sessions } }
            final class Episode { let title: String; init(title: String) { self.title = title } }
            class UIViewController {}
            final class BrowserViewController: UIViewController {
                let context: ClientContext
                init(context: ClientContext) { self.context = context }
                func viewDidLoad() { Theme.shared.register() }
            }
            final class EpisodeViewController: UIViewController {
                let episode: Episode
                init(episode: Episode) { self.episode = episode }
                func viewDidLoad() { Theme.shared.register() }
            }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Context.swift:9"])
    }

    @Test("an @Observable sync engine or validator is a service, not a fat view model")
    func observableServices() async throws {
        let properties = (1...20).map { "    var p\($0) = 0" }.joined(separator: "\n")
        let report = try await audit([
            "Engine.swift": "@Observable final class CloudKitSyncEngine {\n\(properties)\n}",
            "Screen.swift": "@Observable final class SearchModel {\n\(properties)\n}",
        ])
        #expect(report.findings(.fatViewModel).compactMap(\.typeName) == ["SearchModel"])
    }
}
