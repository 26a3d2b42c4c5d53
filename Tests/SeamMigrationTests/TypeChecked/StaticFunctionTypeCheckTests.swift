import Testing

@testable import SeamMigration

/// `S.shared` in a static function or an enum's method becomes a defaulted parameter of that function, unless
/// the function's signature cannot change; in Swift 5 and Swift 6 modes.
@Suite struct StaticFunctionTypeCheckTests {
    static let store = """
        final class Store: Sendable {
            static let shared = Store()
            func load() {}
        }
        """
    static let consumer = "Sources/App/Consumer.swift"
    static let callers = "Sources/App/Callers.swift"

    private func files(_ consumer: String, callers: String? = nil) -> [String: String] {
        var files = ["Sources/App/Store.swift": Self.store, Self.consumer: consumer]
        if let callers { files[Self.callers] = callers }
        return files
    }

    /// CotEditor's `PortableSettingsDocument`: `static var exportableSettings { … ReplacementManager.shared … }`
    /// cannot take a parameter. Its read stays, as wiring (no bypass), and no longer keeps the type's other uses
    /// of the singleton from being injected.
    @Test func aStaticPropertyKeepsItsReadAndTheInstanceUsesAreInjected() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class Exporter {
                    static var names: [String] { Store.shared.load(); return [] }
                    let title: String
                    init(title: String) { self.title = title }
                    func export() { Store.shared.load() }
                }
                """),
            modes: SwiftLanguageMode.both,
            expectNotes: [
                "stays in a static context, which has no instance to inject into: a static member's read is wiring"
            ],
            rewritten: [Self.consumer], secondRunChangesNothing: true)
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("static var names: [String] { Store.shared.load(); return [] }"), "\(consumer)")
        #expect(consumer.contains("func export() { store.load() }"), "\(consumer)")
    }

    @Test func aStaticFunctionTakesADefaultedParameter() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                struct Exporter {
                    static func export(name: String, completion: () -> Void) {
                        Store.shared.load()
                        completion()
                    }
                    static func reload() { Store.shared.load(); Store.shared.load() }
                }
                """,
                callers: """
                    func run() {
                        Exporter.export(name: "a") {}
                        Exporter.reload()
                    }
                    """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "static func export(name: String, store: any StoreProtocol = Store.shared, completion: () -> Void) {"),
            "\(consumer)")
        #expect(
            consumer.contains(
                "static func reload(store: any StoreProtocol = Store.shared) { store.load(); store.load() }"),
            "\(consumer)")
        #expect(!consumer.contains("let store"), "\(consumer)")
    }

    @Test func anEnumsMethodsTakeADefaultedParameter() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                enum Route: String, CaseIterable {
                    case home, settings
                    func open() { Store.shared.load() }
                    static func openAll() { allCases.forEach { _ in Store.shared.load() } }
                }
                """,
                callers: """
                    func run() {
                        Route.home.open()
                        Route.openAll()
                    }
                    """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("func open(store: any StoreProtocol = Store.shared) { store.load() }"), "\(consumer)")
    }

    @Test func aClassGetsAPropertyAndItsStaticFunctionAParameter() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                final class Feed {
                    func refresh() { Store.shared.load() }
                    static func preload() { Store.shared.load() }
                }
                """, callers: "func run() { Feed().refresh(); Feed.preload() }"),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(consumer.contains("private let store: any StoreProtocol"), "\(consumer)")
        #expect(
            consumer.contains("static func preload(store: any StoreProtocol = Store.shared) { store.load() }"),
            "\(consumer)")
    }

    @Test func functionsWhoseSignatureCannotChangeAreLeftWithANote() async throws {
        try await assertMigrationTypeChecks(
            before: files(
                """
                protocol Loading {
                    static func load()
                }
                struct Loader: Loading {
                    static func load() { Store.shared.load() }
                }
                struct Mapper {
                    static func map(_ value: Int) -> Int { Store.shared.load(); return value }
                }
                struct Vector {
                    var x = 0
                    static func + (lhs: Vector, rhs: Vector) -> Vector { Store.shared.load(); return lhs }
                }
                class Base {
                    class func make() { Store.shared.load() }
                }
                """,
                callers: """
                    func run() -> [Int] { [1].map(Mapper.map) }
                    """),
            modes: SwiftLanguageMode.both,
            expectNotes: [
                "may satisfy a requirement of `Loading`",
                "in `map`, which is written somewhere without a call",
                "in an operator",
                "in a `class func`, which subclasses may override",
            ],
            untouched: [Self.consumer])
    }

    /// Review 41 (linphone's `URIHandler`): `handleURL` took the injected `singleSignOnManager`, then called
    /// `continueSSO(url:)`, which took its own and so read the live one. A function given a dependency passes it on to
    /// the functions of the type given the same one.
    /// Hunk review 40 (nova, H13 and H23): `let localizationManager = LocalizationManager.shared` in a static helper
    /// became `let localizationManager = localizationManager`, re-aliasing the new parameter. The alias goes, as it does
    /// in an instance method.
    @Test func aLocalAliasOfTheSingletonGoesWhenTheParameterTakesItsName() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                enum Exporter {
                    static func export(name: String) {
                        let store = Store.shared
                        store.load()
                    }
                    static func backup() {
                        let backingStore = Store.shared
                        backingStore.load()
                    }
                }
                func sync() {
                    let store = Store.shared
                    store.load()
                }
                """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer])
        let consumer = try #require(result.after[Self.consumer])
        #expect(!consumer.contains("let store = store"), "\(consumer)")
        #expect(
            consumer.contains(
                "static func export(name: String, store: Store = Store.shared) {\n        store.load()\n    }"),
            "\(consumer)")
        #expect(consumer.contains("let backingStore = store"), "\(consumer)")
        #expect(consumer.contains("func sync(store: Store = Store.shared) {\n    store.load()\n}"), "\(consumer)")
    }

    @Test func aStaticFunctionPassesItsDependencyToAnotherThatTookIt() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                enum URIHandler {
                    static func handle(url: String) {
                        Store.shared.load()
                        if url.isEmpty { continueSSO(url: url) }
                        refresh()
                    }
                    private static func continueSSO(url: String) { Store.shared.load() }
                    private static func refresh() { Store.shared.load() }
                    // Unstoppable's `WalletInfoView.infoView`: the call is to an overload given nothing.
                    static func info(title: String) { Store.shared.load(); info(title: title, count: 1) }
                    static func info(title: String, count: Int) {}
                    // Hunk review 40 (nova's `URLHandlingServiceFacade.setup(with:)`): overloads both given the
                    // dependency, the call's labels fitting one.
                    static func setup(with name: String) { Store.shared.load(); setup(with: name, count: 1) }
                    static func setup(with name: String, count: Int) { Store.shared.load() }
                }
                """),
            modes: SwiftLanguageMode.both, rewritten: [Self.consumer], secondRunChangesNothing: true)
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains("if url.isEmpty { continueSSO(url: url, store: store) }\n        refresh(store: store)"),
            "\(consumer)")
        #expect(consumer.contains("store.load(); info(title: title, count: 1) }"), "\(consumer)")
        #expect(consumer.contains("store.load(); setup(with: name, count: 1, store: store) }"), "\(consumer)")
    }

    /// Unstoppable's `SendModule.viewController(…)` was refused because a property named `viewController` is read
    /// without a call elsewhere. Only `T.f`, `Self.f`, `.f`, or a bare `f` in the type's own files, is a reference.
    @Test func aPropertyOfTheSameNameElsewhereIsNoReferenceToAStaticFunction() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                enum SendModule {
                    static func viewController(title: String) -> Int { Store.shared.load(); return title.count }
                }
                """,
                callers: """
                    final class Navigator {
                        var viewController: Int?
                        func show() {
                            viewController = SendModule.viewController(title: "")
                            if let viewController { print(viewController) }
                        }
                    }
                    """
            ).merging([
                "Sources/App/Receive.swift": """
                enum ReceiveModule {
                    static func viewController() -> Int { Store.shared.load(); return 0 }
                    static let make = viewController
                }
                """,
                // Unstoppable's `ActivateSubscriptionModule` (74 sites): the function's own local, and another
                // type's property, of the same name in the same file.
                "Sources/App/Activate.swift": """
                enum ActivateModule {
                    static func viewController() -> [Int] {
                        Store.shared.load()
                        let viewController = 1
                        return [viewController]
                    }
                }
                final class Router {
                    var viewController: Int?
                    func show() { print(viewController ?? 0) }
                }
                """,
            ]) { first, _ in first },
            modes: SwiftLanguageMode.both,
            expectNotes: ["in `viewController`, which is written somewhere without a call"],
            rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains(
                "static func viewController(title: String, store: any StoreProtocol = Store.shared) -> Int { store.load(); return title.count }"
            ), "\(consumer)")
        #expect(
            result.after["Sources/App/Receive.swift"]?.contains(
                "static func viewController() -> Int { Store.shared.load(); return 0 }") == true)
        #expect(
            result.after["Sources/App/Activate.swift"]?.contains(
                "static func viewController(store: any StoreProtocol = Store.shared) -> [Int] {") == true,
            "\(result.after["Sources/App/Activate.swift"] ?? "")")
    }

    /// Hold-out 9 (nostur, 399 sites; Meshtastic, 46): `S.shared` in a top-level function becomes a defaulted parameter
    /// of that function, as in a static one. A global's initial value, a function written without a call, a
    /// non-`Sendable` dependency a closure reads and a main-actor one read from a function that is not stay.
    @Test func aTopLevelFunctionTakesADefaultedParameter() async throws {
        let result = try await assertMigrationTypeChecks(
            before: files(
                """
                func bg() {
                    Store.shared.load()
                }

                func refresh(times: Int) -> Int {
                    Store.shared.load()
                    return times
                }

                func later() {
                    let work = { Store.shared.load() }
                    work()
                }

                func handler() { Store.shared.load() }
                let handlers = [handler]

                func account() -> Int { Store.shared.load(); return 1 }
                func names(_ ids: [Int]) -> [Int] { ids.map { Cache.shared.size + $0 } }
                func deferred() -> () -> Int { { Cache.shared.size } }

                @MainActor func show() { Screen.shared.open() }
                func hide() async { await Screen.shared.open() }
                let startup: Void = Store.shared.load()
                """,
                callers: """
                    struct Profile {
                        var account = 0
                    }
                    func run() -> Int {
                        bg()
                        later()
                        return refresh(times: account())
                    }
                    """
            ).merging([
                "Sources/App/Screen.swift":
                    "@MainActor final class Screen {\n    static let shared = Screen()\n    func open() {}\n}\n",
                "Sources/App/Cache.swift":
                    "final class Cache {\n    nonisolated(unsafe) static let shared = Cache()\n    var size: Int { 0 }\n}\n",
            ]) { first, _ in first },
            modes: SwiftLanguageMode.both,
            expectNotes: [
                "`Store.shared` stays in `handler`, which is written somewhere without a call",
                "`Screen.shared` stays in a top-level function `hide` that is not @MainActor as `Screen` is",
                "`Store.shared` in top-level code outside any function",
                "`Cache.shared` stays in `deferred`, where a closure that may escape reads it and would capture a parameter that is not `Sendable`",
            ],
            rewritten: [Self.consumer], untouched: [Self.callers])
        let consumer = try #require(result.after[Self.consumer])
        #expect(
            consumer.contains("func bg(store: any StoreProtocol = Store.shared) {\n    store.load()\n}"), "\(consumer)")
        #expect(
            consumer.contains("func refresh(times: Int, store: any StoreProtocol = Store.shared) -> Int {"),
            "\(consumer)")
        // `Store` is `Sendable` (its protocol refines it): the closure may capture the parameter.
        #expect(
            consumer.contains("func later(store: any StoreProtocol = Store.shared) {\n    let work = { store.load() }"),
            "\(consumer)")
        #expect(
            consumer.contains("@MainActor func show(screen: any ScreenProtocol = Screen.shared) { screen.open() }"),
            "\(consumer)")
        #expect(consumer.contains("func hide() async { await Screen.shared.open() }"), "\(consumer)")
        #expect(consumer.contains("let startup: Void = Store.shared.load()"), "\(consumer)")
        // A property `var account` names no function; a closure `map` runs in place captures nothing for later.
        #expect(consumer.contains("func account(store: any StoreProtocol = Store.shared) -> Int"), "\(consumer)")
        #expect(
            consumer.contains(
                "func names(_ ids: [Int], cache: any CacheProtocol = Cache.shared) -> [Int] { ids.map { cache.size + $0 } }"
            ), "\(consumer)")
    }
}
