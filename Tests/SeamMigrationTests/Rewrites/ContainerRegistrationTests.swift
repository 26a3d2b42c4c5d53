import Foundation
import Testing

@testable import SeamMigration

/// Rewrite 4: container registration.
@Suite struct ContainerRegistrationTests {
    static let services = """
        final class DataStore {
            static let shared = DataStore()
            func clear() {}
        }

        final class AuthManager {
            static let current = AuthManager()
            func logout() {}
        }
        """

    static let viewModel = """
        final class Home {
            func go() {
                DataStore.shared.clear()
                AuthManager.current.logout()
            }
        }
        """

    /// Review 28's R3: Delta's `RevenueCatManager` is `@available(iOS 17.5, *)` and Delta deploys to 17.4, so its
    /// `Live` accessor carries the same attribute (the enclosing types' too), and its instance is not moved into the
    /// container, whose stored `static let` could not be gated.
    @Test func anAvailabilityGatedSingletonGetsAGatedLiveAccessorAndIsNotRetired() async throws {
        let fixture = try Fixture([
            "Sources/App/Purchases.swift": """
            @available(iOS 17.5, *)
            enum Purchases {
                @available(macOS 15, *)
                final class RevenueCatManager {
                    static let shared = RevenueCatManager()
                    func refresh() {}
                }
            }
            """,
            "Sources/App/Tiers.swift": """
            @available(iOS 17.5, macOS 15, *)
            final class Tiers {
                func load() { Purchases.RevenueCatManager.shared.refresh() }
            }
            """,
            "Sources/App/AppContainer.swift": "enum AppDependencies {}\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let container = try fixture.text("Sources/App/AppContainer.swift", in: plan)
        #expect(
            container.contains(
                "@available(iOS 17.5, *) @available(macOS 15, *) static var revenueCatManager: any Purchases.RevenueCatManagerProtocol { Purchases.RevenueCatManager.shared }"
            ),
            "\(container)")
        #expect(try fixture.text("Sources/App/Tiers.swift", in: plan).contains("revenueCatManager.refresh()"))
        #expect(
            plan.notes.contains {
                $0.message.contains("is `@available`-gated, and the container's stored instance could not be")
            }, "\(plan.summaryText)")
    }

    @Test func newDependenciesCopyTheStyleOfExistingOnesAndDefaultToLiveValues() async throws {
        let fixture = try Fixture(
            [
                "Sources/App/Services.swift": Self.services, "Sources/App/Home.swift": Self.viewModel,
                "Sources/App/DataStoreProtocol.swift": "protocol DataStoreProtocol: AnyObject {\n    func clear()\n}\n",
                "Sources/App/AppContainer.swift": """
                final class AppContainer {
                    // The store every screen reads.
                    lazy var dataStore: DataStoreProtocol = DataStore.shared

                    init() {}
                }
                """,
            ].merging([
                "Sources/App/Services.swift": Self.services.replacingOccurrences(
                    of: "final class DataStore {", with: "final class DataStore: DataStoreProtocol {")
            ]) { $1 })
        defer { fixture.remove() }
        // Before the singletons are retired (`SingletonRetirementTests` covers the last phase).
        var options = MigrationOptions()
        options.rewrites.remove(.retire)
        let plan = try await fixture.plan(options)
        #expect(
            try fixture.text("Sources/App/AppContainer.swift", in: plan) == """
                final class AppContainer {
                    // The store every screen reads.
                    lazy var dataStore: DataStoreProtocol = DataStore.shared
                    lazy var authManager: AuthManagerProtocol = AuthManager.current

                    init() {}

                    /// The live dependencies, which injected initializers take as default arguments. The one place that
                    /// names the singletons (or creates the instances); written by `seam migrate`.
                    enum Live {
                        static var authManager: any AuthManagerProtocol { AuthManager.current }
                        static var dataStore: any DataStoreProtocol { DataStore.shared }
                    }
                }
                """)
        let home = try fixture.text("Sources/App/Home.swift", in: plan)
        // Longer than 120 columns on one line, so one parameter per line.
        #expect(
            home.contains(
                """
                    init(
                        authManager: any AuthManagerProtocol = AppContainer.Live.authManager,
                        dataStore: any DataStoreProtocol = AppContainer.Live.dataStore
                    ) {
                """))
        #expect(plan.summary.containerRegistrations == ["AuthManager"])
    }

    @Test func withoutAContainerDefaultsAreTheSingletons() async throws {
        let fixture = try Fixture([
            "Sources/App/Services.swift": Self.services, "Sources/App/Home.swift": Self.viewModel,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let home = try fixture.text("Sources/App/Home.swift", in: plan)
        #expect(home.contains("authManager: any AuthManagerProtocol = AuthManager.current"))
        #expect(plan.summary.containerRegistrations.isEmpty)
    }

    @Test func singletonDefaultsCanBeChosenOverTheContainer() async throws {
        let fixture = try Fixture([
            "Sources/App/Services.swift": Self.services, "Sources/App/Home.swift": Self.viewModel,
            "Sources/App/Deps.swift": "struct AppDependencies {\n    var x = 1\n}\n",
        ])
        defer { fixture.remove() }
        var options = MigrationOptions()
        options.defaultSource = .singleton
        let plan = try await fixture.plan(options)
        #expect(
            try fixture.text("Sources/App/Home.swift", in: plan).contains(
                "dataStore: any DataStoreProtocol = DataStore.shared"))
        // Without a template the container gets plain properties after its last stored one, and no `Live`.
        #expect(
            try fixture.text("Sources/App/Deps.swift", in: plan) == """
                struct AppDependencies {
                    var x = 1
                    var authManager: any AuthManagerProtocol = AuthManager.current
                    var dataStore: any DataStoreProtocol = DataStore.shared
                }

                """)
    }

    @Test func existingFallbacksToTheSingletonMoveToTheContainer() async throws {
        let fixture = try Fixture(
            [
                "Sources/App/Services.swift": Self.services,
                "Sources/App/Container.swift": "final class AppContainer {}\n",
                "Sources/App/Forecast.swift": """
                final class Forecast {
                    private let dataStore: DataStoreProtocol
                    private let other: DataStore

                    init(dataStore: DataStoreProtocol? = nil, other: DataStore = DataStore.shared) {
                        self.dataStore = dataStore ?? DataStore.shared
                        self.other = other
                    }
                }
                """,
                "Sources/App/DataStoreProtocol.swift": "protocol DataStoreProtocol {}\n",
            ].merging([
                "Sources/App/Services.swift": Self.services.replacingOccurrences(
                    of: "final class DataStore {", with: "final class DataStore: DataStoreProtocol {")
            ]) { $1 })
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let text = try fixture.text("Sources/App/Forecast.swift", in: plan)
        #expect(text.contains("self.dataStore = dataStore ?? AppContainer.Live.dataStore"))
        // The container's instance is the concrete class: once the singleton is retired, it is the default too.
        #expect(text.contains("other: DataStore = AppContainer.Live.dataStore"))
        #expect(
            try fixture.text("Sources/App/Container.swift", in: plan).contains("static let dataStore = DataStore()"))
    }
}

