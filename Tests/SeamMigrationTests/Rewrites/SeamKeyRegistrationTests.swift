import Foundation
import Testing

@testable import SeamMigration

/// Rewrite 7 with `--container seam`: the keys file, the mocks' `.seamDependencies` trait and the manifest's
/// dependency on Seam, in a package with a test target.
@Suite struct SeamKeyRegistrationTests {
    static let package = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .target(name: "App"),
                .testTarget(name: "AppTests", dependencies: ["App"]),
            ]
        )
        """

    static let files = [
        "Package.swift": package,
        "Sources/App/AppDependencies.swift": """
        public final class AppDependencies {
            public init() {}
        }
        """,
        "Sources/App/Store.swift": """
        public final class Store {
            public static let shared = Store()
            private init() {}
            public func save() {}
        }
        """,
        "Sources/App/HomeViewModel.swift": """
        public final class HomeViewModel {
            public init() {}
            public func save() { Store.shared.save() }
        }
        """,
        "Tests/AppTests/HomeTests.swift": "import Testing\n@testable import App\n",
    ]

    static func options(seamPackage: String = "../Seam") -> MigrationOptions {
        var options = MigrationOptions()
        options.containerStyle = .seam
        options.seamPackage = seamPackage
        return options
    }

    @Test func theManifestGetsTheSeamPackageAndItsProducts() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan(Self.options())
        #expect(
            try fixture.text("Package.swift", in: plan) == """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(name: "Seam", path: "../Seam")],
                    targets: [
                        .target(name: "App", dependencies: [.product(name: "Seam", package: "Seam")]),
                        .testTarget(name: "AppTests", dependencies: ["App", .product(name: "Seam", package: "Seam"), .product(name: "SeamTesting", package: "Seam")]),
                    ]
                )
                """)
        #expect(plan.summary.seamKeys == ["StoreKey"])
        let keys = try fixture.text("Sources/App/AppDependencies+Seam.swift", in: plan)
        #expect(
            keys.contains(
                "public static let container = Container(name: \"AppDependencies\") {\n        StoreKey.self\n    }"))
        #expect(keys.contains("public enum StoreKey: DependencyKey {"))
        #expect(keys.contains("public static func live(_ r: borrowing Resolver) -> any StoreProtocol { Store() }"))
        #expect(
            try fixture.text("Sources/App/HomeViewModel.swift", in: plan).contains(
                "store: any StoreProtocol = AppDependencies.container[StoreKey.self]"))
    }

    @Test func theMocksAreTheTestValuesThroughATrait() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan(Self.options())
        #expect(
            try fixture.text("Tests/AppTests/Mocks/MockDependencies.swift", in: plan) == """
                // Written by `seam migrate`: the generated mocks as the test values of the app's Seam keys.

                import Foundation
                import Seam
                import SeamTesting
                import Testing
                @testable import App

                extension Trait where Self == SeamDependenciesTrait {
                    /// Runs each test in a dependency scope of its own, where every key `seam migrate` registered reads a new
                    /// instance of its generated mock: `@Suite(.mockDependencies) struct HomeViewModelTests { … }`.
                    static var mockDependencies: Self {
                        .seamDependencies {
                            $0[StoreKey.self] = MockStore()
                        }
                    }
                }

                /// The app's container reads the mocks under `.mockDependencies`.
                @Suite(.mockDependencies)
                struct MockDependenciesTests {
                    @Test func everyKeyReadsItsMock() {
                        #expect(AppDependencies.container[StoreKey.self] is MockStore)
                    }
                }

                """)
    }

    @Test func aURLIsAVersionedDependencyAndAnExistingOneIsKept() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan(Self.options(seamPackage: "https://example.com/seam.git"))
        #expect(
            try fixture.text("Package.swift", in: plan).contains(
                "dependencies: [.package(url: \"https://example.com/seam.git\", from: \""))

        var files = Self.files
        files["Package.swift"] = Self.package.replacingOccurrences(
            of: "    targets: [",
            with:
                "    dependencies: [\n        .package(url: \"https://github.com/seam-swift/seam\", from: \"0.1.0\"),\n    ],\n    targets: ["
        )
        let existing = try Fixture(files)
        defer { existing.remove() }
        let again = try await existing.plan(Self.options())
        let manifest = try existing.text("Package.swift", in: again)
        #expect(
            manifest.components(separatedBy: ".package(").count == 2, "the package is not added twice:\n\(manifest)")
        #expect(
            manifest.contains(".target(name: \"App\", dependencies: [.product(name: \"Seam\", package: \"Seam\")])"))
    }

    @Test func keptAccessorsAreRefusedWithSeamKeys() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        var options = Self.options()
        options.keepsSharedAccessors = true
        await #expect {
            _ = try await fixture.plan(options)
        } throws: { error in
            "\(error)".contains("keepsSharedAccessors") && "\(error)".contains("plain container style")
        }
    }

    @Test func aLaterRunAddsItsKeysToTheKeysFile() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let first = try await fixture.plan(Self.options())
        let written = try fixture.text("Sources/App/AppDependencies+Seam.swift", in: first)
        // The store is migrated already; a clock singleton appears later.
        var files = Self.files
        for change in first.changes where change.path.hasPrefix("Sources/") { files[change.path] = change.updated }
        files["Sources/App/Clock.swift"] = """
            public final class Clock {
                public static let shared = Clock()
                private init() {}
                public func now() -> Int { 0 }
            }
            """
        files["Sources/App/Banner.swift"] = """
            public final class Banner {
                public init() {}
                public func text() -> String { "\\(Clock.shared.now())" }
            }
            """
        let later = try Fixture(files)
        defer { later.remove() }
        let plan = try await later.plan(Self.options())
        #expect(plan.summary.seamKeys == ["ClockKey"])
        let keys = try later.text("Sources/App/AppDependencies+Seam.swift", in: plan)
        #expect(
            keys.hasPrefix(
                written.replacingOccurrences(
                    of: "        StoreKey.self\n", with: "        StoreKey.self\n        ClockKey.self\n")), "\(keys)")
        #expect(
            keys.hasSuffix(
                """
                public enum ClockKey: DependencyKey {
                    public static var lifetime: Lifetime { .singleton }
                    public static func live(_ r: borrowing Resolver) -> any ClockProtocol { Clock() }
                }

                """))
        #expect(
            try later.text("Sources/App/Banner.swift", in: plan).contains(
                "clock: any ClockProtocol = AppDependencies.container[ClockKey.self]"))
    }
}
