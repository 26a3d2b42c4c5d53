import SeamAnalysis
import Testing

/// Hold-out round 18's false findings and misses in canvas (instructure/canvas-ios), which reaches its services through
/// the locator `AppEnvironment.shared` beside interactors taken through `init`: each a shape met there.
@Suite("hold-out 18: canvas's locator, stores and interactors")
struct HoldOut18CanvasTests {
    static let environment = """
        import CoreData
        final class API { func makeRequest() {} }
        final class Router { func show() {} }
        struct LoginSession: Hashable { let userID: String }
        final class AppEnvironment {
            static let shared = AppEnvironment()
            var api = API()
            var router = Router()
            var database = NSPersistentContainer(name: "db")
            var currentSession: LoginSession?
        }
        """

    @Test(
        "a parameter's default is the caller's, not a bypass; one reading a value off the locator is no injected default"
    )
    func parameterDefaults() async throws {
        let report = try await audit([
            "AppEnvironment.swift": Self.environment,
            "Interactors.swift": """
            import CoreData
            protocol OfflineModeInteractor { func isOfflineModeEnabled() -> Bool }
            final class ReactiveStore {
                private let offline: OfflineModeInteractor
                private let context: NSManagedObjectContext
                init(
                    offline: OfflineModeInteractor,
                    context: NSManagedObjectContext = AppEnvironment.shared.database.viewContext
                ) {
                    self.offline = offline
                    self.context = context
                }
            }
            final class RecipientsSearchInteractorLive {
                private let api: API
                private let currentUserID: String
                init(
                    currentUserID: String = AppEnvironment.shared.currentSession?.userID ?? "",
                    api: API = AppEnvironment.shared.api
                ) {
                    self.currentUserID = currentUserID
                    self.api = api
                }
            }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.lines(.injectedSingletonDefault) == ["Interactors.swift:19"])
        #expect(report.lines(.singletonAccess).contains("Interactors.swift:18"))
    }

    @Test("an @ObservedObject a view builds in its own init is not taken from outside; one its init takes is")
    func observedObjectsBuiltInInit() async throws {
        let report = try await audit([
            "Views.swift": """
            import SwiftUI
            final class ColorsStore: ObservableObject { func refresh() {} }
            final class UploadManager { static let shared = UploadManager(); func cancel() {} }
            enum Stores { static func colors() -> ColorsStore { ColorsStore() } }
            struct SideMenuBottomSection: View {
                @ObservedObject var helpLinks: ColorsStore
                init(_ enrollment: String) { helpLinks = Stores.colors() }
                var body: some View { Button("Cancel") { UploadManager.shared.cancel() } }
            }
            struct ProfileView: View {
                @ObservedObject var colors: ColorsStore
                init(colors: ColorsStore) { self.colors = colors }
                var body: some View { Button("Cancel") { UploadManager.shared.cancel() } }
            }
            struct SettingsView: View {
                @ObservedObject var colors: ColorsStore
                var body: some View { Button("Cancel") { UploadManager.shared.cancel() } }
            }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Views.swift:13", "Views.swift:17"])
    }

    @Test("a computed property of the type is what its name reads, not a global of that name")
    func computedMemberShadowsGlobal() async throws {
        let report = try await audit([
            "Routes.swift": """
            final class Router { func show() {} }
            let router = Router()
            """,
            "GradeListViewModel.swift": """
            final class Environment { let router = Router() }
            final class GradeListViewModel {
                private let env: Environment
                private var router: Router { env.router }
                init(env: Environment) { self.env = env }
                func open() { router.show() }
            }
            """,
        ])
        #expect(report.findings(.singletonAccess).isEmpty)
        #expect(report.findings(.injectionBypass).isEmpty)
    }

    @Test("a weak static slot of a tab bar item and a cached haptic generator are UI objects, not singletons")
    func uiObjectsInStatics() async throws {
        let report = try await audit([
            "TabBarBadgeCounts.swift": """
            import UIKit
            enum TabBarBadgeCounts {
                static weak var messageItem: UITabBarItem? {
                    didSet { messageItem?.badgeValue = nil }
                }
            }
            final class TodoListItemCell: UITableViewCell {
                private static let hapticGenerator = UIImpactFeedbackGenerator(style: .light)
                func tap() { Self.hapticGenerator.impactOccurred() }
            }
            """
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    @Test("an enum of cases with a computed static of another type is a value, not a singleton missing a protocol")
    func enumWithComputedStatic() async throws {
        let report = try await audit([
            "ExperimentalFeature.swift": """
            import Foundation
            enum ExperimentalFeature: String, CaseIterable {
                case favoriteGroups = "favorite_groups"
                case whatIfScore = "what_if_score"
                private static var sharedUserDefaults: UserDefaults? { UserDefaults(suiteName: "group.canvas") }
                var isEnabled: Bool { Self.sharedUserDefaults?.bool(forKey: rawValue) ?? false }
            }
            """
        ])
        #expect(!report.subjects(.missingProtocol).contains("ExperimentalFeature"))
    }

    @Test("an interactor is a service, so is a protocol's …Live conformer: taking one sets up injection")
    func interactorsAreServices() async throws {
        let report = try await audit([
            "AppEnvironment.swift": Self.environment,
            "CourseSync.swift": """
            protocol CourseSyncFilesInteractor { func files() -> [String] }
            final class CourseSyncFilesInteractorLive: CourseSyncFilesInteractor { func files() -> [String] { [] } }
            final class CourseSyncEntryComposerInteractorLive {
                private let filesInteractor: CourseSyncFilesInteractor
                init(filesInteractor: CourseSyncFilesInteractor = CourseSyncFilesInteractorLive()) {
                    self.filesInteractor = filesInteractor
                }
                func compose() { AppEnvironment.shared.api.makeRequest() }
            }
            final class DownloadServiceLive {
                init() {}
                func download() { AppEnvironment.shared.api.makeRequest() }
            }
            final class ModuleRefresher {
                private let downloader: DownloadServiceLive
                init(downloader: DownloadServiceLive) { self.downloader = downloader }
                func refresh() { AppEnvironment.shared.api.makeRequest() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["CourseSync.swift:8", "CourseSync.swift:17"])
    }

    @Test("a coder init assigning the locator's member to a property the designated init takes is its default")
    func coderInitDefault() async throws {
        let report = try await audit([
            "AppEnvironment.swift": Self.environment,
            "HorizonWebView.swift": """
            import UIKit
            final class HorizonWebView: UIView {
                private let router: Router
                private let api: API
                init(router: Router, api: API) {
                    self.router = router
                    self.api = api
                    super.init(frame: .zero)
                }
                required init?(coder: NSCoder) {
                    router = AppEnvironment.shared.router
                    api = AppEnvironment.shared.api
                    super.init(coder: coder)
                }
            }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.lines(.injectedSingletonDefault) == ["HorizonWebView.swift:11", "HorizonWebView.swift:12"])
    }

    @Test("an environment key's default that is the one instance of its own class is a singleton")
    func environmentKeyOwnInstance() async throws {
        let report = try await audit([
            "WidgetsDelegate.swift": """
            import SwiftUI
            class WidgetsDelegate: EnvironmentKey {
                public private(set) static var defaultValue = WidgetsDelegate()
                private init() {}
            }
            struct ThemeKey: EnvironmentKey { static let defaultValue = Theme() }
            struct Theme { var tint = 1 }
            final class Palette {}
            struct PaletteKey: EnvironmentKey { static let defaultValue = Palette() }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["WidgetsDelegate.defaultValue"])
    }
}

/// Hold-out round 18's false findings in beam (beamlegacy/beam, a macOS browser), each a shape met there.
@Suite("hold-out 18: beam's record policies, layout constraints and handler families")
struct HoldOut18BeamTests {
    @Test("a GRDB record's conflict policy is a value; a static layout constraint is a UI object")
    func policiesAndConstraints() async throws {
        let report = try await audit([
            "BeamFileRecord.swift": """
            import GRDB
            struct BeamFileRecord: FetchableRecord, PersistableRecord {
                static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .replace, update: .replace)
                var id: String
            }
            """,
            "BeamTextEdit+Formatter.swift": """
            import AppKit
            final class BeamTextEdit: NSView {}
            extension BeamTextEdit {
                private static var centerXAnchor: NSLayoutConstraint?
                private static var bottomAnchor: NSLayoutConstraint?
            }
            """,
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    @Test(
        "a service subclassing a base class several classes extend has its abstraction, unless a user holds the subclass"
    )
    func handlerFamilies() async throws {
        let report = try await audit([
            "Handlers.swift": """
            import WebKit
            class SimpleBeamMessageHandler: NSObject, WKScriptMessageHandler {
                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
            }
            final class LoggingMessageHandler: SimpleBeamMessageHandler {}
            final class MediaPlayerMessageHandler: SimpleBeamMessageHandler {}
            class Downloader: NSObject {}
            final class FileDownloadManager: Downloader { func start() {} }
            final class ImageDownloadManager: Downloader { func start() {} }
            final class Gallery {
                let downloads: ImageDownloadManager
                init(downloads: ImageDownloadManager) { self.downloads = downloads }
            }
            """
        ])
        #expect(!report.subjects(.missingProtocol).contains("LoggingMessageHandler"))
        #expect(!report.subjects(.missingProtocol).contains("MediaPlayerMessageHandler"))
        #expect(report.subjects(.missingProtocol).contains("ImageDownloadManager"))
    }
}

/// Migration leftovers of damus (tuning): TipKit tips kept as `static let shared` copies of themselves.
@Suite("SDK values' shared copies")
struct SDKValueCopyTests {
    @Test(
        "a TipKit tip or a SwiftUI style keeping a copy of itself in a let is a constant; a stateless client is a singleton"
    )
    func sdkValueCopies() async throws {
        let report = try await audit([
            "Tips.swift": """
            import TipKit
            struct TrustedNetworkRepliesTip: Tip {
                static let shared = TrustedNetworkRepliesTip()
                var title: Text { Text("Trusted network") }
            }
            struct PrimaryButtonStyle: ButtonStyle {
                static let shared = PrimaryButtonStyle()
                func makeBody(configuration: Configuration) -> some View { configuration.label }
            }
            struct ReachabilityClient {
                static let shared = ReachabilityClient()
                func isReachable() -> Bool { true }
            }
            struct Counter {
                static let shared = Counter()
                var count = 0
            }
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["ReachabilityClient.shared", "Counter.shared"])
    }
}

/// Hold-out round 18's beam, judged in part B2: colours as enum cases, option sets, fallbacks read at each call.
@Suite("hold-out 18: beam's enum-case colours, option sets and fallbacks")
struct HoldOut18BeamValuesTests {
    @Test(
        "a static holding a case of a codebase enum is a value; an option set's shared… member built from 1 << 2 is a constant"
    )
    func enumCasesAndOptionSets() async throws {
        let report = try await audit([
            "BeamColor.swift": """
            import AppKit
            indirect enum BeamColor {
                case Custom(named: String)
                case From(color: NSColor, alpha: CGFloat? = nil)
            }
            extension BeamColor {
                enum Editor {
                    static let sourceButtonStrokeHover = BeamColor.From(color: .white, alpha: 0.2)
                    static let sourceButtonBackground = BeamColor.Custom(named: "EditorSourceButtonBackground")
                }
            }
            struct PasswordManagerHostLookupOptions: OptionSet {
                let rawValue: Int
                static let subdomains = PasswordManagerHostLookupOptions(rawValue: 1 << 1)
                static let sharedCredentials = PasswordManagerHostLookupOptions(rawValue: 1 << 2)
            }
            """
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    @Test("the fallback of ?? in a computed property is reached at each read: a bypass; in an init it is the default")
    func fallbacks() async throws {
        let report = try await audit([
            "BrowserTab.swift": """
            final class BeamData { static let shared = BeamData(); func save() {} }
            final class BeamState { let data: BeamData; init(data: BeamData) { self.data = data } }
            final class BrowserTab {
                private weak var state: BeamState?
                private let backup: BeamData
                init(state: BeamState, backup: BeamData? = nil) {
                    self.state = state
                    self.backup = backup ?? BeamData.shared
                }
                var data: BeamData { state?.data ?? BeamData.shared }
            }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["BrowserTab.swift:10"])
        #expect(report.lines(.injectedSingletonDefault) == ["BrowserTab.swift:8"])
    }
}
