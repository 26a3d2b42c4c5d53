import Testing

@testable import SeamMigration

/// SwiftUI views read their dependencies from the environment (`@Environment(\.dependencies)`): the before and
/// the after type-check against the SwiftUI stub (a module of its own, as the SDK's), in Swift 5 and Swift 6.
@Suite struct ViewEnvironmentTypeCheckTests {
    /// A `@MainActor` service, as most app services that views reach are.
    static let store = """
        import SwiftUI

        @MainActor final class Store: ObservableObject {
            static let shared = Store()
            func load() {}
            var title: String { "" }
        }
        """

    /// A nonisolated service (Sendable, so that its singleton compiles in Swift 6).
    static let clock = """
        final class Clock: Sendable {
            static let shared = Clock()
            func now() -> Int { 0 }
        }
        """

    @Test func aViewReadsTheEnvironmentInBodyAndInAButtonAction() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/ProfileView.swift": """
                import SwiftUI

                struct ProfileView: View {
                    var body: some View {
                        VStack {
                            Text(Store.shared.title)
                            Button("Load") { Store.shared.load() }
                        }
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both, rewritten: ["Sources/App/ProfileView.swift"])
        #expect(
            result.after["Sources/App/ProfileView.swift"] == """
                import SwiftUI

                struct ProfileView: View {
                    @Environment(\\.dependencies) private var dependencies

                    var body: some View {
                        VStack {
                            Text(dependencies.store.title)
                            Button("Load") { dependencies.store.load() }
                        }
                    }
                }
                """)
        let dependencies = try #require(result.after["Sources/App/Dependencies.swift"])
        // Read when first used, as the singleton was: building the container makes no service.
        #expect(
            dependencies.contains(
                """
                @MainActor
                struct AppDependencies {
                    var store: any StoreProtocol {
                        get { _store ?? AppDependencies.Live.store }
                        set { _store = newValue }
                    }
                    private var _store: (any StoreProtocol)? = nil

                """), "\(dependencies)")
        // The singleton is retired: the container creates the instance, on the main actor like its type.
        #expect(dependencies.contains("enum Live {\n        @MainActor static let store = Store()\n    }"))
        #expect(result.after["Sources/App/Store.swift"]?.contains("static let shared") == false)
        #expect(
            dependencies.contains(
                "static var defaultValue: AppDependencies { MainActor.assumeIsolated { AppDependencies() } }"))
        #expect(dependencies.contains("#if canImport(SwiftUI)\nimport SwiftUI"))
        #expect(result.plan.summary.viewSitesMoved == 2)
        #expect(result.plan.summary.viewSites == 2)
        #expect(result.plan.summary.injections == ["ProfileView ← Store (environment)"])
        #expect(result.plan.summaryText.contains("view sites moved to the environment: 2 of 2"))
    }

    /// Hold-out round 22 (onebusaway's `KeepsScreenAwakeModifier: ViewModifier`, which reaches
    /// `ScreenAwakeCoordinator.shared` beside an `@Environment(\.scenePhase)`): a view modifier is made by SwiftUI
    /// as a view is, and reads the environment as a view does.
    @Test func aViewModifierReadsTheEnvironment() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/Awake.swift": """
                import SwiftUI

                struct KeepsAwake: ViewModifier {
                    func body(content: Content) -> some View {
                        VStack { Button("Hold") { acquire() } }
                    }
                    private func acquire() { Store.shared.load() }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both, rewritten: ["Sources/App/Awake.swift"])
        let awake = try #require(result.after["Sources/App/Awake.swift"])
        #expect(awake.contains("@Environment(\\.dependencies) private var dependencies"), "\(awake)")
        #expect(awake.contains("private func acquire() { dependencies.store.load() }"), "\(awake)")
        #expect(result.plan.summary.viewSitesMoved == 1)
    }

    /// A singleton with no protocol (nothing used through it can be declared in one) has nothing for the
    /// environment to hold: the view keeps it, and says so, while its other dependencies move.
    @Test func aSingletonWithoutAProtocolStaysInTheViewWithANote() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/Badge.swift": "final class Badge: Sendable {\n    static let shared = Badge()\n}\n",
                "Sources/App/ProfileView.swift": """
                import SwiftUI

                struct ProfileView: View {
                    var body: some View {
                        Text(Store.shared.title + "\\(Badge.shared)")
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            expectNotes: [
                "`Badge.shared` stays in the view `ProfileView`: `Badge` has no protocol for the environment to hold"
            ],
            rewritten: ["Sources/App/ProfileView.swift"])
        let view = try #require(result.after["Sources/App/ProfileView.swift"])
        #expect(view.contains("Text(dependencies.store.title + \"\\(Badge.shared)\")"), "\(view)")
    }

    @Test func sitesInInitAndInAStateObjectsInitialValueStayWithANote() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/ProfileView.swift": """
                import SwiftUI

                final class ProfileModel: ObservableObject {
                    let title: String
                    init(title: String) { self.title = title }
                }

                struct ProfileView: View {
                    @StateObject private var model = ProfileModel(title: Store.shared.title)
                    let greeting: String

                    init() {
                        greeting = Store.shared.title
                    }

                    var body: some View {
                        Button(greeting + model.title) { Store.shared.load() }
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            expectNotes: [
                "stays in the view `ProfileView`: in `init`, which runs before SwiftUI installs the environment",
                "stays in the view `ProfileView`: in a stored property's initial value (a `@StateObject`",
            ],
            rewritten: ["Sources/App/ProfileView.swift"])
        let view = try #require(result.after["Sources/App/ProfileView.swift"])
        #expect(view.contains("@StateObject private var model = ProfileModel(title: Store.shared.title)"))
        #expect(view.contains("greeting = Store.shared.title"))
        #expect(view.contains("Button(greeting + model.title) { dependencies.store.load() }"))
        #expect(!view.contains("init(store"))
        #expect(result.plan.summary.viewSitesMoved == 1)
        #expect(result.plan.summary.viewSites == 3)
    }

    /// CotEditor's settings panes keep the singleton in a stored property (`private var manager: ThemeManager =
    /// .shared`, `@State private var encodingManager: EncodingManager = .shared`): the property becomes a computed
    /// one reading the environment, typed by the protocol when every use calls one of its members, by the class when
    /// a use passes the instance on. A holder the view writes, binds (`$manager`) or takes through its memberwise
    /// initializer stays.
    @Test func aViewsStoredHolderOfTheSingletonReadsTheEnvironment() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/SettingsView.swift": """
                import SwiftUI

                struct SettingsView: View {

                    private var store: Store = .shared
                    @State private var mirror = Store.shared

                    var body: some View {
                        Button(store.title) { self.store.load() }
                    }

                    func reload() {
                        mirror.load()
                    }
                }

                struct StoreBadge: View {
                    let store: Store
                    var body: some View { Text(store.title) }
                }

                struct PassingView: View {
                    var manager: Store = .shared
                    var body: some View { StoreBadge(store: manager) }
                }

                struct PassedView: View {
                    var manager: Store = .shared
                    var body: some View { Text(manager.title) }
                }

                struct Parent: View {
                    var body: some View { PassedView(manager: Store.shared) }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            expectNotes: [
                "`.shared` stays in the view `PassedView`: its memberwise initializer takes `manager`, which a caller passes"
            ],
            rewritten: ["Sources/App/SettingsView.swift"])
        let view = try #require(result.after["Sources/App/SettingsView.swift"])
        #expect(
            view.contains(
                """
                struct SettingsView: View {
                    @Environment(\\.dependencies) private var dependencies

                    private var store: any StoreProtocol { dependencies.store }
                    private var mirror: any StoreProtocol { dependencies.store }

                    var body: some View {
                """), "\(view)")
        #expect(
            view.contains(
                "    var manager: Store { dependencies.store }\n    var body: some View { StoreBadge(store: manager) }"),
            "\(view)")
        #expect(view.contains("struct PassedView: View {\n    var manager: Store = .shared"), "\(view)")
        let dependencies = try #require(result.after["Sources/App/Dependencies.swift"])
        #expect(dependencies.contains("    var store: Store {\n        get { _store ?? "), "\(dependencies)")
        #expect(result.plan.summary.viewSitesMoved == 3)
    }

    @Test func twoViewsShareOneKeyAndOneContainerProperty() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": Self.clock,
                "Sources/App/Views/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View {
                        Text("\\(Clock.shared.now())")
                    }
                }
                """,
                "Sources/App/Views/StampView.swift": """
                import SwiftUI

                struct StampView: View {
                    var body: some View {
                        Text(stamp())
                    }

                    private func stamp() -> String {
                        if #available(macOS 13, iOS 16, *) {
                            return "\\(Clock.shared.now())"
                        }
                        return ""
                    }
                }

                private struct UnrelatedKey: EnvironmentKey {
                    static var defaultValue: Int { 0 }
                }

                extension EnvironmentValues {
                    var unrelated: Int { self[UnrelatedKey.self] }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/Views/ClockView.swift", "Sources/App/Views/StampView.swift"])
        let dependencies = try #require(result.after["Sources/App/Views/Dependencies.swift"])
        #expect(dependencies.components(separatedBy: "get { _clock ?? AppDependencies.Live.clock }").count == 2)
        #expect(dependencies.components(separatedBy: ": EnvironmentKey").count == 2)
        #expect(!dependencies.contains("@MainActor"))
        #expect(dependencies.contains("static var defaultValue: AppDependencies { AppDependencies() }"))
        for path in ["Sources/App/Views/ClockView.swift", "Sources/App/Views/StampView.swift"] {
            let view = try #require(result.after[path])
            #expect(view.components(separatedBy: "@Environment(\\.dependencies) private var dependencies").count == 2)
            #expect(view.contains("dependencies.clock.now()"))
        }
        #expect(result.plan.summary.viewSitesMoved == 2)
    }

    @Test func theAppsContainerIsReused() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": Self.clock,
                "Sources/App/AppContainer.swift": """
                @MainActor final class AppContainer {
                    static let shared = AppContainer()
                }
                """,
                "Sources/App/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View {
                        Button("Now") { _ = Clock.shared.now() }
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/ClockView.swift", "Sources/App/AppContainer.swift"])
        #expect(result.after["Sources/App/Dependencies.swift"] == nil)
        let container = try #require(result.after["Sources/App/AppContainer.swift"])
        #expect(container.contains("var clock: any ClockProtocol = AppContainer.Live.clock"))
        #expect(container.contains("static let clock = Clock()"))
        #expect(container.contains("static let shared = AppContainer()"), "the container's own singleton stays")
        let key = try #require(result.after["Sources/App/AppContainer+Environment.swift"])
        #expect(
            key.contains("static var defaultValue: AppContainer { MainActor.assumeIsolated { AppContainer.shared } }"))
        #expect(key.contains("var dependencies: AppContainer {"))
        #expect(
            result.after["Sources/App/ClockView.swift"]?.contains("Button(\"Now\") { _ = dependencies.clock.now() }")
                == true)
    }

    /// Review 28's R4: DuckDuckGo's `struct AppDependencies` holds fourteen services without a default, so
    /// `AppDependencies()` does not exist: no environment key can default to one, and the views keep their singletons
    /// (a note says how to install it) rather than read a key that would not compile. A singleton only another target
    /// injects is not registered in it.
    @Test func aContainerThatCannotBeBuiltBareIsNoEnvironmentDefault() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": Self.clock,
                "Sources/App/AppDependencies.swift": """
                struct AppDependencies {
                    let clockName: String
                    let retries: Int
                }
                """,
                "Sources/App/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View {
                        Button("Now") { _ = Clock.shared.now() }
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            expectNotes: [
                "the container `AppDependencies` has no `shared`, `current` or `live` instance and no initializer without arguments"
            ],
            untouched: ["Sources/App/ClockView.swift"])
        #expect(result.after["Sources/App/AppDependencies+Environment.swift"] == nil)
        #expect(result.after["Sources/App/AppDependencies.swift"]?.contains("var clock") != true)
    }

    /// Hold-out round 26 (amakaflow, 94 view sites left): `struct AppDependencies` takes its services through an
    /// `init` without defaults but hands out the app's instance as `static var current` (a fixture or `static let live`):
    /// the environment key defaults to `current`, and the views read it.
    @Test func aContainerHandingOutItsInstanceIsTheEnvironmentDefault() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": Self.clock,
                "Sources/App/AppDependencies.swift": """
                import Foundation

                struct AppDependencies: Sendable {
                    let retries: Int
                    init(retries: Int) { self.retries = retries }
                    static let live = AppDependencies(retries: 3)
                    static let fixture = AppDependencies(retries: 0)
                    static var current: AppDependencies { ProcessInfo.processInfo.environment["FIXTURES"] == nil ? .live : .fixture }
                }
                """,
                "Sources/App/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View {
                        Button("Now") { _ = Clock.shared.now() }
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/ClockView.swift", "Sources/App/AppDependencies.swift"],
            secondRunChangesNothing: true)
        let key = try #require(result.after["Sources/App/AppDependencies+Environment.swift"])
        #expect(key.contains("AppDependencies.current"), "\(key)")
        #expect(
            result.after["Sources/App/ClockView.swift"]?.contains("Button(\"Now\") { _ = dependencies.clock.now() }")
                == true)
    }

    /// Review 29's R5: Brave has no container, so seam generates one for its views; `BrowserViewController`'s
    /// `public init` defaulted to that internal `AppDependencies.Live`. It defaults to the public singleton.
    @Test func aPublicInitializerDoesNotDefaultToTheGeneratedContainer() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": """
                public final class Clock: Sendable {
                    public static let shared = Clock()
                    public func now() -> Int { 0 }
                }
                """,
                "Sources/App/Browser.swift": """
                public final class Browser {
                    public init() {}
                    func time() -> Int { Clock.shared.now() }
                }
                """,
                "Sources/App/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View {
                        Button("Now") { _ = Clock.shared.now() }
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/Browser.swift", "Sources/App/ClockView.swift"], secondRunChangesNothing: true)
        #expect(result.after["Sources/App/Dependencies.swift"] != nil)
        let browser = try #require(result.after["Sources/App/Browser.swift"])
        #expect(browser.contains("public init(clock: any ClockProtocol = Clock.shared)"), "\(browser)")
    }

    /// Trio's forms: `let settingsProvider = PickerSettingsProvider.shared` in `body`, then only its members: the local
    /// reads the environment too. One passed on stays.
    @Test func aLocalHoldingTheSingletonInBodyReadsTheEnvironment() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/FormView.swift": """
                import SwiftUI

                struct StoreBadge: View {
                    let store: Store
                    var body: some View { Text(store.title) }
                }

                struct FormView: View {
                    var body: some View {
                        let store = Store.shared
                        Button(store.title) { store.load() }
                    }
                }

                struct PassingForm: View {
                    var body: some View {
                        let store = Store.shared
                        StoreBadge(store: store)
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            expectNotes: ["`Store.shared` stays in the view `PassingForm`: uses the instance itself"],
            rewritten: ["Sources/App/FormView.swift"])
        let view = try #require(result.after["Sources/App/FormView.swift"])
        #expect(
            view.contains("        let store = dependencies.store\n        Button(store.title) { store.load() }"),
            "\(view)")
        #expect(view.contains("        let store = Store.shared\n        StoreBadge(store: store)"), "\(view)")
    }

    /// Review 38 (Meshtastic's `MeshPackets.shared`, swapped after every connection): the container's fixed value
    /// would keep the first instance, so a view keeps reading the singleton.
    @Test func aSingletonReplacedAtRunTimeStaysInTheView() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Packets.swift": """
                import SwiftUI

                @MainActor final class Packets {
                    static var shared = Packets()
                    func count() -> Int { 0 }
                }

                @MainActor func reconnect() { Packets.shared = Packets() }
                """,
                "Sources/App/PacketsView.swift": """
                import SwiftUI

                struct PacketsView: View {
                    var body: some View { Text("\\(Packets.shared.count())") }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            expectNotes: ["`Packets.shared` stays in the view `PacketsView`: `Packets.shared` is replaced at run time"],
            untouched: ["Sources/App/PacketsView.swift"])
        #expect(result.plan.summary.viewSitesMoved == 0)
    }

    /// Review 37 (CotEditor's `PresentationProtocol`): a singleton only a view holder needing the class reads gets no
    /// protocol, since nothing would take it.
    @Test func aSingletonOnlyAHolderNeedingTheClassReadsGetsNoProtocol() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/Views.swift": """
                import SwiftUI

                struct StoreBadge: View {
                    let store: Store
                    var body: some View { Text(store.title) }
                }

                struct PassingView: View {
                    private var manager: Store = .shared
                    var body: some View { StoreBadge(store: manager) }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both, rewritten: ["Sources/App/Views.swift"])
        #expect(result.plan.summary.protocolsExtracted.isEmpty, "\(result.plan.unifiedDiff())")
        #expect(result.after["Sources/App/Store.swift"]?.contains("StoreProtocol") == false)
        #expect(
            result.after["Sources/App/Views.swift"]?.contains("private var manager: Store { dependencies.store }")
                == true)
    }

    /// A singleton whose only uses are views' holders is retired in the same run that moves them (the holders'
    /// implicit `.shared` are sites the draft rewrites, no unattributed use), so a second run changes nothing.
    @Test func aSingletonHeldOnlyByViewsIsRetiredInOneRun() async throws {
        let first = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/ThemeView.swift": """
                import SwiftUI

                struct ThemeView: View {
                    private var store: Store = .shared
                    var body: some View { Button(store.title) { store.load() } }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/ThemeView.swift", "Sources/App/Store.swift"])
        #expect(first.plan.summary.singletonsRetired == ["Store.shared"], "\(first.plan.unifiedDiff())")
        let second = try await assertMigrationTypeChecks(
            before: first.after, stubs: [.swiftUI], modes: SwiftLanguageMode.both)
        #expect(second.plan.changes.isEmpty, "\(second.plan.unifiedDiff())")
    }

    /// Keyapp (round 20): the first run injected `HistoryDebug` into a view model as its class (a member read through
    /// the singleton, `$mockItems`, can be declared in no protocol) and left the view's `let historyDebug: HistoryDebug
    /// = .shared`. The second run, with only the view's uses left, extracted a protocol, moved the view and retired the
    /// singleton: a second run that changed things (and on keyapp, whose container then had no property for it, left the
    /// view reading a `.shared` that was gone). A singleton a previous run injected as its class stays a class.
    @Test func aSingletonInjectedAsItsClassGetsNoProtocolOnASecondRun() async throws {
        let first = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": Self.clock,
                "Sources/App/HistoryDebug.swift": """
                @propertyWrapper struct Tracked<Value> {
                    var wrappedValue: Value
                    var projectedValue: Int { 0 }
                }

                final class HistoryDebug: @unchecked Sendable {
                    static let shared = HistoryDebug()
                    @Tracked var mockItems: [Int] = []
                    private init() {}
                    func clear() { mockItems = [] }
                }
                """,
                "Sources/App/HistoryViewModel.swift": """
                final class HistoryViewModel {
                    func items() -> Int { HistoryDebug.shared.$mockItems }
                }
                """,
                "Sources/App/HistoryDebugView.swift": """
                import SwiftUI

                struct HistoryDebugView: View {
                    let historyDebug: HistoryDebug = .shared
                    var body: some View { Button("Clear") { historyDebug.clear() } }
                }
                """,
                "Sources/App/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View { Button("Now") { _ = Clock.shared.now() } }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both)
        #expect(
            first.after["Sources/App/HistoryViewModel.swift"]?.contains(
                "historyDebug: HistoryDebug = AppDependencies.Live.historyDebug") == true)
        let second = try await assertMigrationTypeChecks(
            before: first.after, stubs: [.swiftUI], modes: SwiftLanguageMode.both)
        #expect(second.plan.changes.isEmpty, "\(second.plan.unifiedDiff())")
    }

    @Test func aSecondRunChangesNothing() async throws {
        let first = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/Clock.swift": Self.clock,
                "Sources/App/ProfileView.swift": """
                import SwiftUI

                struct ProfileView: View {
                    @Environment(\\.unrelated) private var unrelated
                    var body: some View {
                        Button(Store.shared.title) { Store.shared.load() }
                    }
                }

                extension EnvironmentValues {
                    var unrelated: Int { 0 }
                }
                """,
                "Sources/App/Ticker.swift": """
                final class Ticker {
                    func tick() -> Int { Clock.shared.now() }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/ProfileView.swift", "Sources/App/Ticker.swift"])
        let view = try #require(first.after["Sources/App/ProfileView.swift"])
        #expect(
            view.contains(
                "@Environment(\\.unrelated) private var unrelated\n    @Environment(\\.dependencies) private var dependencies\n"
            ))
        // Other types take their defaults from the generated container's `Live` values, as from an existing one.
        #expect(
            first.after["Sources/App/Ticker.swift"]?.contains(
                "init(clock: any ClockProtocol = AppDependencies.Live.clock)") == true)
        let second = try await assertMigrationTypeChecks(
            before: first.after, stubs: [.swiftUI], modes: SwiftLanguageMode.both)
        #expect(second.plan.changes.isEmpty, "\(second.plan.unifiedDiff())")
    }

    @Test func thePreviewContainerIsMadeOfTheMocksAndANestedDependenciesTypeIsNoContainer() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Store.swift": Self.store,
                "Sources/App/Detector.swift": """
                struct Detector {
                    struct Dependencies: Sendable {
                        var retries = 3
                    }
                }
                """,
                "Sources/App/ProfileView.swift": """
                import SwiftUI

                struct ProfileView: View {
                    var body: some View {
                        Button("Load") { Store.shared.load() }
                    }
                }
                """,
                "Tests/AppTests/AppTests.swift": "",
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both, untouched: ["Sources/App/Detector.swift"])
        #expect(
            result.after["Sources/App/Dependencies.swift"]?.contains("get { _store ?? AppDependencies.Live.store }")
                == true)
        let preview = try #require(result.after["Tests/AppTests/Mocks/AppDependencies+Preview.swift"])
        #expect(preview.contains("@testable import App"))
        #expect(
            preview.contains(
                "@MainActor static var preview: AppDependencies {\n        var dependencies = AppDependencies()\n        dependencies.store = MockStore()\n        return dependencies\n    }"
            ), "\(preview)")
    }

    @Test func aSingletonCompiledUnderIfIsAContainerPropertyUnderTheSameIf() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Clock.swift": Self.clock,
                "Sources/App/Updater.swift": """
                #if SPARKLE
                final class Updater: Sendable {
                    static let shared = Updater()
                    func check() {}
                }
                #endif
                """,
                "Sources/App/SettingsView.swift": """
                import SwiftUI

                struct SettingsView: View {
                    var body: some View {
                        Button("Check") {
                            _ = Clock.shared.now()
                            #if SPARKLE
                            Updater.shared.check()
                            #endif
                        }
                    }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both, rewritten: ["Sources/App/SettingsView.swift"])
        let dependencies = try #require(result.after["Sources/App/Dependencies.swift"])
        #expect(
            dependencies.contains(
                """
                    private var _clock: (any ClockProtocol)? = nil
                    #if SPARKLE
                    var updater: any UpdaterProtocol {
                        get { _updater ?? Updater.shared }
                        set { _updater = newValue }
                    }
                    private var _updater: (any UpdaterProtocol)? = nil
                    #endif
                """), "\(dependencies)")
        #expect(result.after["Sources/App/SettingsView.swift"]?.contains("dependencies.updater.check()") == true)
    }

    @Test func typesOfAnotherTargetKeepTheSingletonAsTheirDefault() async throws {
        // Without a project file, a file's target is its top folder: `App` and `Widget` (an extension, which
        // cannot see the app's `AppDependencies`).
        let result = try await assertMigrationTypeChecks(
            before: [
                "App/Clock.swift": Self.clock,
                "App/ClockView.swift": """
                import SwiftUI

                struct ClockView: View {
                    var body: some View { Text("\\(Clock.shared.now())") }
                }
                """,
                "App/Ticker.swift": """
                final class Ticker {
                    func tick() -> Int { Clock.shared.now() }
                }
                """,
                "Widget/Provider.swift": """
                final class Provider {
                    func entry() -> Int { Clock.shared.now() }
                }
                """,
            ],
            stubs: [.swiftUI], modes: SwiftLanguageMode.both,
            rewritten: ["App/ClockView.swift", "App/Ticker.swift", "Widget/Provider.swift"])
        #expect(
            result.after["App/Ticker.swift"]?.contains("init(clock: any ClockProtocol = AppDependencies.Live.clock)")
                == true)
        #expect(
            result.after["Widget/Provider.swift"]?.contains("init(clock: any ClockProtocol = Clock.shared)") == true)
        #expect(result.after["App/Dependencies.swift"] != nil)
    }
}
