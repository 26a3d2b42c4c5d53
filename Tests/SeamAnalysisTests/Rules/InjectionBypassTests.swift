import SeamAnalysis
import Testing

@Suite("injection-bypass and injected-singleton-default")
struct InjectionBypassTests {
    static let store = """
        protocol DataStoreProtocol { func save() }
        final class DataStore: DataStoreProtocol { static let shared = DataStore(); func save() {} }
        final class AuthManager { static let shared = AuthManager() }
        """

    @Test("injecting a protocol and reaching the singleton conforming to it is a bypass")
    func protocolBypass() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "SpotsViewModel.swift": """
            final class SpotsViewModel {
                private let store: DataStoreProtocol
                init(store: DataStoreProtocol) { self.store = store }
                func save() {
                    store.save()
                    DataStore.shared.save()
                    _ = AuthManager.shared
                }
            }
            """,
        ])
        // Line 7: a view model injecting services and reaching another one (`AuthManager`) bypasses too.
        #expect(report.lines(.injectionBypass) == ["SpotsViewModel.swift:6", "SpotsViewModel.swift:7"])
        #expect(report.findings(.injectionBypass).first?.typeName == "SpotsViewModel")
        #expect(report.findings(.injectionBypass).first?.message.contains("injects 'store: DataStoreProtocol'") == true)
        #expect(report.metrics.injectionBypasses == 2)
    }

    @Test("injecting the singleton's own type through init and reaching it is a bypass")
    func concreteBypass() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "Forecast.swift": """
            final class ForecastViewModel {
                init(auth: AuthManager) {}
                func refresh() { _ = AuthManager.shared }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Forecast.swift:3"])
    }

    @Test("an init that cannot take a parameter assigns the injected property's default: injection, not a site")
    func requiredInitializerAssignmentIsAnInjectedDefault() async throws {
        let report = try await audit([
            "Store.swift": """
            protocol StoreProtocol: AnyObject { func load() }
            final class Store: StoreProtocol {
                static let shared = Store()
                func load() {}
            }
            class Base {
                init() {}
                required init?(coder: Int) {}
            }
            """,
            "Screen.swift": """
            final class Screen: Base {
                private let store: any StoreProtocol
                init(store: any StoreProtocol = Store.shared) {
                    self.store = store
                    super.init()
                }
                required init?(coder: Int) {
                    self.store = Store.shared
                    super.init(coder: coder)
                }
            }
            final class Legacy {
                private let store: Store
                init() { self.store = Store.shared }
            }
            """,
        ])
        #expect(report.lines(.injectedSingletonDefault) == ["Screen.swift:3", "Screen.swift:8"])
        #expect(
            report.lines(.singletonAccess) == ["Screen.swift:14"], "a property no init takes is a hidden dependency")
    }

    @Test(
        "a convenience initializer handing the designated one the singleton (`self.init(store: Store.shared)`) gives a default: injection, not a site"
    )
    func delegatingInitializerArgumentIsAnInjectedDefault() async throws {
        let report = try await audit([
            "Store.swift": """
            protocol StoreProtocol: AnyObject { func load() }
            final class Store: StoreProtocol {
                static let shared = Store()
                func load() {}
            }
            """,
            "AppDelegate.swift": """
            class AppDelegate {
                private let store: any StoreProtocol
                init(store: any StoreProtocol = Store.shared) {
                    self.store = store
                }
                convenience init(name: String) {
                    self.init(store: Store.shared)
                }
                func open() { make(Store.shared) }
                func make(_ store: Store) {}
            }
            """,
        ])
        #expect(report.lines(.injectedSingletonDefault) == ["AppDelegate.swift:3", "AppDelegate.swift:7"])
        #expect(report.lines(.singletonAccess) == ["AppDelegate.swift:9"], "an argument of any other call is a use")
    }

    /// Round 24, dydx after migration (`public override convenience init() { self.init(urlHandler: { URLHandler.shared
    /// }, …) }`): the provider a convenience initializer hands the designated one is its default too; it was reported
    /// as a bypass.
    @Test(
        "a convenience initializer handing the designated one a provider of the singleton (`self.init(store: { Store.shared })`) gives a default"
    )
    func delegatingInitializerProviderIsAnInjectedDefault() async throws {
        let report = try await audit([
            "Store.swift": """
            protocol StoreProtocol: AnyObject { func load() }
            final class Store: StoreProtocol {
                static let shared = Store()
                func load() {}
            }
            final class Cache {
                static let shared = Cache()
                func clear() {}
            }
            """,
            "Screen.swift": """
            class Screen {
                private let store: () -> any StoreProtocol
                init(store: @escaping () -> any StoreProtocol = { Store.shared }) {
                    self.store = store
                }
                convenience init(name: String) {
                    self.init(store: { Store.shared })
                }
                func open() { store().load(); run { Cache.shared.clear() } }
                func run(_ body: () -> Void) { body() }
            }
            """,
        ])
        #expect(report.lines(.injectedSingletonDefault) == ["Screen.swift:3", "Screen.swift:7"])
        #expect(report.lines(.singletonAccess) == ["Screen.swift:9"], "a closure passed to any other call is a use")
    }

    @Test(
        "an init taking ids and the module's output or delegate takes no service: nothing to bypass (hold-out 5, anytype)"
    )
    func outputAndDelegateAreNoInjection() async throws {
        let report = try await audit([
            "Services.swift": """
            protocol APIClientProtocol: AnyObject { func load() }
            final class APIClient: APIClientProtocol { static let shared = APIClient(); func load() {} }
            protocol ProfileModuleOutput: AnyObject { func close() }
            protocol ListListener: AnyObject { func reload() }
            final class Coordinator: ProfileModuleOutput, ListListener { func close() {}; func reload() {} }
            """,
            "Presenters.swift": """
            final class ProfilePresenter {
                private weak var output: ProfileModuleOutput?
                private let id: String
                init(id: String, output: ProfileModuleOutput?) { self.id = id; self.output = output }
                func open() { APIClient.shared.load() }
            }
            final class ListPresenter {
                init(events: ListListener) {}
                func open() { APIClient.shared.load() }
            }
            final class SearchPresenter {
                private let client: APIClientProtocol
                private weak var output: ProfileModuleOutput?
                init(client: APIClientProtocol, output: ProfileModuleOutput?) { self.client = client; self.output = output }
                func open() { APIClient.shared.load() }
            }
            final class DetailCoordinator {
                private unowned let context: ClientContext
                init(context: ClientContext) { self.context = context }
                func open() { APIClient.shared.load() }
            }
            final class ClientContext { let client: APIClient; init(client: APIClient) { self.client = client } }
            """,
        ])
        // A context object kept `unowned` (zotero's `Controllers`) is still a service: its holder bypasses it.
        #expect(report.lines(.injectionBypass) == ["Presenters.swift:15", "Presenters.swift:20"])
    }

    @Test(
        "a singleton assigned in the designated init to a property no init takes is a hidden dependency: a bypass beside injected services (hold-out 6, damus)"
    )
    func initAssignedHiddenDependency() async throws {
        let report = try await audit([
            "Services.swift": """
            final class SettingsStore { static let shared = SettingsStore() }
            final class StoreKitManager { static let standard = StoreKitManager() }
            struct CacheManager { static var shared = CacheManager(); func clear() {} }
            """,
            "Purple.swift": """
            final class Purple {
                let settings: SettingsStore
                let storekit: StoreKitManager
                init(settings: SettingsStore) {
                    self.settings = settings
                    self.storekit = StoreKitManager.standard
                }
                func clear() { CacheManager.shared.clear() }
            }
            class Base { let store: StoreKitManager; init(store: StoreKitManager) { self.store = store } }
            final class Screen: Base {
                let settings: SettingsStore
                init(settings: SettingsStore) {
                    self.settings = settings
                    super.init(store: StoreKitManager.standard)
                }
            }
            """,
        ])
        // `super.init(store: StoreKitManager.standard)` hands the superclass its dependency: wiring, not a bypass.
        #expect(report.lines(.injectionBypass) == ["Purple.swift:6", "Purple.swift:8"])
    }

    @Test(
        "a type reaching the singleton of a type nested in it depends on it; a container reading its own nested values wires them (hold-out 6, damus)"
    )
    func nestedTypeSingletonIsADependency() async throws {
        let report = try await audit([
            "Purple.swift": """
            final class DbStorage { func save() {} }
            class Purple {
                let storage: DbStorage
                init(storage: DbStorage) { self.storage = storage }
                func buy() { StoreKitManager.standard.buy() }
            }
            extension Purple {
                final class StoreKitManager { static let standard = StoreKitManager(); func buy() {} }
            }
            enum AppDependencies {
                enum Live { static let store = DbStorage() }
                static func make() -> DbStorage { Live.store }
            }
            """
        ])
        #expect(report.lines(.singletonAccess) == ["Purple.swift:5"], "the container's own `Live.store` is wiring")
        // `DbStorage` is a service by its name (`…Storage`): `Purple` takes one, so reaching another is a bypass.
        #expect(report.lines(.injectionBypass) == ["Purple.swift:5"])
    }

    @Test(
        "a class holding a service privately is no context object: taking it takes no service (hold-out 7, CotEditor after migration)"
    )
    func privateServiceMakesNoContextObject() async throws {
        let report = try await audit([
            "Services.swift": """
            final class EncodingManager { static let shared = EncodingManager(); func list() {} }
            final class Themes { static let shared = Themes(); func load() {} }
            final class Document {
                private let encodingManager: EncodingManager
                init(encodingManager: EncodingManager = .shared) { self.encodingManager = encodingManager }
            }
            final class Session { let encodingManager: EncodingManager; init(encodingManager: EncodingManager) { self.encodingManager = encodingManager } }
            """,
            "Bars.swift": """
            final class StatusBar {
                let document: Document
                init(document: Document) { self.document = document }
                func show() { Themes.shared.load() }
            }
            final class Toolbar {
                let session: Session
                init(session: Session) { self.session = session }
                func show() { Themes.shared.load() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Bars.swift:9"])
    }

    @Test(
        "a default reading a value property off a singleton (`animated: Bool = Settings.shared.animates`) is a use, not an injected default (hold-out 5)"
    )
    func defaultReadingAValueOffASingletonIsAUse() async throws {
        let report = try await audit([
            "Settings.swift": """
            import CoreData
            final class Settings {
                static let shared = Settings()
                var animates = true
                var locale: Locale = .current
                let context: NSManagedObjectContext = NSManagedObjectContext()
                func newContext() -> NSManagedObjectContext { context }
            }
            """,
            "Screen.swift": """
            import CoreData
            final class Screen {
                func show(animated: Bool = Settings.shared.animates) {}
                func format(in locale: Locale = Settings.shared.locale) {}
                func save(in context: NSManagedObjectContext = Settings.shared.context) {}
                func load(in context: NSManagedObjectContext = Settings.shared.newContext()) {}
                func reload(settings: Settings = Settings.shared) {}
            }
            """,
        ])
        #expect(report.lines(.singletonAccess) == ["Screen.swift:3", "Screen.swift:4"])
        #expect(report.lines(.injectedSingletonDefault) == ["Screen.swift:5", "Screen.swift:6", "Screen.swift:7"])
    }

    @Test(
        "a default reading a member the analysis cannot see off an SDK store (`= UserDefaults.appGroup?.legacySettings`) is a use; one named as a service stays a default (hold-out 9, Loop)"
    )
    func defaultReadingAnUnknownMemberOffAStore() async throws {
        let report = try await audit([
            "Defaults.swift": """
            import Foundation
            extension UserDefaults {
                static let appGroup = UserDefaults(suiteName: "group.app")
            }
            """,
            "DataManager.swift": """
            import Foundation
            final class DataManager {
                init(schedule: [Double]? = UserDefaults.appGroup?.legacySchedule, client: Client? = UserDefaults.appGroup?.apiClient) {}
            }
            """,
        ])
        #expect(report.lines(.singletonAccess) == ["DataManager.swift:3"])
        #expect(report.lines(.injectedSingletonDefault) == ["DataManager.swift:3"])
        #expect(
            report.findings(.singletonAccess).first?.location.column == 32, "the schedule's default, not the client's")
    }

    @Test(
        "a closure returning only the singleton, assigned to an injected provider in an initializer, is its default (primal's second run)"
    )
    func providerAssignedInAnInitializer() async throws {
        let report = try await audit([
            "Root.swift": """
            protocol RootProtocol: AnyObject { func reset() }
            final class Root: RootProtocol { static let instance = Root(); func reset() {} }
            class Base {
                init() {}
                required init?(coder: Int) {}
            }
            """,
            "Screen.swift": """
            final class Screen: Base {
                private let root: () -> any RootProtocol
                init(root: @escaping () -> any RootProtocol = { Root.instance }) {
                    self.root = root
                    super.init()
                }
                required init?(coder: Int) {
                    self.root = { Root.instance }
                    super.init(coder: coder)
                }
                func open() { root().reset() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == [])
        #expect(report.lines(.injectedSingletonDefault) == ["Screen.swift:3", "Screen.swift:8"])
    }

    @Test("a global instance assigned as an injected property's default in an initializer is injection, not a bypass")
    func globalInstanceAssignedInAnInitializer() async throws {
        let report = try await audit([
            "Store.swift": """
            protocol StoreProtocol: AnyObject { func load() }
            final class Store: StoreProtocol { func load() {} }
            let mainStore = Store()
            class Base {
                init() {}
                required init?(coder: Int) {}
            }
            """,
            "Screen.swift": """
            final class Screen: Base {
                private let store: any StoreProtocol
                init(store: any StoreProtocol = mainStore) {
                    self.store = store
                    super.init()
                }
                required init?(coder: Int) {
                    self.store = mainStore
                    super.init(coder: coder)
                }
                func open() { store.load() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == [])
        #expect(report.lines(.injectedSingletonDefault) == ["Screen.swift:3", "Screen.swift:8"])
    }

    @Test("a default value that reaches a singleton through a member chain is a default, not a bypass")
    func defaultArgumentThroughAMemberChain() async throws {
        let report = try await audit([
            "Importer.swift": """
            final class Database {
                static let shared = Database()
                func newContext() -> Context { Context() }
            }
            final class APIService {
                static let shared = APIService()
            }
            final class Importer {
                let api: APIService
                let context: Context
                init(api: APIService, context: Context = Database.shared.newContext()) {
                    self.api = api
                    self.context = context
                }
                func go() -> Context { Database.shared.newContext() }
            }
            final class Context {}
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Importer.swift:15"], "only the body's use bypasses")
        #expect(report.lines(.injectedSingletonDefault) == ["Importer.swift:11"])
    }

    @Test(
        "a fallback read from a container held by a static member (`s ?? Root.container[Key.self]`) is an injected default"
    )
    func containerReadFallback() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "Root.swift": """
            final class Locator { subscript(_ name: String) -> DataStoreProtocol { DataStore.shared } }
            final class Services { static let container = Locator() }
            """,
            "SpotsViewModel.swift": """
            final class SpotsViewModel {
                private let store: DataStoreProtocol
                init(store: DataStoreProtocol? = nil) { self.store = store ?? Services.container["store"] }
                func reload() { _ = Services.container["store"] }
            }
            """,
        ])
        #expect(report.lines(.injectedSingletonDefault) == ["SpotsViewModel.swift:3"])
        #expect(
            report.lines(.injectionBypass) == ["SpotsViewModel.swift:4"],
            "a read in a method still bypasses the injection")
    }

    /// Hold-out round 3 (primal, 7 of 8 findings wrong): `RootViewController.instance.presentedViewController ??
    /// RootViewController.instance` reads the singleton on both sides; its right side is no injected value's fallback.
    @Test("a fallback whose left side reads the same singleton is a plain access, not an injected default")
    func fallbackToTheSameSingleton() async throws {
        let report = try await audit([
            "Root.swift": """
            final class RootViewController { static let instance = RootViewController(); var presented: RootViewController? }
            """,
            "Cell.swift": """
            final class ImageCell {
                func top() -> RootViewController { RootViewController.instance.presented ?? RootViewController.instance }
            }
            """,
        ])
        #expect(report.lines(.injectedSingletonDefault).isEmpty)
        #expect(report.lines(.singletonAccess) == ["Cell.swift:2", "Cell.swift:2"])
    }

    @Test("a controller given only its view model's protocol has no injection to bypass")
    func controllerWithAViewModelProtocol() async throws {
        let report = try await audit([
            "Vaults.swift": """
            final class VaultService {
                static let shared = VaultService()
                func list() {}
            }
            protocol VaultListViewModelProtocol: AnyObject { func refresh() }
            final class VaultListViewModel: VaultListViewModelProtocol { func refresh() {} }
            final class VaultListViewController {
                let viewModel: VaultListViewModelProtocol
                init(viewModel: VaultListViewModelProtocol) { self.viewModel = viewModel }
                func appear() { VaultService.shared.list() }
            }
            """
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.lines(.singletonAccess) == ["Vaults.swift:10"], "still a site to migrate")
    }

    @Test("the transitional `s ?? S.shared` and default arguments are injected singleton defaults, not bypasses")
    func transitionalPattern() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "SpotsViewModel.swift": """
            final class SpotsViewModel {
                private let store: DataStoreProtocol
                init(store: DataStoreProtocol? = nil) { self.store = store ?? DataStore.shared }
            }
            final class MapViewModel {
                private let store: DataStoreProtocol
                init(store: DataStoreProtocol = DataStore.shared) { self.store = store }
            }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.lines(.injectedSingletonDefault) == ["SpotsViewModel.swift:3", "SpotsViewModel.swift:7"])
        #expect(report.metrics.injectedSingletonDefaults == 2)
        #expect(
            report.metrics.singletonAccesses == 0,
            "injection already: counted as injected defaults, not sites to migrate")
        #expect(
            report.findings(.singletonAccess).isEmpty,
            "a migration that writes `= S.shared` adds no singleton-access finding")
    }

    @Test("a type taking services through init and reaching another service's singleton bypasses injection")
    func otherServiceBypass() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "Profile.swift": """
            final class ProfileViewModel {
                let store: DataStoreProtocol
                let name: String
                init(store: DataStoreProtocol, name: String) { self.store = store; self.name = name }
                func logout() { _ = AuthManager.shared }
            }
            final class Plain { func save() { DataStore.shared.save() } }
            final class ProfileCell {
                init(store: DataStoreProtocol) {}
                func logout() { _ = AuthManager.shared }
            }
            final class SyncService {
                static let shared = SyncService(store: DataStore.shared)
                private init(store: DataStoreProtocol) {}
                func logout() { _ = AuthManager.shared }
            }
            """,
        ])
        // `Plain` injects nothing. By the roadmap's definition any type taking a service through init and
        // reaching another through a singleton bypasses its injection, whatever its role: the cell, and the
        // singleton whose init takes the store (its static `shared` is wiring, its method is not).
        #expect(report.lines(.injectionBypass) == ["Profile.swift:5", "Profile.swift:10", "Profile.swift:15"])
        let message = report.findings(.injectionBypass).first?.message ?? ""
        #expect(message.contains("'store: DataStoreProtocol'") && message.contains("'AuthManager.shared'"))
        #expect(report.metrics.injectionBypasses == 3)
    }

    @Test("a protocol inherited by the singleton's protocol counts as providing it")
    func inheritedProtocol() async throws {
        let report = try await audit([
            "Store.swift": """
            protocol Reading {}
            protocol Storing: Reading {}
            final class DataStore: Storing { static let shared = DataStore() }
            final class Reader { let source: any Reading; init(source: any Reading) { self.source = source }
                func read() { _ = DataStore.shared } }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Store.swift:5"])
    }

    @Test("each bypassing site is one finding, and the metric counts sites, not types")
    func countsSites() async throws {
        let report = try await audit([
            "Store.swift": Self.store,
            "Feed.swift": """
            final class FeedViewModel {
                init(store: DataStoreProtocol) {}
                func a() { DataStore.shared.save() }
                func b() { DataStore.shared.save(); _ = AuthManager.shared }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Feed.swift:3", "Feed.swift:4", "Feed.swift:4"])
        #expect(report.metrics.injectionBypasses == 3)
    }
}

@Suite("injection-bypass: wiring is not a bypass")
struct InjectionWiringTests {
    static let services = """
        final class DataStore { static let shared = DataStore(); func save() {} }
        final class Analytics { static let shared = Analytics(); func track() {} }
        final class Session { static var shared = Session() }
        """

    @Test("static factories, the singleton's own declaration and composition roots build from singletons")
    func compositionRoots() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Sync.swift": """
            final class SyncService {
                static let shared = SyncService(store: DataStore.shared)
                init(store: DataStore) {}
                static func make() -> SyncService { SyncService(store: DataStore.shared) }
            }
            final class ScreenFactory {
                init(store: DataStore) {}
                func makeSync() -> SyncService { SyncService(store: DataStore.shared) }
            }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
    }

    @Test("an alternative or #if DEBUG init filling the defaults from singletons is wiring")
    func alternativeInits() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "VM.swift": """
            final class TranscriptViewModel {
                let store: DataStore
                init(store: DataStore) { self.store = store }
                convenience init() { self.init(store: DataStore.shared) }
                required init(coder: Coder) { self.store = DataStore.shared }
                #if DEBUG
                static var preview: TranscriptViewModel { TranscriptViewModel(store: DataStore.shared) }
                func debugDump() { DataStore.shared.save() }
                #endif
                func save() { DataStore.shared.save() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["VM.swift:10"])
    }

    @Test("state values taken for injection, identity comparisons and writes are not bypasses")
    func stateAndIdentity() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Info.swift": """
            struct Settings { static let standard = Settings(); var limit = 1 }
            protocol Playable: AnyObject {}
            final class Episode: Playable { var title = "" }
            final class FileLog { static let shared = FileLog(); func log(_ message: String) {} }
            final class PlayableRowViewModel {
                init(item: Playable) {}
                func save() { DataStore.shared.save() }
            }
            final class LoggingViewModel {
                init(store: DataStore) {}
                func log() { _ = FileLog.shared }
            }
            final class EpisodeRowViewModel {
                let episode: Episode
                init(episode: Episode) { self.episode = episode }
                func save() { DataStore.shared.save() }
            }
            final class PlaybackViewModel {
                let session: Session
                var settings: Settings
                init(session: Session, settings: Settings) { self.session = session; self.settings = settings }
                func activate() { Session.shared = session }
                func isActive() -> Bool { session === Session.shared }
                func reset() { settings = Settings.standard }
            }
            final class SidebarViewModel {
                private var selected: DataStore?
                func clear() { DataStore.shared.save() }
            }
            final class WorkspaceDocument: ObservableObject { var files: [String] = [] }
            final class WindowController {
                init(workspace: WorkspaceDocument) {}
                func open() { DataStore.shared.save() }
            }
            """,
        ])
        // `Settings` is a value, `Episode` a data class (no singleton, no service role) and `Playable` a protocol
        // only data adopts, `selected` is state set later (no init takes it): nothing is injected there. A
        // logger is ambient.
        #expect(report.findings(.injectionBypass).isEmpty)
    }
}

@Suite("injection-bypass: what a type takes through init")
struct InitInjectionTests {
    static let services = """
        protocol Fetching: AnyObject { func fetch() }
        typealias AnyFetcher = Any & Fetching
        final class TextCache { static let shared = TextCache(); func update() {} }
        """

    @Test(
        "a struct without an init takes its stored properties through its memberwise init, also behind a composition alias"
    )
    func memberwiseInit() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Clients.swift": """
            struct MessagesAPI {
                let api: AnyFetcher
                func send() { TextCache.shared.update() }
            }
            struct DraftsAPI {
                let api: any Fetching & Sendable
                let id = 1
                func save() { TextCache.shared.update() }
            }
            extension DraftsAPI { init(other: DraftsAPI) { self = other } }
            struct Labels {
                let title: String
                var api: Fetching? = nil
                func show() { TextCache.shared.update() }
            }
            struct Counter {
                let api: Fetching?
                init() { api = nil }
                func tick() { TextCache.shared.update() }
            }
            """,
        ])
        // `Labels` takes only a title (its `api` has an initial value); `Counter`'s own `init` replaces the
        // memberwise one and takes nothing; `DraftsAPI` keeps its memberwise init beside the extension's.
        #expect(report.lines(.injectionBypass) == ["Clients.swift:3", "Clients.swift:8"])
        #expect(report.findings(.injectionBypass).first?.message.contains("'api: Fetching'") == true)
    }

    @Test(
        "a data class holding an enum named like a service (`Dex { var provider: Provider }`, `enum Provider: String`) is no service: a module's init taking it is wiring, not injection (hold-out 9, Unstoppable)"
    )
    func dataClassHoldingAnEnumNamedLikeAService() async throws {
        let report = try await audit([
            "Store.swift": InjectionBypassTests.store,
            "Swap.swift": """
            enum Provider: String { case oneInch, uniswap }
            final class Dex {
                var provider: Provider
                var chain: String
                init(provider: Provider, chain: String) { self.provider = provider; self.chain = chain }
            }
            final class OneInchModule {
                init(dex: Dex) { DataStore.shared.save() }
                func refresh() { DataStore.shared.save() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass).isEmpty)
    }

    @Test(
        "a view model with its own shared instance (`DMsVM.shared`) is app-wide state, a service: a type taking it and reaching a singleton bypasses (hold-out 9, nostur)"
    )
    func namedViewModelWithValueConformances() async throws {
        let report = try await audit([
            "Store.swift": InjectionBypassTests.store,
            "DMs.swift": """
            import Combine
            final class DMsVM: ObservableObject, Equatable, Hashable {
                static let shared = DMsVM()
                static func == (lhs: DMsVM, rhs: DMsVM) -> Bool { lhs === rhs }
                func hash(into hasher: inout Hasher) {}
                func add(_ id: String) {}
            }
            final class ConversionVM {
                private let parent: DMsVM
                init(parent: DMsVM) { self.parent = parent }
                func send() { DataStore.shared.save(); parent.add("x") }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["DMs.swift:11"])
    }

    @Test(
        "services taken as a collection (`init(transports: [any Transport])`) set up injection: reaching another singleton bypasses it (hold-out 9, Meshtastic)"
    )
    func collectionOfServices() async throws {
        let report = try await audit([
            "Store.swift": InjectionBypassTests.store,
            "Transport.swift": """
            protocol Transport { func connect() }
            final class BLETransport: Transport { func connect() {} }
            """,
            "AccessoryManager.swift": """
            final class AccessoryManager {
                let transports: [any Transport]
                init(transports: [any Transport] = [BLETransport()]) { self.transports = transports }
                func send() { DataStore.shared.save() }
            }
            """,
            "Screen.swift": """
            final class Screen {
                init(titles: [String]) {}
                func show() { DataStore.shared.save() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["AccessoryManager.swift:4"])
    }
}

@Suite("injection-bypass: context objects")
struct ContextObjectInjectionTests {
    static let services = """
        final class Theme { static let shared = Theme(); func apply() {} }
        final class SessionRegistry { static let shared = SessionRegistry(); func add() {} }
        final class Connection { weak var core: SyncCore? }
        final class ClientBag { weak var connection: Connection?; weak var core: SyncCore? }
        extension SyncCore { func refresh() {} }
        """

    @Test(
        "a class holding an SDK service (a context object) and an SDK service by name are services taken through init")
    func contextObjects() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Controllers.swift": """
            final class BrowserController {
                let context: ClientBag
                init(context: ClientBag) { self.context = context }
                func appear() { Theme.shared.apply() }
            }
            final class MessagesController {
                init(core: SyncCore, filter: String) {}
                func load() { SessionRegistry.shared.add() }
            }
            final class UploadController {
                init(session: PhotoSession?) {}
                func start() { Theme.shared.apply() }
            }
            """,
        ])
        #expect(
            report.lines(.injectionBypass) == ["Controllers.swift:4", "Controllers.swift:8", "Controllers.swift:12"])
        #expect(report.findings(.injectionBypass).first?.message.contains("'context: ClientBag'") == true)
    }

    /// Hold-out 8: Delta Chat's `DcContext`, the account's core API (124 methods over an opaque pointer), taken by
    /// `ChatViewController(dcContext:)`, and the XMPP library's bare `Context`, taken by siskin's `Room(context:)`:
    /// both are how their holders reach an engine, services all the same.
    @Test("a codebase class named as a context object, and a library's bare Context, are services taken through init")
    func contextObjectsByName() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Chat.swift": """
            public class DcContext {
                var pointer: OpaquePointer?
                public func chat(id: Int) -> String { "" }
            }
            final class ChatViewController {
                let dcContext: DcContext
                init(dcContext: DcContext) { self.dcContext = dcContext }
                func appear() { Theme.shared.apply() }
            }
            final class Room {
                init(context: Context, name: String) {}
                func join() { SessionRegistry.shared.add() }
            }
            final class Renderer {
                init(format: RenderFormat) {}
                func draw() { Theme.shared.apply() }
            }
            public class Session: Object, Decodable { var title = "" }
            struct WatchActivity {
                init(with session: Session) { Theme.shared.apply() }
            }
            """,
        ])
        // WWDC's `Session` is a Realm model of a talk: data, not a context object.
        #expect(report.lines(.injectionBypass) == ["Chat.swift:8", "Chat.swift:12"])
    }

    /// Hold-out 7's kiwix: `DownloadSessionDelegate(progress:downloadManager:)` takes `struct DownloadTaskManager` (a
    /// service by name) and reads `Database.shared`, a struct's shared instance over a private `NSPersistentContainer`.
    @Test(
        "a struct service taken through init sets up injection; a struct singleton over an SDK store is a service reached"
    )
    func structServices() async throws {
        let report = try await audit([
            "Downloads.swift": """
            struct Database {
                static let shared = Database()
                private let container: NSPersistentContainer
                private init() { container = NSPersistentContainer(name: "Model") }
            }
            struct Palette { static let shared = Palette(); let accent = 1 }
            struct Services { static let shared = Services(); let userDefaults: UserDefaults }
            final class Publisher { var states: [Int] = [] }
            struct DownloadTaskManager {
                private let progress: Publisher
                func delete() {}
            }
            final class DownloadSessionDelegate {
                private let downloadManager: DownloadTaskManager
                init(downloadManager: DownloadTaskManager) { self.downloadManager = downloadManager }
                func finish() { _ = Database.shared; _ = Palette.shared.accent }
                convenience init() { self.init(downloadManager: DownloadTaskManager(defaults: Services.shared.userDefaults)) }
            }
            """
        ])
        // A locator handing its services out (Pocket's `Services`) is read member by member: passing one on in an
        // initializer is wiring.
        #expect(report.lines(.injectionBypass) == ["Downloads.swift:16"])
        #expect(report.findings(.injectionBypass).first?.message.contains("'Database.shared'") == true)
    }

    @Test("values, SDK values and view state are not services: taking them sets up no injection")
    func notContextObjects() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "Views.swift": """
            final class Item { var name = ""; var tags: [String] = [] }
            final class Note { weak var owner: Item? }
            final class Library: ObservableObject { @Published var items: [Item] = [] }
            final class ItemRowController {
                init(item: Item, note: Note, provider: NSItemProvider, format: DateFormatter, library: Library) {}
                func show() { Theme.shared.apply() }
            }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty)
        #expect(report.lines(.singletonAccess) == ["Views.swift:6"])
    }

    @Test("an observed class holding services is a container a view takes, not the view's state")
    func observedContainer() async throws {
        let report = try await audit([
            "Services.swift": Self.services,
            "App.swift": """
            final class PlayerService { func play() {} }
            @Observable final class AppServices {
                let player: PlayerService
                init(player: PlayerService) { self.player = player }
            }
            @Observable final class TrackList { var names: [String] = [] }
            struct TabsView {
                let services: AppServices
                func expand() { Theme.shared.apply() }
            }
            struct TracksView {
                let tracks: TrackList
                func expand() { Theme.shared.apply() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["App.swift:9"])
    }
}

@Suite("injection-bypass: the current value")
struct CurrentValueBypassTests {
    @Test("reading the app's current settings value reaches a dependency; a copy taken through init is state")
    func currentSettings() async throws {
        let report = try await audit([
            "Settings.swift": """
            struct LayoutSettings: Codable {
                var volume = 1
                static let `default` = LayoutSettings()
                nonisolated(unsafe) static var cached: LayoutSettings = .default
            }
            final class NetworkService {}
            final class PlayerService {
                init(network: NetworkService) {}
                func volume() -> Int { LayoutSettings.cached.volume }
                func store(_ s: LayoutSettings) { LayoutSettings.cached = s }
            }
            final class Overlay {
                init(settings: LayoutSettings) {}
                func refresh() -> Int { LayoutSettings.cached.volume }
            }
            """
        ])
        // The write replaces the value (wiring, as any write to a singleton); `Overlay` takes a value, not a service.
        #expect(report.lines(.injectionBypass) == ["Settings.swift:9"])
    }

    @Test(
        "a view controller given its model (a class named `…Model` holding services, or a view model keeping another object in a static) takes state, not services (hold-out 10, green and metatext)"
    )
    func viewControllerGivenItsModel() async throws {
        let report = try await audit([
            "Store.swift": InjectionBypassTests.store,
            "Models.swift": """
            import Combine
            import Network
            final class WalletManager { func sync() {} }
            final class WalletTabBarModel {
                let wm: WalletManager
                init(wm: WalletManager) { self.wm = wm }
            }
            final class AttachmentViewModel: ObservableObject {
                static var wifiMonitor: NWPathMonitor = { NWPathMonitor() }()
                func load() {}
            }
            """,
            "Screens.swift": """
            import UIKit
            final class WalletTabBarViewController: UIViewController {
                let model: WalletTabBarModel
                init(walletTabBarModel: WalletTabBarModel) { self.model = walletTabBarModel; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
                func refresh() { DataStore.shared.save() }
            }
            final class ImageViewController: UIViewController {
                let viewModel: AttachmentViewModel?
                init(viewModel: AttachmentViewModel? = nil) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
                func play() { DataStore.shared.save() }
            }
            final class SyncWorker {
                let model: WalletTabBarModel
                init(model: WalletTabBarModel) { self.model = model }
                func run() { DataStore.shared.save() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Screens.swift:17"])
    }

    @Test(
        "an actor handing on a service it holds is a service: a type taking it and reaching a singleton bypasses (hold-out 10, green's `WalletDataModel`)"
    )
    func actorHoldingAService() async throws {
        let report = try await audit([
            "Store.swift": InjectionBypassTests.store,
            "Wallet.swift": """
            final class WalletManager { static let current = WalletManager(); func sync() {} }
            actor WalletDataModel {
                let wallet: WalletManager
                init(wallet: WalletManager) { self.wallet = wallet }
            }
            actor Counter {
                var count = 0
            }
            final class SendCoordinator {
                let model: WalletDataModel
                init(model: WalletDataModel) { self.model = model }
                func send() { DataStore.shared.save() }
            }
            final class Tally {
                let counter: Counter
                init(counter: Counter) { self.counter = counter }
                func add() { DataStore.shared.save() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Wallet.swift:12"])
    }

    @Test(
        "a context object handing out services through computed properties is a service: a type taking it and reaching a singleton bypasses (hold-out 11, session's `Dependencies`)"
    )
    func contextObjectWithComputedServices() async throws {
        let report = try await audit([
            "Store.swift": InjectionBypassTests.store,
            "Dependencies.swift": """
            public class Dependencies {
                private var _store: DataStore?
                public var store: DataStore {
                    get { _store ?? DataStore.shared }
                    set { _store = newValue }
                }
                public var title: String { "x" }
                public init() {}
            }
            final class Labels {
                var text: String { "label" }
            }
            public class WalletItem: Codable, Equatable {
                public var store: DataStore { DataStore.shared }
                public static func == (a: WalletItem, b: WalletItem) -> Bool { true }
            }
            """,
            "Conversation.swift": """
            final class ConversationVC {
                let dependencies: Dependencies
                init(threadId: String, using dependencies: Dependencies) { self.dependencies = dependencies }
                func load() { DataStore.shared.save() }
            }
            final class Caption {
                let labels: Labels
                init(labels: Labels) { self.labels = labels }
                func show() { DataStore.shared.save() }
            }
            final class SendViewModel {
                let wallet: WalletItem
                init(wallet: WalletItem) { self.wallet = wallet }
                func send() { DataStore.shared.save() }
            }
            """,
        ])
        #expect(report.lines(.injectionBypass) == ["Conversation.swift:4"])
    }
}

/// safe-ios-legacy's `SupportFlowCoordinator` takes a flow coordinator and tracks screens through
/// `Tracker.shared`, its analytics: seven reported bypasses of an ambient service.
@Suite("injection-bypass: an analytics tracker named Tracker is ambient")
struct AmbientTrackerTests {
    @Test("Tracker.shared is analytics, no bypass; LocationTracker.shared is a service, one")
    func trackerIsAnalytics() async throws {
        let report = try await audit([
            "Coordinators.swift": """
            final class Tracker { static let shared = Tracker(); func track(_ event: String) {} }
            final class LocationTracker { static let shared = LocationTracker(); func start() {} }
            protocol FlowCoordinating: AnyObject { func push() }
            final class SupportFlowCoordinator {
                private let flow: FlowCoordinating
                init(flow: FlowCoordinating) { self.flow = flow }
                func open() {
                    Tracker.shared.track("support")
                    LocationTracker.shared.start()
                }
            }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Coordinators.swift:9"])
    }
}

/// safe-ios-legacy's `SynchronisationService(merger: TokenListMerger)`: the merger is a plain class that reads its
/// repository from the app's registry, and the service still reached ten others through the registry.
@Suite("injection-bypass: a class reaching services is a service")
struct ReachingClassTests {
    @Test(
        "a class keeping no state that reaches a service through a singleton is one: taking it sets up injection; a document with state is not"
    )
    func classReachingAServiceIsOne() async throws {
        let report = try await audit([
            "Sync.swift": """
            final class TokenRepository { static let shared = TokenRepository(); func all() -> [Int] { [] } }
            final class SessionRepository { static let shared = SessionRepository(); func reconnect() {} }
            final class TokenListMerger {
                private var repository: TokenRepository { TokenRepository.shared }
                func merge() { _ = repository.all() }
            }
            final class PriceFormatter { func format(_ value: Int) -> String { "\\(value)" } }
            final class DirectoryDocument {
                var fileURL: String = ""
                func open() { _ = TokenRepository.shared.all() }
            }
            final class FolderFinder {
                let document: DirectoryDocument
                init(document: DirectoryDocument) { self.document = document }
                func find() { SessionRepository.shared.reconnect() }
            }
            final class SynchronisationService {
                private let merger: TokenListMerger
                init(merger: TokenListMerger) { self.merger = merger }
                func sync() { merger.merge(); SessionRepository.shared.reconnect() }
            }
            final class PriceCell {
                private let formatter: PriceFormatter
                init(formatter: PriceFormatter) { self.formatter = formatter }
                func show() { SessionRepository.shared.reconnect() }
            }
            """
        ])
        #expect(report.lines(.injectionBypass) == ["Sync.swift:20"])
    }
}
