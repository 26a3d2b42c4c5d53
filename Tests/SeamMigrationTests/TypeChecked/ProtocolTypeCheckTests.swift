import Testing

@testable import SeamMigration

/// Protocol extraction on reproductions of app code: what it writes type-checks, and it keeps away
/// from types that are not services.
@Suite struct ProtocolTypeCheckTests {
    static let service = "Sources/App/Service.swift"

    @Test func defaultArgumentForwardersAreNotShadowedByTheirOwnParameters() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                final class Printer {
                    static let shared = Printer()
                    func log(_ message: String, log: Bool = true, level: Int = 0) {}
                }
                """,
                "Sources/App/Screen.swift": """
                final class Screen {
                    func appear() { Printer.shared.log("appear", log: false) }
                }
                """,
            ],
            rewritten: [Self.service, "Sources/App/Screen.swift"])
        #expect(result.after[Self.service]?.contains("self.log(message, log: log, level: 0)") == true)
    }

    /// Hunk review 42 (provenance's `PVMediaCache`, H18): a method declared once per platform under `#if`, each with
    /// its own default, got two identical unconditional forwarders in the protocol's extension (an invalid
    /// redeclaration). Each forwarder now sits under its requirement's `#if`.
    @Test func defaultArgumentForwardersKeepTheirRequirementsIf() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                final class MediaCache: Sendable {
                    static let shared = MediaCache()
                    #if os(macOS)
                    func image(forKey key: String, size: Int = 1) -> Int { size }
                    #else
                    func image(forKey key: String, size: Int = 2) -> Int { size }
                    #endif
                }
                """,
                "Sources/App/Screen.swift": """
                final class Screen {
                    func appear() -> Int { MediaCache.shared.image(forKey: "a") }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.service, "Sources/App/Screen.swift"],
            secondRunChangesNothing: true)
        let service = try #require(result.after[Self.service])
        #expect(
            service.contains(
                """
                extension MediaCacheProtocol {
                    #if os(macOS)
                    func image(forKey key: String) -> Int {
                        self.image(forKey: key, size: 1)
                    }
                    #else
                    func image(forKey key: String) -> Int {
                        self.image(forKey: key, size: 2)
                    }
                    #endif
                }
                """), "\(service)")
    }

    /// Review 41 (Unstoppable's `Coordinator.present(@ViewBuilder content:)`): the extracted requirement dropped the
    /// result builder, so `present { if let … { … } }` through the protocol built `()`, not a view. A parameter's
    /// attributes go into the requirement, and the mock, as written.
    @Test func aResultBuilderParameterKeepsItsBuilder() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                @resultBuilder enum Lines {
                    static func buildBlock(_ parts: [String]...) -> [String] { parts.flatMap { $0 } }
                    static func buildExpression(_ line: String) -> [String] { [line] }
                    static func buildOptional(_ part: [String]?) -> [String] { part ?? [] }
                }
                final class Printer: Sendable {
                    static let shared = Printer()
                    func show(@Lines _ content: () -> [String]) {}
                }
                """,
                "Sources/App/Screen.swift": """
                final class Screen {
                    let name: String? = nil
                    func render() { Printer.shared.show { if let name { name } } }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.service, "Sources/App/Screen.swift"])
        #expect(
            result.after[Self.service]?.contains("    func show(@Lines _ content: () -> [String])\n}") == true,
            "\(result.after[Self.service] ?? "")")
    }

    /// More than three defaulted parameters (Aidoku's `createManga(url:id:title:cover:description:comicInfo:viewer:)`,
    /// called with only `viewer:` left out): every trailing run and every single one can be left out, not only all.
    @Test func callsLeavingOutSomeOfManyDefaultsStillCompile() async throws {
        try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                final class Library: Sendable {
                    static let shared = Library()
                    func createManga(url: String, id: String, title: String? = nil, cover: String? = nil, description: String? = nil, viewer: Int = 0) {}
                }
                """,
                "Sources/App/Importer.swift": """
                final class Importer {
                    func run() {
                        Library.shared.createManga(url: "u", id: "1", title: "t", cover: "c", description: "d")
                        Library.shared.createManga(url: "u", id: "1", title: "t", description: "d", viewer: 1)
                        Library.shared.createManga(url: "u", id: "1", title: "t")
                        Library.shared.createManga(url: "u", id: "1")
                    }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.service, "Sources/App/Importer.swift"])
    }

    /// Review 36 (kiwix): `struct Database { static let shared = Database() }`, captured as the injected `database`
    /// into a `@Sendable` closure (`viewContext.perform { [database] in … }`): its protocol must be `Sendable`.
    @Test func aStructKeptInAStaticLetGetsASendableProtocol() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                struct Database {
                    static let shared = Database()
                    let name = "main"
                    func save(_ id: Int) {}
                }
                func perform(_ work: @escaping @Sendable () -> Void) { work() }
                """,
                "Sources/App/Model.swift": """
                @MainActor final class Model {
                    func delete(_ id: Int) {
                        perform { Database.shared.save(id) }
                    }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.service, "Sources/App/Model.swift"])
        #expect(
            result.after[Self.service]?.contains("protocol DatabaseProtocol: Sendable {") == true,
            "\(result.after[Self.service] ?? "")")
    }

    /// Meshtastic's `public var manager = CLLocationManager()`, nostur's `var addedRelayMessage =
    /// PassthroughSubject<Void, Never>()` and amperfy's `lazy var storage = { PersistentStorage(…) }()`: a property
    /// without a written type, built by a construction, is in the protocol with the type it builds (a type from
    /// outside the codebase only when built without arguments, which cannot pick a failable initializer).
    @Test func anUntypedPropertyTakesTheTypeItsInitialValueBuilds() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                import Foundation
                final class Storage { init(name: String) {} }
                @MainActor final class Locations {
                    static let shared = Locations()
                    var decoder = JSONDecoder()
                    let cache = NSCache<NSString, NSString>()
                    lazy var storage = { Storage(name: "main") }()
                }
                """,
                "Sources/App/Screen.swift": """
                import Foundation
                @MainActor final class Screen {
                    func appear() {
                        _ = Locations.shared.decoder
                        _ = Locations.shared.cache.object(forKey: "k")
                        _ = Locations.shared.storage
                    }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.service, "Sources/App/Screen.swift"])
        let service = result.after[Self.service] ?? ""
        #expect(service.contains("var decoder: JSONDecoder { get set }"), "\(service)")
        #expect(service.contains("var cache: NSCache<NSString, NSString> { get }"), "\(service)")
        #expect(service.contains("var storage: Storage { get set }"), "\(service)")
    }

    /// BookPlayer's `var pendingURLActions = [Action]()`, read by a view through `AppServices.shared`: an empty
    /// array or dictionary of named element types is in the protocol with that collection type (nested element
    /// types qualified by their owner).
    @Test func anUntypedEmptyCollectionTakesTheCollectionType() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                struct Action: Equatable { var name: String }
                @MainActor final class AppServices {
                    enum Kind { case url }
                    static let shared = AppServices()
                    var pendingURLActions = [Action]()
                    var kinds = [String: Kind]()
                }
                """,
                "Sources/App/Screen.swift": """
                @MainActor final class Screen {
                    func appear() {
                        let pending = AppServices.shared.pendingURLActions
                        AppServices.shared.pendingURLActions.removeAll()
                        _ = AppServices.shared.kinds["a"]
                        _ = pending.first?.name
                    }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.service, "Sources/App/Screen.swift"])
        let service = result.after[Self.service] ?? ""
        #expect(service.contains("var pendingURLActions: [Action] { get set }"), "\(service)")
        #expect(service.contains("var kinds: [String: AppServices.Kind] { get set }"), "\(service)")
    }

    /// Review 40 (Unstoppable): `HUD` conforms to `HUDViewRouterInterface { func show(); func hide() }`, and its
    /// callers use `show(config:forced:)` and `showHUD(_:onTapHUD:)`, which leaves out five of six defaults. The
    /// completed protocol gains the overload by its selector, and the default-argument extension the all-but-one shapes.
    @Test func anExistingProtocolGainsUsedOverloadsAndAllButOneDefaultShapes() async throws {
        let hud = "Sources/App/HUD.swift"
        let result = try await assertMigrationTypeChecks(
            before: [
                hud: """
                protocol HUDViewRouterInterface: AnyObject {
                    func show()
                    func hide()
                }
                final class HUD: @unchecked Sendable {
                    static let instance = HUD()
                    func show(config: Int, forced: Bool = false) {}
                    func showHUD(
                        _ content: String, statusBarStyle: Int? = nil, animated: Bool = true, showCompletion: (() -> Void)? = nil,
                        dismissCompletion: (() -> Void)? = nil, onTapCoverView: ((HUD) -> Void)? = nil, onTapHUD: ((HUD) -> Void)? = nil
                    ) {}
                }
                extension HUD: HUDViewRouterInterface {
                    func show() {}
                    func hide() {}
                }
                """,
                "Sources/App/HudHelper.swift": """
                final class HudHelper {
                    func banner() { HUD.instance.show(config: 1, forced: true) }
                    func status() { HUD.instance.showHUD("saved", onTapHUD: { hud in hud.hide() }) }
                    func hide() { HUD.instance.hide() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [hud, "Sources/App/HudHelper.swift"])
        let after = result.after[hud] ?? ""
        #expect(after.contains("func show(config: Int, forced: Bool)"), "\(after)")
        #expect(after.contains("func showHUD(_ content: String, onTapHUD: ((HUD) -> Void)?) {"), "\(after)")
    }

