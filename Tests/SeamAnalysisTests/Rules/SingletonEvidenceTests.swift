import SeamAnalysis
import Testing

/// The shapes of singletons and of look-alike constants met in real apps (paraphrased), one test each.
@Suite("singleton-declaration: evidence from real apps")
struct SingletonEvidenceTests {
    /// The singletons `files` declare, as `Type.property` (or the global's name), in source order.
    private func singletons(_ files: [String: String], configuration: AuditConfiguration = AuditConfiguration())
        async throws -> [String]
    {
        try await load(files, configuration: configuration).singletonDeclarations.map(\.accessExpression)
    }

    @Test("protocol-typed, factory-built, force-unwrapped and optional accessors are singletons")
    func accessorShapes() async throws {
        let found = try await singletons([
            "Services.swift": """
            protocol DependencyProvider: AnyObject {}
            final class AppDependencyProvider: DependencyProvider { static var shared: DependencyProvider = AppDependencyProvider() }
            final class Database { static let shared = makeDatabase() }
            func makeDatabase() -> Database { Database() }
            extension UserDefaults { static let shared = UserDefaults(suiteName: "group.app")! }
            final class AppDelegate { static var shared: AppDelegate? }
            """
        ])
        #expect(
            found == ["AppDependencyProvider.shared", "Database.shared", "UserDefaults.shared", "AppDelegate.shared"])
    }

    @Test("the instance's type, optionality and mutability are recorded for the migration")
    func facts() async throws {
        let codebase = try await load([
            "A.swift": """
            protocol Provider {}
            final class Live: Provider { static var shared: Provider = Live() }
            final class Delegate { static var shared: Delegate? }
            struct Environment { var name = ""; static var current = Environment() }
            """
        ])
        let byName = Dictionary(uniqueKeysWithValues: codebase.singletonDeclarations.map { ($0.accessExpression, $0) })
        #expect(byName["Live.shared"]?.instanceType == "Provider")
        #expect(byName["Delegate.shared"]?.isOptional == true)
        #expect(byName["Environment.current"]?.isValue == true && byName["Environment.current"]?.isMutable == true)
        #expect(byName["Live.shared"]?.evidence == .accessorName)
    }

    /// Hold-out 9 (Loop): `static let appGroup = UserDefaults(suiteName: …)` is a `UserDefaults?`; the migration typed
    /// it `UserDefaults` and every `appGroup?.x` it rewrote stopped compiling.
    @Test("a failable SDK initializer or `try?` makes the instance optional; `!` does not")
    func failableInitializersAreOptional() async throws {
        let codebase = try await load([
            "A.swift": """
            import Foundation
            extension UserDefaults {
                static let appGroup = UserDefaults(suiteName: "group.app")
                static let forced = UserDefaults(suiteName: "group.forced")!
            }
            final class Store { init() throws {} }
            enum Shared {
                static let store = try? Store()
                static let site = URL(string: "https://example.com")
            }
            """
        ])
        let byName = Dictionary(uniqueKeysWithValues: codebase.types.values.flatMap(\.properties).map { ($0.name, $0) })
        #expect(byName["appGroup"]?.isOptional == true)
        #expect(byName["forced"]?.isOptional == false)
        #expect(byName["store"]?.isOptional == true)
        #expect(byName["site"]?.isOptional == true)
        let singletons = Dictionary(
            uniqueKeysWithValues: codebase.singletonDeclarations.map { ($0.accessExpression, $0) })
        #expect(singletons["UserDefaults.appGroup"]?.isOptional == true)
    }

    @Test("a lower-case type's `shared` is a singleton, and its uses are access sites")
    func lowerCaseTypes() async throws {
        let codebase = try await load([
            "A.swift": """
            final class sessionManager { static let shared = sessionManager(); func start() {} }
            final class Screen { func load() { sessionManager.shared.start() } }
            """
        ])
        #expect(codebase.singletonDeclarations.map(\.accessExpression) == ["sessionManager.shared"])
        #expect(codebase.singletonAccesses.map(\.enclosingType) == ["Screen"])
    }

    @Test("families of constants are not singletons: notification names, colours, storyboards, icons")
    func constantFamilies() async throws {
        let found = try await singletons([
            "Constants.swift": """
            extension Notification.Name { static let didLogIn = Notification.Name("a"); static let didLogOut = Notification.Name("b") }
            extension UIColor { static let brand = UIColor(white: 1, alpha: 1) }
            extension UIStoryboard { static let main = UIStoryboard(name: "Main"); static let settings = UIStoryboard(name: "S") }
            extension DateFormatter { static let relative = DateFormatter() }
            extension TimeInterval { static let converter = UnitConverterLinear(coefficient: 1) }
            enum Streams { static let changed = Publishers.Merge(a, b); static let size = Float32(4) }
            enum Store { static let schema = CoreStoreSchema(); private static let swizzle: Void = { }() }
            extension NSStackView.VisibilityPriority { static let early = Self(rawValue: 1); static let later = Self(rawValue: 2) }
            extension PreviewDevice { static let large = PreviewDevice(rawValue: "a"); static let small = PreviewDevice(rawValue: "b") }
            final class Icons { static let home = Icons(); static let star = Icons(); static let gear = Icons() }
            enum Timing { static let timeout: TimeInterval = 30; static let title: LocalizedStringResource = "T" }
            struct SettingsKey { static let defaultValue = Store() }
            final class Store {}
            struct HomeScreen_Previews { static let viewModel = Store() }
            """
        ])
        #expect(found.isEmpty)
    }

    @Test("views kept for reuse or sizing, URLs of an extended URL type and typography are not singletons (hold-out 3)")
    func uiObjectsAndExtendedValueTypes() async throws {
        let found = try await singletons([
            "UI.swift": """
            import UIKit
            class SpinnerView: UIView {}
            final class WalletSpinnerView: SpinnerView { static let reusable = WalletSpinnerView() }
            final class SettingsCell: UITableViewCell {
                static let measurementLabel = UILabel()
                static let sizingSpinner = WalletSpinnerView()
            }
            final class ToastView: UIView { static let shared = ToastView() }
            """,
            "Inbox.swift": """
            import Foundation
            extension URL { var isHidden: Bool { false } }
            final class InboxManager {
                private static var sharedInboxURL: URL? { URL(string: "file:///inbox") }
                static let shared = InboxManager()
            }
            """,
            "Theme.swift": """
            final class Typography: NSObject { let size = 24 }
            let defaultFont = Typography()
            protocol AppTheme: AnyObject {}
            enum ThemeKind { case ice }
            final class IceWave: AppTheme {
                static let instance = IceWave()
                let kind: ThemeKind = .ice
                let background: UIColor = .init(white: 1, alpha: 1)
                let accent: UIColor = .init(white: 0, alpha: 1)
                let headline: UIFont = .systemFont(ofSize: 12)
            }
            final class Session {
                static let instance = Session()
                let token: String = ""
                let background: UIColor = .init(white: 1, alpha: 1)
                let client: APIClient = APIClient()
            }
            final class APIClient {}
            final class FollowManager {
                static let instance = FollowManager()
                var pubkeysToFollow: Set<String> = []
                var pubkeysToUnfollow: Set<String> = []
                let title: String = ""
            }
            """,
        ])
        // A view's `shared` is still reported: an accessor names the one instance whatever it is.
        // A palette of colours and fonts (primal's `IceWave.instance`) is a constant; a class holding other things is not.
        #expect(
            found.sorted() == ["FollowManager.instance", "InboxManager.shared", "Session.instance", "ToastView.shared"])
    }

    /// Hold-out 7's ProtonVPN: `var colors = Colors()`, a search module's palette read by its styles.
    @Test("a palette kept in a global or a static (…Colors, …Fonts, …Palette) is a constant")
    func paletteGlobals() async throws {
        let report = try await audit([
            "Styling.swift": """
            public struct Colors { public var text = 0; public var background = 1 }
            final class AppFonts { let body = 17 }
            final class BrandPalette { let accent = 2 }
            var colors = Colors()
            let fonts = AppFonts()
            enum Theme { static let palette = BrandPalette() }
            final class Store { static let shared = Store() }
            func label() -> Int { colors.text + fonts.body + Theme.palette.accent }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Store.shared"])
    }

    /// CotEditor's `extension DocumentWindow { static var tabbingPreference: NSWindow.UserTabbingPreference? }`: an
    /// SDK enum kept for a moment, reported as a singleton with 6 uses.
    @Test("a static holding a type nested in an SDK type is a value")
    func nestedSDKTypesAreValues() async throws {
        let report = try await audit([
            "Window.swift": """
            import AppKit
            final class DocumentWindow: NSWindow {
                static var tabbingPreference: NSWindow.UserTabbingPreference?
                static var session: URLSession?
            }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["DocumentWindow.session"])
    }

    /// Review 36 (amperfy): `SubsonicVersion.authenticationTokenRequiredServerApi` became an injected
    /// `subsonicVersion`; a class of numbers spelled out in numbers is a value. A cache sized by a number is not.
    @Test("an instance spelled out in numbers of a class holding only numbers is a constant")
    func numericClassConstants() async throws {
        let report = try await audit([
            "Version.swift": """
            final class SubsonicVersion: Sendable {
                static let tokenRequired = SubsonicVersion(major: 1, minor: 13, patch: 0)
                let major: Int
                let minor: Int
                let patch: Int
                init(major: Int, minor: Int, patch: Int) { self.major = major; self.minor = minor; self.patch = patch }
            }
            final class ImageCache {
                static let main = ImageCache(capacity: 100)
                let capacity: Int
                var images: [String: Int] = [:]
                init(capacity: Int) { self.capacity = capacity }
            }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["ImageCache.main"])
    }

    @Test("the app's one DI container in an extension of the container library's type is a singleton (Swinject)")
    func swinjectContainerIsASingleton() async throws {
        let codebase = try await load([
            "Assembler.swift": """
            import Swinject
            extension Assembler {
                static let container = Container()
                static let assembler: Assembler = .init([], container: container)
            }
            """,
            "Dependencies.swift": """
            protocol BluetoothCentral: AnyObject {}
            final class FlipperCentral: BluetoothCentral {}
            public class Dependencies { public static var central: BluetoothCentral = { FlipperCentral() }() }
            """,
            "AppDependencies.swift": """
            import Seam
            final class Store {}
            enum AppDependencies {
                enum Live { static let store = Store() }
                static let container = Container(name: "AppDependencies") {}
            }
            """,
        ])
        let found = codebase.singletonDeclarations.filter { !codebase.isContainerInstance($0) }.map(\.accessExpression)
        // What the codebase's own container holds (`AppDependencies.Live.store`, the Seam `container`) is the
        // composition root's graph; a library's type extended to hold the app's container is a singleton, and so is
        // a locator's `static var` slot.
        #expect(found == ["Assembler.container", "Assembler.assembler", "Dependencies.central"])
    }

    @Test(
        "a global that observes its changes is still a stored instance; a computed global holds none (GoMap's OSM_SERVER)"
    )
    func observedGlobal() async throws {
        let found = try await singletons([
            "Server.swift": """
            final class OsmServer { let url: String; init(url: String) { self.url = url } }
            var OSM_SERVER: OsmServer = {
                OsmServer(url: "https://example.org")
            }() {
                didSet { print("changed") }
            }
            var currentServer: OsmServer { OSM_SERVER }
            """,
            // Plumbing, not services: timers, detectors, event subjects, atomic flags (hold-out 4).
            "Plumbing.swift": """
            import Combine
            import Atomics
            enum Plumbing {
                static var refreshTimer: Timer? = Timer()
                static let linkDetector = NSDataDetector()
                static let events = PassthroughSubject<Int, Never>()
                static let busy = ManagedAtomic<Bool>(false)
            }
            """,
        ])
        #expect(found == ["OSM_SERVER"])
    }

    @Test(
        "a computed accessor that only reads a private static slot is the singleton, its uses access sites (planetary's Bots.current over _bot)"
    )
    func accessorOverAPrivateSlotOfAnotherName() async throws {
        let codebase = try await load([
            "Bots.swift": """
            protocol Bot: AnyObject { func sync() }
            final class GoBot: Bot { static let shared = GoBot(); func sync() {} }
            final class Bots {
                static var current: Bot {
                    self._bot
                }
                static func select(_ bot: Bot) { _bot = bot }
                private static var _bot: Bot = GoBot.shared
            }
            final class FeedViewModel { func refresh() { Bots.current.sync() } }
            """
        ])
        let found = codebase.singletonDeclarations.map(\.accessExpression)
        #expect(found.contains("Bots.current"), "\(found)")
        #expect(!found.contains("Bots._bot"), "\(found)")
        #expect(
            codebase.singletonAccesses.contains { $0.enclosingType == "FeedViewModel" && $0.propertyName == "current" })
    }

    @Test(
        "a computed accessor over a private implicitly unwrapped slot filled in later is the singleton (2FAS's SyncInstance.logDataChange over logDataChangeImpl)"
    )
    func accessorOverASlotFilledInLater() async throws {
        let codebase = try await load([
            "SyncInstance.swift": """
            public protocol LogDataChange: AnyObject { func logNewServiceAdded(with secret: String) }
            final class LogDataChangeImpl: LogDataChange {
                init(logHandler: Int) {}
                func logNewServiceAdded(with secret: String) {}
            }
            public enum SyncInstance {
                private static var logDataChangeImpl: LogDataChangeImpl!
                public static func initialize() { logDataChangeImpl = LogDataChangeImpl(logHandler: 1) }
                public static var logDataChange: LogDataChange {
                    logDataChangeImpl
                }
            }
            final class ServiceEditor { func save() { SyncInstance.logDataChange.logNewServiceAdded(with: "s") } }
            """
        ])
        let found = codebase.singletonDeclarations.map(\.accessExpression)
        #expect(found == ["SyncInstance.logDataChange"])
        #expect(codebase.singletonDeclarations.first?.isOptional == false)
        #expect(
            codebase.singletonAccesses.contains {
                $0.enclosingType == "ServiceEditor" && $0.propertyName == "logDataChange"
            })
    }

    @Test("a generated file declares no singletons")
    func generatedFiles() async throws {
        let found = try await singletons([
            "Icons.swift": """
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            public final class MaterialIcons { public static let shared = MaterialIcons(); public static let account = MaterialIcons() }
            """,
            "Store.swift": "final class Store { static let shared = Store() }",
        ])
        #expect(found == ["Store.shared"])
    }

    @Test("a static property holding one service instance is a singleton; one holding plumbing is not")
    func heldInstances() async throws {
        let found = try await singletons([
            "Health.swift": """
            final class HealthService {
                private static let healthStore = HKHealthStore()
                private static let queue = DispatchQueue(label: "q")
                private static let decoder = JSONDecoder()
                private static var windowController: NSWindowController?
            }
            enum Services { static let api: APIClient = LiveAPIClient() }
            protocol APIClient {}
            final class LiveAPIClient: APIClient {}
            """
        ])
        #expect(found == ["HealthService.healthStore", "HealthService.windowController", "Services.api"])
    }

    @Test("the only static instance of a class is a singleton unless the class is a value in disguise")
    func soleInstances() async throws {
        let found = try await singletons([
            "A.swift": """
            final class Coordinator { static let main = Coordinator() }
            final class CoalescingQueue { static let standard = CoalescingQueue() }
            final class MenuBuilder { static let builder = MenuBuilder() }
            final class Timecode: Equatable { static let infinite = Timecode(); static func == (a: Timecode, b: Timecode) -> Bool { true } }
            extension DatabaseQueue { static var appDatabase: DatabaseQueue = { DatabaseQueue() }() }
            extension UIColor { static let brand = UIColor(white: 1, alpha: 1) }
            extension UserDefaults { static let appSuite = UserDefaults(suiteName: "a")!; static let debugSuite = UserDefaults(suiteName: "b")! }
            enum Pipelines { static let posters = ImagePipeline(name: "p"); static let thumbnails = ImagePipeline(name: "t") }
            """
        ])
        #expect(
            found == [
                "Coordinator.main", "CoalescingQueue.standard", "MenuBuilder.builder", "DatabaseQueue.appDatabase",
                "UserDefaults.appSuite", "UserDefaults.debugSuite", "Pipelines.posters", "Pipelines.thumbnails",
            ])
    }

    @Test("global instances of undeclared types count when built by a call; manifests do not")
    func undeclaredGlobals() async throws {
        let found = try await singletons([
            "App.swift": """
            let prefs = UserDefaults(suiteName: "group")!
            let formatter = DateFormatter()
            let kPluginInterfaceID = CFUUIDGetConstantUUIDWithBytes(nil, 0x01)
            let storeKey = SCDynamicStoreKeyCreateNetworkGlobalEntity(nil, 0)
            let timeout: TimeInterval = 3
            """,
            "Package.swift": "let package = Package(name: \"App\")",
            "fastlane/swift/Runner.swift": "final class Runner {}\nlet runner = Runner()",
            "Buildsystem/Fastlane/SnapshotHelper.swift":
                "import XCTest\nenum Snapshot { static var app: XCUIApplication? }",
        ])
        // fastlane's vendored Swift runner and snapshot helper (vlc's `Buildsystem/Fastlane`) are build tooling,
        // skipped like Pods and checkouts.
        #expect(found == ["prefs"])
    }

    @Test("configured accessor names make singletons of any type")
    func configuredAccessors() async throws {
        var configuration = AuditConfiguration()
        configuration.singletonAccessors = ["live"]
        let found = try await singletons(
            ["A.swift": "struct Clock { static let live = Clock(); static let other = Clock() }"],
            configuration: configuration)
        #expect(found == ["Clock.live"])
        let defaults = try await singletons([
            "A.swift": "struct Clock { static let live = Clock(); static let other = Clock() }"
        ])
        #expect(defaults.isEmpty)
    }

    @Test("current-value slots, closure-built accessors and a replaceable global object are singletons")
    func currentValues() async throws {
        let found = try await singletons([
            "Settings.swift": """
            struct LayoutSettings: Codable {
                var compact = false
                static let `default` = LayoutSettings()
                nonisolated(unsafe) static var cached: LayoutSettings = .default
            }
            final class Prefs { static let shared = { Prefs() }() }
            final class DiaryLogger { func log(_ s: String) {} }
            public var logger = DiaryLogger()
            let constantLogger = DiaryLogger()
            struct Preset { static let `default` = Preset(); static var fallback = Preset() }
            """
        ])
        // `Preset.fallback` is built in place, not the current value started from the constant; a `let` global
        // of a logger class is a constant, as `let log = Logger(subsystem: …)` is.
        #expect(found == ["LayoutSettings.cached", "Prefs.shared", "logger"])
    }

    /// owncloud's `static let shared = { IntentSettings() }()`: a closure that only builds the instance says what it
    /// holds, so migration can inject it (17 sites were "what a factory returns").
    @Test("a closure that only builds an instance holds that type")
    func closureBuiltInstanceType() async throws {
        let codebase = try await load([
            "Settings.swift": """
            final class IntentSettings { static let shared = { IntentSettings() }() }
            final class Store { static let shared: Store = { return Store() }() }
            final class Session { static let shared = { let s = Session(); return s }() }
            """
        ])
        let types = Dictionary(
            uniqueKeysWithValues: codebase.singletonDeclarations.map { ($0.accessExpression, $0.instanceType) })
        #expect(types["IntentSettings.shared"] == "IntentSettings")
        #expect(types["Store.shared"] == "Store")
        #expect(types["Session.shared"] == .some(nil), "a closure doing more is a factory")
    }

    @Test("a variable started from a codebase class's static is the slot of the current instance")
    func currentInstanceSlots() async throws {
        let codebase = try await load([
            "Theme.swift": """
            class Theme { static let light = Theme(); static let dark = Theme() }
            final class ServerConfiguration { init(host: String) {} }
            final class ServerConfig {
                static let production = ServerConfiguration(host: "a")
                static let staging = ServerConfiguration(host: "b")
                static var current = production
            }
            struct ThemeManager {
                static var theme = savedTheme() ?? Theme.light
                static func savedTheme() -> Theme? { nil }
            }
            final class Call {
                static var defaultConfiguration = ServerConfig.current
                static var fallback: Theme = .dark
            }
            extension Theme { static var chosen = Theme.dark }
            """
        ])
        // `ServerConfig.current` reads a bare name of its own type and `Theme.chosen` is added by an extension:
        // constants as far as the analysis can tell.
        let found = codebase.singletonDeclarations
        #expect(found.map(\.accessExpression) == ["ThemeManager.theme", "Call.defaultConfiguration", "Call.fallback"])
        #expect(found.map(\.instanceType) == ["Theme", "ServerConfiguration", "Theme"])
        #expect(found.allSatisfy { $0.evidence == .currentValue })
    }

    @Test("a family of a codebase class's constants, and shared… names of SDK values, are not singletons")
    func constantFamiliesOfClasses() async throws {
        let found = try await singletons([
            "Actions.swift": """
            final class ActionModel { let key: String; init(key: String) { self.key = key } }
            final class MenuClient { init(host: String) {} }
            final class Section {
                private enum Action {
                    static let labels = ActionModel(key: "tag")
                    static let lock = ActionModel(key: "lock")
                }
                enum Clients { static let primary = MenuClient(host: "a"); static let backup = MenuClient(host: "b") }
            }
            extension Bundle { static var sharedAppBundle: Bundle { Bundle.main } }
            extension Scope { static var preferredContent: SearchedContent? }
            """
        ])
        #expect(found == ["Section.Clients.primary", "Section.Clients.backup"])
    }

    /// primal: 39 GRDB `Column` constants in `enum Columns` were reported as "one shared Column" each; hold-out 10
    /// (green): 12 `RiveViewModel(fileName:)` animations in `enum RiveModel`, likewise.
    @Test("a family of SDK objects each built from one key (GRDB columns) is constants; SDK services stay instances")
    func keyedFamiliesOfSDKObjects() async throws {
        let found = try await singletons([
            "Profile.swift": """
            import GRDB
            struct Profile: Codable {
                enum CodingKeys: String, CodingKey { case pubkey, name }
                enum Columns {
                    static let pubkey = Column(CodingKeys.pubkey)
                    static let name = Column("name")
                }
            }
            enum Pipelines {
                static let posters = ImagePipeline(configuration: .withDataCache)
                static let avatars = ImagePipeline(configuration: .withURLCache)
            }
            enum RiveModel {
                static let animationWallet = RiveViewModel(fileName: "Illustration Wallet")
                static let animationRocket = RiveViewModel(fileName: "Illustration Rocket")
            }
            enum Clients {
                static let payments = APIClient(baseURL: "https://pay.example.com")
                static let search = APIClient(baseURL: "https://search.example.com")
            }
            """
        ])
        #expect(found == ["Pipelines.posters", "Pipelines.avatars", "Clients.payments", "Clients.search"])
    }

    /// Hold-out 7 (wwdc): a per-type `OSSignposter`, like a per-type logger, is logging plumbing.
    @Test("a signposter kept in a static is plumbing, like a logger")
    func signposterIsPlumbing() async throws {
        let found = try await singletons([
            "Coordinator.swift": """
            import os
            final class AppCoordinator {
                static let signposter = OSSignposter(subsystem: "io.wwdc", category: "coordinator")
                static let shared = AppCoordinator()
            }
            """
        ])
        #expect(found == ["AppCoordinator.shared"])
    }

    /// Hold-out 25 (mixin, easydict, halloapp: 24 findings): statics an extension adds to SDK types were each "the
    /// one static instance of its class": notification sounds and categories, GRDB functions, CommonCrypto status
    /// codes, RegexBuilder character classes, navigation bar appearances. They are the type's values; an SDK store or
    /// a service-named type keeps its instance.
    @Test(
        "a static an extension adds to an SDK type is a value of it, unless the type is a store or named as a service")
    func sdkExtensionStaticsAreValues() async throws {
        let found = try await singletons([
            "Extensions.swift": """
            import UserNotifications
            import GRDB
            import Alamofire
            extension UNNotificationSound {
                static let call = UNNotificationSound(named: UNNotificationSoundName(rawValue: "call.caf"))
            }
            extension DatabaseFunction {
                static let uuidToToken = DatabaseFunction("uuid_to_token", argumentCount: 1) { _ in nil }
            }
            extension CCStatus {
                static let success = CCStatus(kCCSuccess)
            }
            extension UINavigationBarAppearance {
                static let general: UINavigationBarAppearance = {
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithTransparentBackground()
                    return appearance
                }()
            }
            extension DatabaseQueue {
                static let app = DatabaseQueue(path: AppPaths.database)
            }
            extension Session {
                static let api = Session(interceptor: AuthInterceptor())
            }
            extension SDImageCache {
                static let stickers = SDImageCache(namespace: "stickers")
            }
            """
        ])
        #expect(Set(found) == ["DatabaseQueue.app", "Session.api", "SDImageCache.stickers"])
    }

    /// Review 34 (kiwix, wwdc): the migration retired `ZimActor.shared`, which `@globalActor` requires.
    /// Hold-out 24 (provenance): `@globalActor actor FileCopyProgressTracker`, which keeps the copy operations in
    /// progress, and `CloudKitUploadQueueActor`, with its queue, are shared services as well as isolation domains.
    @Test(
        "a global actor's shared instance is the language's requirement, not a singleton, unless the actor keeps state")
    func globalActorShared() async throws {
        let found = try await singletons([
            "Actors.swift": """
            @globalActor actor ZimActor { static let shared = ZimActor() }
            @ZimActor struct ZimFileService { static let shared = ZimFileService(); func open() {} }
            @globalActor actor UploadQueue {
                static let shared = UploadQueue()
                private var pending: [String] = []
                func enqueue(_ name: String) { pending.append(name) }
            }
            """
        ])
        #expect(Set(found) == ["UploadQueue.shared", "ZimFileService.shared"])
    }

    /// Hold-out 5 (alpha-wallet, winston): `BigUInt` gas constants and a `UIOffset` were each reported as one shared
    /// instance.
    @Test(
        "a type the codebase does not declare, built from numbers alone, is a constant; stores, services and objects named by strings are not"
    )
    func numericAndLabelledKeyConstants() async throws {
        let found = try await singletons([
            "Constants.swift": """
            import BigInt
            import UIKit
            enum GasLimits {
                static let transfer = BigUInt(21_000)
            }
            enum Layout { static let badgeOffset = UIOffset(horizontal: 0, vertical: -2) }
            enum Caches {
                static let images = NSCache<NSString, UIImage>(countLimit: 100)
                static let limiter = RequestClient(timeout: 30)
            }
            enum Secrets { static let keychain = Keychain(service: "com.example.app") }
            """
        ])
        #expect(found == ["Caches.images", "Caches.limiter", "Secrets.keychain"])
    }

    /// Hold-out 9 (Loop, Unstoppable, Meshtastic): arbitrary-precision numbers built from strings, ObjectMapper
    /// transforms, a coordinate of an SDK struct the app extends, and a colour an extension of `UIColor` makes with a
    /// function of its own were each reported as one shared instance.
    @Test(
        "big numbers, transforms, an extended SDK value built from numbers and a colour factory's result are constants")
    func numbersTransformsCoordinatesAndColourFactories() async throws {
        let found = try await singletons([
            "Constants.swift": """
            import BigInt
            import CoreLocation
            import ObjectMapper
            import UIKit
            enum Limits {
                static let tokenId = BigUInt("77929411300911548602579223184347481465604416464327802926072149574722519040001", radix: 10)!
                static let precision: BigUInt = { var n: BigUInt = 1; n *= 10; return n }()
            }
            enum Transform {
                static let decimal: TransformOf<Decimal, String> = TransformOf(fromJSON: { _ in nil }, toJSON: { _ in nil })
            }
            extension CLLocationCoordinate2D: @retroactive Equatable {}
            final class LocationsHandler {
                nonisolated static let defaultLocation = CLLocationCoordinate2D(latitude: 37.3346, longitude: -122.0090)
            }
            extension UIColor {
                static let chartPlatter = HIGWhiteColorDark()
                private static func HIGWhiteColorDark() -> UIColor { UIColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1) }
            }
            extension URLSession {
                static let uploads = URLSession(configuration: .default)
            }
            """
        ])
        #expect(found == ["URLSession.uploads"])
    }

    /// Hold-out 12 (2FAS): `extension IconTypeID { static let default: IconTypeID = UUID(uuidString: "A5B3…")! }`, where
    /// `IconTypeID` is a type alias of `UUID`, was a `default` shared instance; an extended SDK store's still is one.
    @Test("a weak accessor spelled out in literals on an extended type is a constant; a store's is not")
    func literalDefaultOfAnExtendedType() async throws {
        let found = try await singletons([
            "TypeAliases.swift": """
            import Foundation
            public typealias IconTypeID = UUID
            public extension IconTypeID {
                static let `default`: IconTypeID = UUID(uuidString: "A5B3FB65-4EC5-43E6-8EC1-49E24CA9E7AD")!
            }
            extension UserDefaults {
                static let standard2 = UserDefaults(suiteName: "group.app")!
            }
            extension URLSession {
                static let `default` = URLSession(configuration: .default)
            }
            """
        ])
        #expect(found == ["UserDefaults.standard2", "URLSession.default"])
    }

    /// Hold-out 12 (2FAS): `enum SyncInstance { private static var cloudHandler: CloudHandlerType! }`, filled in by
    /// `initialize()`, holds an object: `CloudHandlerType` is a class-bound protocol, whatever its `Type` suffix says. An
    /// enum's `…Type` stays a value.
    @Test("a slot of a class-bound protocol named like a value is an instance")
    func classBoundProtocolNamedLikeAValue() async throws {
        let found = try await singletons([
            "SyncInstance.swift": """
            public protocol CloudHandlerType: AnyObject { func sync() }
            final class CloudHandler: CloudHandlerType { func sync() {} }
            public protocol ContentType { var name: String { get } }
            public enum SyncInstance {
                private static var cloudHandler: CloudHandlerType!
                private static var content: ContentType!
                public static func initialize(content: ContentType) {
                    cloudHandler = CloudHandler()
                    self.content = content
                }
                public static func sync() { cloudHandler.sync() }
            }
            """
        ])
        #expect(found == ["SyncInstance.cloudHandler"])
    }

    /// linphone, migrated: `AppDependencies.Live.sharedMainViewModel`, the live value `seam migrate` wrote for
    /// `SharedMainViewModel.shared`, was a second `shared…` singleton, and a second migration rewrote every default to it.
    /// A container's own `shared` still is one.
    @Test("a dependency container's member named shared… that holds another type is no singleton by its name")
    func containerMemberNamedShared() async throws {
        let found = try await singletons([
            "AppDependencies.swift": """
            protocol SharedMainViewModelProtocol: AnyObject { func refresh() }
            final class SharedMainViewModel: SharedMainViewModelProtocol {
                static let shared = SharedMainViewModel()
                func refresh() {}
            }
            final class AppContainer { static let shared = AppContainer() }
            struct AppDependencies {
                var sharedMainViewModel: any SharedMainViewModelProtocol = SharedMainViewModel.shared
                enum Live {
                    static var sharedMainViewModel: any SharedMainViewModelProtocol { SharedMainViewModel.shared }
                }
            }
            """
        ])
        #expect(found == ["SharedMainViewModel.shared", "AppContainer.shared"])
    }

    /// Hold-out 10 (metatext, jami): GRDB's `Column(CodingKeys.id)` and `belongsTo(Identity.Instance.self)`
    /// (an association named `instance`) and `UIFontMetrics(forTextStyle:)` were each reported as one shared instance;
    /// hold-out 11 (session): 27 GRDB `SQL` fragments too.
    @Test("GRDB columns and associations and font metrics are constants; a record's database queue is not")
    func grdbColumnsAssociationsAndFontMetrics() async throws {
        let found = try await singletons([
            "Records.swift": """
            import GRDB
            import UIKit
            struct IdentityRecord: Codable, FetchableRecord, PersistableRecord {
                enum CodingKeys: String, CodingKey { case id }
                enum Columns {
                    static let id = Column(CodingKeys.id)
                }
                static let instance = belongsTo(InstanceRecord.self)
                static let accounts = hasMany(AccountRecord.self)
                fileprivate static let joinSQL: SQL = { SQL("JOIN profile ON profile.id = item.id") }()
                private static let threadIdKey: SQL = SQL(stringLiteral: CodingKeys.id.stringValue)
            }
            struct InstanceRecord: Codable, FetchableRecord, PersistableRecord {}
            struct AccountRecord: Codable, FetchableRecord, PersistableRecord {}
            final class ContextMenuVM {
                static let bodyMetrics = UIFontMetrics(forTextStyle: .body)
            }
            final class Store {
                static let queue = DatabaseQueue()
            }
            """
        ])
        #expect(found == ["Store.queue"])
    }

    /// Review 37 (nostur): `PreviewEnvironment.shared`, the fake account `#Preview`s run on, was a singleton, and the
    /// migration put it in the app's dependencies container, which builds it in production.
    @Test(
        "a type setting up previews by its name (`PreviewEnvironment`, `PreviewData`) declares no singleton; a `PreviewManager` service does"
    )
    func previewSetUpTypes() async throws {
        let found = try await singletons([
            "Preview.swift": """
            public class PreviewEnvironment { static let shared = PreviewEnvironment() }
            final class PreviewData { static let shared = PreviewData() }
            final class PreviewManager { static let shared = PreviewManager() }
            """
        ])
        #expect(found == ["PreviewManager.shared"])
    }
}

@Suite("metrics: test code apart")
struct TestCodeMetricsTests {
    @Test("singletons and .shared sites in test files are counted apart, not as debt")
    func testCodeIsApart() async throws {
        let report = try await audit([
            "Sources/App/Store.swift": """
            final class Store { static let shared = Store(); func load() {} }
            final class Feed { func run() { Store.shared.load() } }
            """,
            "Tests/AppTests/StoreTests.swift": """
            final class MockStore { static let shared = MockStore() }
            final class StoreTests { func testLoad() { Store.shared.load(); Store.shared.load() } }
            """,
        ])
        #expect(report.metrics.singletons == 1)
        #expect(report.metrics.singletonAccesses == 1)
        #expect(report.metrics.testSingletons == 1)
        #expect(report.metrics.testSingletonAccesses == 2)
        #expect(report.metrics.singletonAccessesByRole.values.reduce(0, +) == 1)
    }

    /// Hold-out 8 (eurofurence): fastlane's `Screenshots/SnapshotHelper.swift` imports XCTest outside any `Tests`
    /// folder; its `static var app: XCUIApplication?` is test code. Danger's `Dangerfile.swift` (`let danger =
    /// Danger()`) is CI tooling, not audited; a Combine `Cancellable` kept in a static is plumbing (siskin).
    @Test("a file importing a test framework is test code; Danger's scripts are not audited; cancellables are plumbing")
    func testFrameworkImportsAndTooling() async throws {
        let report = try await audit([
            "Screenshots/SnapshotHelper.swift": """
            import XCTest
            final class XCUIApplication {}
            open class Snapshot { static var app: XCUIApplication? }
            """,
            "Dangerfile.swift": "final class Danger {}\nlet danger = Danger()\n",
            "Sources/App/Clock.swift": """
            import Combine
            struct CurrentTimePublisher { private static var cancellable: Cancellable? }
            final class Store { static let shared = Store() }
            """,
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Store.shared"])
        #expect(report.metrics.testSingletons == 1)
        #expect(report.metrics.files == 2)
    }

    /// Hold-out 6 (zotero): `enum TestControllers { static let apiClient = … }` in ZoteroTests was reported as five
    /// singletons, and every test reading it as singleton accesses.
    @Test("a test target's shared fixtures are counted, not reported; tests reaching the app's singletons still are")
    func testFixturesAreNotReported() async throws {
        let report = try await audit([
            "Sources/App/Store.swift": "final class Store { static let shared = Store(); func load() {} }\n",
            "Tests/AppTests/TestControllers.swift": """
            final class ApiClient {}
            enum TestControllers { static let apiClient = ApiClient() }
            final class SyncTests { func testSync() { _ = TestControllers.apiClient; Store.shared.load() } }
            """,
        ])
        #expect(report.subjects(.singletonDeclaration) == ["Store.shared"])
        #expect(report.lines(.singletonAccess) == ["Tests/AppTests/TestControllers.swift:3"])
        #expect(report.metrics.testSingletons == 1)
    }
}

/// Roles and services met in hold-out round 3 (paraphrased).
@Suite("roles and services from real apps")
struct RoleEvidenceTests {
    @Test("an observable object keeping its own shared instance is app state, not a fat view model")
    func observableSingletonIsAService() async throws {
        let properties = (1...14).map { "    let service\($0) = Service\($0)()" }.joined(separator: "\n")
        let classes = (1...14).map { "final class Service\($0) {}" }.joined(separator: "\n")
        let report = try await audit([
            "Dependencies.swift": """
            import Combine
            public final class Dependencies: ObservableObject {
                private static var sharedInstance: Dependencies?
                public static var shared: Dependencies { sharedInstance ?? Dependencies() }
            \(properties)
            }
            \(classes)
            """,
            "SettingsModel.swift": """
            import Combine
            final class SettingsModel: ObservableObject {
            \((1...14).map { "    @Published var value\($0) = 0" }.joined(separator: "\n"))
            }
            """,
        ])
        #expect(report.findings(.fatViewModel).map(\.typeName) == ["SettingsModel"])
    }

    @Test(
        "a type named for the SDK role it plays is no service without a protocol; a codebase superclass's name still makes one"
    )
    func sdkRoleIsNoService() async throws {
        let report = try await audit([
            "Intents.swift": """
            import AppIntents
            import WidgetKit
            struct ShortcutsProvider: AppShortcutsProvider { static var appShortcuts: [AppShortcut] { [] } }
            struct Provider: TimelineProvider {}
            class BaseUploadManager { func upload() {} }
            final class PhotoUploadManager: BaseUploadManager {}
            """
        ])
        #expect(report.findings(.missingProtocol).map(\.typeName) == ["BaseUploadManager", "PhotoUploadManager"])
    }
}
