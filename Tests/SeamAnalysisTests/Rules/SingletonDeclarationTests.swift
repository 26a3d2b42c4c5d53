import SeamAnalysis
import Testing

@Suite("singleton-declaration")
struct SingletonDeclarationTests {
    @Test("static self-typed properties are singletons whatever their name")
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
        #expect(report.subjects(.singletonDeclaration).sorted() == [
            "AuthManager.sharedInstance", "DataStore.shared", "ImageCache.default", "Session._standard",
            "Session.standard", "Settings.current",
        ])
        #expect(report.metrics.singletons == 6)
    }

    @Test("Self, explicit annotations, implicitly unwrapped optionals and extensions count")
    func selfAndExtensions() async throws {
        let report = try await audit([
            "A.swift": """
            struct APIClient { static let shared = Self() }
            enum Environment { case live; static let current: Environment? = .live }
            final class Buoys {}
            """,
            "B.swift": "extension Buoys { static let shared: Buoys! = Buoys() }",
        ])
        #expect(report.subjects(.singletonDeclaration) == ["APIClient.shared", "Environment.current", "Buoys.shared"])
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
            final class Wrapper { static let shared = Logger() }
            struct Config { static let `default` = Options() }
            struct Options {}
            final class Counter {
                static var count: Int = 0
                let shared = Counter2()
                func make() -> Counter { let shared = Counter(); return shared }
            }
            final class Counter2 {}
            struct Spacing {
                static let small = Spacing(); static let medium = Spacing(); static let large = Spacing()
            }
            """
        ])
        #expect(report.findings(.singletonDeclaration).isEmpty)
    }

    @Test("allow-listed singletons are neither reported nor counted")
    func allowList() async throws {
        var configuration = AuditConfiguration()
        configuration.allowedSingletons = ["Logger", "Analytics.main"]
        let report = try await audit(
            [
                "A.swift": """
                final class Logger { static let shared = Logger() }
                final class Analytics { static let main = Analytics(); static let backup = Analytics() }
                final class Feed { func load() { Logger.shared.log(); Analytics.main.track(); Analytics.backup.track() } }
                """
            ], configuration: configuration)
        #expect(report.subjects(.singletonDeclaration) == ["Analytics.backup"])
        #expect(report.metrics.singletons == 1)
        #expect(report.metrics.singletonAccesses == 1)
    }
}