    @Test func theProtocolHoldsWhatCallersUseNotCallbacksOrInternals() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                final class Player: UIApplicationDelegate {
                    static let shared = Player()
                    var volume = 0
                    var queue: [String] = []
                    func play() {}
                    func player(_ player: Player, didFinish item: String) {}
                }
                """,
                "Sources/App/Screen.swift": """
                @MainActor final class Screen {
                    func tap() { Player.shared.play() }
                }
                """,
            ],
            stubs: [.uiKit],
            rewritten: [Self.service])
        let service = try #require(result.after[Self.service])
        #expect(service.contains("func play()\n}"), "\(service)")
        #expect(!service.contains("var volume: Int { get set }"))
        #expect(!service.contains("func player(_ player: Player, didFinish item: String)\n}"))
    }

    /// Protocol extraction alone: with injection, a protocol no type ends up taking is taken back.
    static var protocolsOnly: MigrationOptions {
        var options = MigrationOptions()
        options.rewrites = [.protocols]
        return options
    }

    @Test func wholeAPIExtractionLeavesDelegateCallbacksOut() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                final class Player {
                    static let shared = Player()
                    func play() {}
                    func player(_ player: Player, didFinish item: String) {}
                }
                """,
                "Sources/App/Screen.swift": """
                final class Screen {
                    func tap() { _ = Player.shared }
                }
                """,
            ],
            options: Self.protocolsOnly,
            rewritten: [Self.service])
        let service = try #require(result.after[Self.service])
        #expect(service.contains("    func play()\n"))
        #expect(!service.contains("    func player(_ player: Player, didFinish item: String)\n}"))
    }

    /// Review 28's R1 (Aidoku's `SourceManager.CustomSourceKind`, AltStore's `AppManager.FetchSourcesError`, Delta's
    /// `SyncManager.Service`): a type nested in an extension of the singleton's type, in its file or another, is
    /// qualified in the protocol, also where a top-level type of the same name would otherwise answer.
    @Test func typesNestedInExtensionsAreQualifiedInTheProtocol() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                protocol Service {}
                final class SyncManager: Sendable {
                    static let shared = SyncManager()
                    func start(service: Service?, kind: Kind) -> [Record] { [] }
                }
                extension SyncManager {
                    enum Service: String { case drive, dropbox }
                    typealias Kind = Int
                }
                """,
                "Sources/App/SyncManager+Record.swift": """
                extension SyncManager {
                    struct Record {}
                }
                """,
                "Sources/App/Screen.swift": """
                final class Screen {
                    func appear() { _ = SyncManager.shared.start(service: .drive, kind: 1) }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [Self.service, "Sources/App/Screen.swift"])
        #expect(
            result.after[Self.service]?.contains(
                "func start(service: SyncManager.Service?, kind: SyncManager.Kind) -> [SyncManager.Record]") == true,
            "\(result.after[Self.service] ?? "")")
    }

    /// DuckDuckGo's locator, 197 sites: `static var shared: DependencyProvider = AppDependencyProvider()`. Every use
    /// through `.shared` already goes through the protocol, so its users take that protocol: nothing is extracted or
    /// added to it, and the `static var` stays (code may replace it).
    @Test func aSingletonDeclaredAsAProtocolIsInjectedThroughThatProtocol() async throws {
        let provider = "Sources/App/AppDependencyProvider.swift"
        let screen = "Sources/App/Screen.swift"
        let result = try await assertMigrationTypeChecks(
            before: [
                provider: """
                protocol DependencyProvider {
                    var settings: Settings { get }
                    func refresh()
                }
                extension DependencyProvider {
                    func refreshTwice() { refresh(); refresh() }
                }
                final class Settings { var theme = 0 }
                final class AppDependencyProvider: DependencyProvider {
                    nonisolated(unsafe) static var shared: DependencyProvider = AppDependencyProvider()
                    let settings = Settings()
                    let unrelated = 0
                    func refresh() {}
                }
                """,
                screen: """
                final class Screen {
                    private lazy var helper = 1
                    func appear() -> Int {
                        AppDependencyProvider.shared.refresh()
                        AppDependencyProvider.shared.refreshTwice()
                        return AppDependencyProvider.shared.settings.theme
                    }
                }
                """,
            ],
            modes: SwiftLanguageMode.both, rewritten: [screen], secondRunChangesNothing: true)
        let after = try #require(result.after[screen])
        #expect(after.contains("any DependencyProvider"), "\(after)")
        #expect(after.contains(".refreshTwice()"))
        #expect(!after.contains("AppDependencyProvider.shared.refresh()"))
        let declaration = try #require(result.after[provider])
        #expect(
            declaration.contains("nonisolated(unsafe) static var shared: DependencyProvider = AppDependencyProvider()"),
            "not retired: \(declaration)")
        #expect(!declaration.contains("AppDependencyProviderProtocol"), "no protocol extracted: \(declaration)")
        #expect(!declaration.contains("func refreshTwice()\n    func"), "the protocol is not completed")
        #expect(!result.noteLines.contains { $0.contains("inject it by hand") }, "\(result.noteLines)")
    }

    @Test func optionSetsTestDoublesAndPrivateHelpersGetNoProtocol() async throws {
        try await assertMigrationTypeChecks(
            before: [
                Self.service: """
                struct Features: OptionSet {
                    let rawValue: Int
                    static let all = Features(rawValue: 1)
                }
                final class MockClock {
                    static let shared = MockClock()
                    func now() -> Int { 0 }
                }
                private final class Cache {
                    static let shared = Cache()
                    func clear() {}
                }
                final class Screen {
                    func tap() -> Bool {
                        Cache.shared.clear()
                        return Features.all.contains(.all) && MockClock.shared.now() == 0
                    }
                }
                """
            ],
            // (Whether `Features.all` counts as a singleton at all is the analysis's call; it gets no protocol either way.)
            expectNotes: ["`MockClock` is a test double", "`Cache` is private to its file"],
            untouched: [Self.service])
    }
}
