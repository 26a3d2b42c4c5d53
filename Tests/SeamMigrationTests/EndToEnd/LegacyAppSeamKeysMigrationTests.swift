import Foundation
import SeamTestSupport
import Testing

/// The whole migration on the example app with `--container seam`, through the real `seam` binary: the services
/// become Seam keys with the singletons' lifetime, the defaults read the Seam container, the mocks are the test
/// values through `.seamDependencies`, and the migrated copy (depending on this checkout's Seam by path) builds,
/// passes its tests (the generated `MockDependenciesTests` among them), audits clean and migrates to nothing a
/// second time.
@Suite(.serialized) struct LegacyAppSeamKeysMigrationTests {
    @Test(.timeLimit(.minutes(20)))
    func migratedExampleWithSeamKeysBuildsTestsAndAuditsClean() async throws {
        let copy = try TemporaryDirectory.copy(of: PackageCheckout.legacyApp)
        defer { copy.remove() }

        let migrate = try await SeamCLI.run(
            ["migrate", copy.path, "--container", "seam", "--seam-package", PackageCheckout.root.path, "--write"],
            in: copy.url)
        #expect(migrate.status == 0, "\(migrate.output)")
        #expect(
            migrate.output.contains(
                "Seam keys: 6 (APIClientKey, AuthManagerKey, BuoyCacheServiceKey, DataStoreKey, ImageCacheServiceKey, SettingsStoreKey)"
            ), "\(migrate.output)")

        // Defaults and the container's properties read the Seam container, not an `enum Live`.
        let home = try String(contentsOf: copy.url("Sources/LegacyApp/ViewModels/HomeViewModel.swift"), encoding: .utf8)
        #expect(home.contains("dataStore: any DataStoreProtocol = AppDependencies.container[DataStoreKey.self]"))
        #expect(!home.contains(".shared") && !home.contains(".Live."))
        let store = try String(contentsOf: copy.url("Sources/LegacyApp/Services/DataStore.swift"), encoding: .utf8)
        #expect(!store.contains("static let shared"))
        #expect(
            store.contains(
                "authManager: @escaping () -> any AuthManagerProtocol = { AppDependencies.container[AuthManagerKey.self] }"
            ))
        let container = try String(contentsOf: copy.url("Sources/LegacyApp/App/AppDependencies.swift"), encoding: .utf8)
        #expect(!container.contains("enum Live"))
        #expect(
            container.contains(
                "public lazy var dataStore: DataStoreProtocol = AppDependencies.container[DataStoreKey.self]"))
        // The keys, each with its singleton's lifetime and live instance.
        let keys = try String(contentsOf: copy.url("Sources/LegacyApp/App/AppDependencies+Seam.swift"), encoding: .utf8)
        #expect(keys.contains("import Seam"))
        #expect(keys.contains("public static let container = Container(name: \"AppDependencies\") {"))
        #expect(keys.contains("public enum DataStoreKey: DependencyKey {"))
        #expect(keys.contains("public static var lifetime: Lifetime { .singleton }"))
        #expect(
            keys.contains("public static func live(_ r: borrowing Resolver) -> any DataStoreProtocol { DataStore() }"))
        // The mocks are the test values, through a `.seamDependencies` trait the generated suite uses.
        let trait = try String(
            contentsOf: copy.url("Tests/LegacyAppTests/Mocks/MockDependencies.swift"), encoding: .utf8)
        #expect(trait.contains(".seamDependencies {"))
        #expect(trait.contains("$0[DataStoreKey.self] = MockDataStore()"))
        #expect(trait.contains("@Suite(.mockDependencies)"))
        #expect(trait.contains("#expect(AppDependencies.container[DataStoreKey.self] is MockDataStore)"))
        // The manifest depends on Seam.
        let manifest = try String(contentsOf: copy.url("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(name: \"Seam\", path: \"\(PackageCheckout.root.path)\")"))
        #expect(
            manifest.contains(
                ".target(name: \"LegacyApp\", dependencies: [.product(name: \"Seam\", package: \"Seam\")])"))
        #expect(manifest.contains(".product(name: \"SeamTesting\", package: \"Seam\")"))

        let build = try await Command.run("swift", ["build", "--build-tests"], in: copy.url)
        #expect(build.status == 0, "swift build of the migrated app failed:\n\(build.output.suffix(4000))")
        let test = try await Command.run("swift", ["test"], in: copy.url)
        #expect(test.status == 0, "swift test of the migrated app failed:\n\(test.output.suffix(4000))")
        #expect(test.output.contains("everyKeyReadsItsMock"), "the generated suite runs:\n\(test.output.suffix(4000))")

        try await expectFinishLine(of: copy)

        // Idempotent: a second run on its own output changes nothing.
        let again = try await SeamCLI.run(
            ["migrate", copy.path, "--container", "seam", "--seam-package", PackageCheckout.root.path], in: copy.url)
        #expect(again.status == 0)
        #expect(!again.output.contains("+++ "), "\(again.output)")
        #expect(again.output.contains("0 file(s) changed, 0 created"))
    }
}