/// A default names only what the injected type's target can see.
@Suite struct ContainerVisibilityTests {
    @Test func aTypeInAnotherTargetThanTheContainerDefaultsToTheSingleton() async throws {
        let fixture = try Fixture([
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "Feature"),
                .executableTarget(name: "App", dependencies: ["Feature"]),
            ])
            """,
            "Sources/Feature/Store.swift": """
            public final class Store {
                public static let shared = Store()
                public func clear() {}
            }
            """,
            "Sources/Feature/FeatureScreen.swift": """
            public final class FeatureScreen {
                public init() {}
                public func reset() { Store.shared.clear() }
            }
            """,
            "Sources/App/AppScreen.swift": """
            import Feature
            final class AppScreen {
                func reset() { Store.shared.clear() }
            }
            """,
            "Sources/App/AppContainer.swift": """
            final class AppContainer {
                init() {}
            }
            """,
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let feature = try fixture.text("Sources/Feature/FeatureScreen.swift", in: plan)
        #expect(feature.contains("= Store.shared"), "the Feature target cannot see AppContainer:\n\(feature)")
        #expect(!feature.contains("AppContainer"))
        let app = try fixture.text("Sources/App/AppScreen.swift", in: plan)
        #expect(app.contains("= AppContainer.Live.store"), "the container's own target uses its live values:\n\(app)")
    }
}

/// Delta and DeltaPreviews each declare `ExperimentalFeatures`, so the model names them `Delta.ExperimentalFeatures`
/// and `DeltaPreviews.ExperimentalFeatures`; code must not: DeltaCore's `public struct Delta` hides the module name
/// in every file that imports it (review 27's D1, all of Delta's 237 hunks).
@Suite struct TargetQualifiedNamesTests {
    @Test func codeWritesTheTypeAsDeclaredNotAsTheModelQualifiesIt() async throws {
        let fixture = try Fixture([
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "App", targets: [
                .executableTarget(name: "Delta"),
                .executableTarget(name: "DeltaPreviews"),
            ])
            """,
            "Sources/Delta/Settings.swift": """
            final class Settings {
                static let shared = Settings()
                func load() {}
            }
            """,
            "Sources/Delta/Screen.swift": """
            final class Screen {
                func open() { Settings.shared.load() }
            }
            """,
            "Sources/Delta/main.swift": "Screen().open()\n",
            "Sources/DeltaPreviews/Settings.swift": """
            final class Settings {
                static let shared = Settings()
                func load() {}
            }
            """,
            "Sources/DeltaPreviews/main.swift": "Settings.shared.load()\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let screen = try fixture.text("Sources/Delta/Screen.swift", in: plan)
        #expect(screen.contains("init(settings: any SettingsProtocol = Settings.shared)"), "\(screen)")
        #expect(!screen.contains("Delta.Settings"), "\(screen)")
        let settings = try fixture.text("Sources/Delta/Settings.swift", in: plan)
        #expect(settings.contains("/// The API of `Settings` that other types use"), "\(settings)")
        #expect(!settings.contains("Delta."), "\(settings)")
    }
}
