import Testing

@testable import SeamMigration

/// DI container resolutions a type keeps become `init` parameters defaulting to the same resolution (anytype's 778
/// Factory `@Injected` properties and its `private let x: P = Container.shared.x()` initial values), type-checked
/// before and after in Swift 5 and Swift 6 modes against a stub of the Factory library.
@Suite struct ContainerResolutionTypeCheckTests {
    static let registrations = """
        import Factory

        protocol APIServicing: AnyObject { func call() }
        final class APIService: APIServicing { func call() {} }
        protocol ProfileStoring: AnyObject { var name: String { get } }
        final class ProfileStore: ProfileStoring { let name = "" }

        extension Container {
            var api: Factory<any APIServicing> { self { APIService() } }
            var profileStore: Factory<any ProfileStoring> { self { ProfileStore() }.singleton }
        }
        """

    @Test func wrappersAndInitialValuesBecomeDefaultedParameters() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Container+App.swift": Self.registrations,
                "Sources/App/SettingsViewModel.swift": """
                import Factory

                @propertyWrapper struct Ignored<T> {
                    var wrappedValue: T
                }

                final class SettingsViewModel {
                    @Injected(\\.api)
                    private var api: any APIServicing
                    @Injected(\\Container.profileStore) private var profiles: any ProfileStoring
                    private let store: any ProfileStoring = Container.shared.profileStore()
                    private let title: String

                    init(title: String) {
                        self.title = title
                    }

                    func load() -> String {
                        api.call()
                        return title + profiles.name + store.name
                    }
                }
                """,
                "Sources/App/Screen.swift": """
                func makeSettings() -> SettingsViewModel { SettingsViewModel(title: "Settings") }
                """,
            ],
            stubs: [.factory], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/SettingsViewModel.swift"],
            untouched: ["Sources/App/Container+App.swift", "Sources/App/Screen.swift"],
            secondRunChangesNothing: true)
        let model = try #require(result.after["Sources/App/SettingsViewModel.swift"])
        #expect(
            model.contains(
                """
                final class SettingsViewModel {
                    private var api: any APIServicing
                    private var profiles: any ProfileStoring
                    private let store: any ProfileStoring
                    private let title: String
                """))
        #expect(
            model.contains(
                """
                    init(
                        title: String,
                        api: any APIServicing = Container.shared.api(),
                        profiles: any ProfileStoring = Container.shared.profileStore(),
                        store: any ProfileStoring = Container.shared.profileStore()
                    ) {
                        self.api = api
                        self.profiles = profiles
                        self.store = store
                        self.title = title
                    }
                """))
        #expect(result.plan.summary.injections.contains("SettingsViewModel ← api ← Container.shared.api() (container)"))
        #expect(result.plan.summary.sitesRewritten == 3)
    }

    @Test func aClassWithoutAnInitializerGetsOneAndLazyWrappersStay() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Container+App.swift": Self.registrations,
                "Sources/App/Sync.swift": """
                import Factory

                final class SyncService {
                    @Injected(\\.api) private var api: any APIServicing
                    @LazyInjected(\\.profileStore) private var profiles: any ProfileStoring
                    private var count = 0

                    func sync() -> String {
                        count += 1
                        api.call()
                        return profiles.name
                    }
                }

                func makeSync() -> SyncService { SyncService() }
                """,
            ],
            stubs: [.factory], modes: SwiftLanguageMode.both,
            expectNotes: ["only a library's `@Injected` resolves when the instance is made"],
            rewritten: ["Sources/App/Sync.swift"], secondRunChangesNothing: true)
        let sync = try #require(result.after["Sources/App/Sync.swift"])
        #expect(
            sync.contains(
                """
                final class SyncService {
                    private var api: any APIServicing
                    @LazyInjected(\\.profileStore) private var profiles: any ProfileStoring
                    private var count = 0

                    init(api: any APIServicing = Container.shared.api()) {
                        self.api = api
                    }

                    func sync() -> String {
                """))
    }

    /// WeatherXM's 60 resolutions kept in initial values that build something of them (`let deepLinkHandler =
    /// DeepLinkHandler(useCase: …resolve(NetworkUseCaseApi.self)!)`) were each noted "no property of the type can be
    /// injected": each now says why its own property stays.
    @Test func aTypeWhosePropertiesAllStayHasEachOneNotedWithItsReason() async throws {
        _ = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Container+App.swift": Self.registrations,
                "Sources/App/Links.swift": """
                import Factory

                final class LinkHandler {
                    let api: any APIServicing
                    init(api: any APIServicing) { self.api = api }
                }

                final class MainViewModel {
                    let links: LinkHandler = LinkHandler(api: Container.shared.api())
                }
                """,
            ],
            stubs: [.factory], modes: SwiftLanguageMode.both,
            expectNotes: [
                "`Container.api` resolved in `MainViewModel`: the initial value does more than resolve the dependency"
            ],
            rewritten: [], secondRunChangesNothing: true)
    }

    @Test func initializersThatKeepTheirSignatureAssignTheResolution() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Container+App.swift": Self.registrations,
                "Sources/App/Player.swift": """
                import Factory

                class Base {
                    init() {}
                    init(name: String) {}
                }

                final class Player: Base {
                    @Injected(\\.api) private var api: any APIServicing

                    override init() {
                        super.init()
                    }

                    init(level: Int) {
                        super.init(name: "\\(level)")
                    }

                    func play() { api.call() }
                }

                final class Public {
                    @Injected(\\.api) private var api: any APIServicing
                    public init() {}
                }

                final class Screen: Base {
                    @Injected(\\.api) private var api: any APIServicing

                    override init() {
                        super.init()
                    }

                    func show() { api.call() }
                }

                func makeScreen() -> Screen { Screen() }
                """,
            ],
            stubs: [.factory], modes: SwiftLanguageMode.both,
            expectNotes: ["no `init` of the type can take a new parameter"],
            rewritten: ["Sources/App/Player.swift"], secondRunChangesNothing: true)
        let player = try #require(result.after["Sources/App/Player.swift"])
        #expect(
            player.contains(
                """
                    override init() {
                        self.api = Container.shared.api()
                        super.init()
                    }

                    init(level: Int, api: any APIServicing = Container.shared.api()) {
                        self.api = api
                        super.init(name: "\\(level)")
                    }
                """))
        #expect(
            player.contains("@Injected(\\.api) private var api: any APIServicing\n    public init() {}"),
            "a type with only public inits keeps its wrapper")
        // Only an `override init()`: it takes the parameter, and a convenience override forwards the resolution.
        #expect(
            player.contains(
                """
                    init(api: any APIServicing = Container.shared.api()) {
                        self.api = api
                        super.init()
                    }

                    convenience override init() {
                        self.init(api: Container.shared.api())
                    }
                """))
    }

    /// keyapp: a type resolving in a method too was refused its singleton while its wrappers became parameters; the
    /// second run, finding it injected, then injected the singleton.
    @Test func aTypeReachingASingletonTakesBothInOneRun() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/Container+App.swift": Self.registrations,
                "Sources/App/Clock.swift": """
                final class Clock: Sendable {
                    static let shared = Clock()
                    func now() -> Int { 0 }
                }
                """,
                "Sources/App/Feed.swift": """
                import Factory

                final class FeedViewModel {
                    @Injected(\\.api) private var api: any APIServicing
                    private let title: String

                    init(title: String) {
                        self.title = title
                    }

                    func refresh() -> Int {
                        api.call()
                        return Clock.shared.now()
                    }

                    func name() -> String { Container.shared.profileStore().name }
                }
                """,
            ],
            stubs: [.factory], modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/Feed.swift", "Sources/App/Clock.swift"], secondRunChangesNothing: true)
        let feed = try #require(result.after["Sources/App/Feed.swift"])
        #expect(
            feed.contains(
                """
                    init(title: String, clock: any ClockProtocol = Clock.shared, api: any APIServicing = Container.shared.api()) {
                        self.clock = clock
                        self.api = api
                        self.title = title
                    }
                """))
        #expect(feed.contains("    private var api: any APIServicing\n"))
        #expect(feed.contains("return clock.now()"))
    }
}
