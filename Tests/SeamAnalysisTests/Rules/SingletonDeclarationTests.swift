import SeamAnalysis
import Testing

@Suite("singleton-declaration")
struct SingletonDeclarationTests {
    @Test("accessor-named static properties holding their own type are singletons")
    func namesDoNotMatter() async throws {
        let report = try await audit([
            "Services.swift": """
            final class DataStore { static let shared = DataStore() }
            final class AuthManager { static let sharedInstance: AuthManager = AuthManager() }
            final class Settings { static var current = Settings.init() }
            actor ImageCache { static let `default` = ImageCache() }
            final class Session { class var standard: Session { _standard }
                private static let _standard = Session() }
            """
        ])
        // `_standard` backs the `standard` accessor: one instance, one singleton.
        #expect(
            report.subjects(.singletonDeclaration).sorted() == [
                "AuthManager.sharedInstance", "DataStore.shared", "ImageCache.default", "Session.standard",
                "Settings.current",
            ])
        #expect(report.metrics.singletons == 5)
    }

    @Test("Self, explicit annotations, implicitly unwrapped optionals and extensions count")
    func selfAndExtensions() async throws {
        let report = try await audit([
            "A.swift": """
            struct APIClient { static let shared = Self() }
            struct Environment { var baseURL = ""; static var current = Environment() }
            final class Buoys {}
            """,
            "B.swift": "extension Buoys { static let shared: Buoys! = Buoys() }",
        ])
        #expect(report.subjects(.singletonDeclaration) == ["APIClient.shared", "Environment.current", "Buoys.shared"])
        let current = try #require(report.findings(.singletonDeclaration).dropFirst().first)
        #expect(current.location.line == 2)
        #expect(report.findings(.singletonDeclaration).last?.location.file == "B.swift")
    }

    @Test("global instances of codebase classes are singletons")
    func globalInstances() async throws {
        let report = try await audit([
            "AppState.swift": """
            final class AppState {}
            struct Theme {}
            let appState = AppState()
            let theme = Theme()
            var current = Theme()
            let formatter = DateFormatter()
            """
        ])
        #expect(report.subjects(.singletonDeclaration) == ["appState", "current"])
    }

    @Test("look-alikes are not singletons")
    func trueNegatives() async throws {
        let report = try await audit([
            "LookAlikes.swift": """
            final class Logger {}
            final class Wrapper { static let formatter = Logger() }
            struct Config { static let `default` = Options() }
            struct Options {}
            final class Counter {
                static var count: Int = 0
                let shared = Counter2()
                func make() -> Counter { let shared = Counter(); return shared }
            }
            final class Counter2 {}
            struct Spot { static let sample = Spot(); static let empty = Spot() }
            final class PersistenceController { static var preview: PersistenceController = PersistenceController() }
            struct Spacing {
                static let small = Spacing(); static let medium = Spacing(); static let large = Spacing()
            }
            enum Mode { case live, demo; static var current: Mode = .live; static let `default` = Mode.demo }
            struct Preset { static var `default` = Preset() }
            final class Timecode: Comparable { static let infinite = Timecode(); static func < (a: Timecode, b: Timecode) -> Bool { false }
                static func == (a: Timecode, b: Timecode) -> Bool { true } }
            final class Palette { static var current: Palette { Palette() } }
            """
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    @Test("allow-listed singletons are neither reported nor counted")
    func allowList() async throws {
        var configuration = AuditConfiguration()
        configuration.allowedSingletons = ["Logger", "Analytics.shared"]
        let report = try await audit(
            [
                "A.swift": """
                final class Logger { static let shared = Logger() }
                final class Analytics { static let shared = Analytics(); static let sharedBackup = Analytics() }
                final class Feed { func load() { Logger.shared.log(); Analytics.shared.track(); Analytics.sharedBackup.track() } }
                """
            ], configuration: configuration)
        #expect(report.subjects(.singletonDeclaration) == ["Analytics.sharedBackup"])
        #expect(report.metrics.singletons == 1)
        #expect(report.metrics.singletonAccesses == 1)
    }
}

@Suite("singleton-declaration: protocols and environments")
struct SingletonEnvironmentTests {
    @Test("a protocol's `static var shared: Self { get }` requirement is not a singleton")
    func protocolRequirement() async throws {
        let report = try await audit([
            "P.swift": "protocol Shared { static var shared: Self { get } }\nextension Shared { static func f() {} }"
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    @Test("a global environment (`var Current = World()`) is a singleton reached by name, as a locator")
    func globalEnvironment() async throws {
        let codebase = try await load([
            "World.swift": """
            final class APIClient { func fetch() {} }
            struct World { var api: APIClient = APIClient() }
            var Current = World()
            """,
            "Feed.swift": "final class FeedViewModel { func load() { Current.api.fetch() } }",
        ])
        #expect(codebase.singletonDeclarations.map(\.accessExpression) == ["Current"])
        #expect(codebase.singletonAccesses.map(\.kind) == [.serviceLocator])
        #expect(codebase.singletonAccesses.first?.providedType == "APIClient")
    }
}
