import Foundation
import SeamTestSupport
import Testing

/// `seam migrate --write --verify`: a rewrite that does not build is dropped, and the tree that is written builds.
@Suite("seam migrate --verify")
struct MigrateVerifyTests {
    /// A build that fails like a compiler on the rewritten `SettingsViewModel` (the fixture's deliberately
    /// unbuildable rewrite), and otherwise builds the package for real.
    static let buildCommand = """
        if grep -q AuthManagerProtocol Sources/LegacyApp/ViewModels/SettingsViewModel.swift; then \
        echo "$PWD/Sources/LegacyApp/ViewModels/SettingsViewModel.swift:5:9: error: deliberately unbuildable"; exit 1; fi; \
        swift build --build-tests
        """

    @Test(.timeLimit(.minutes(15)))
    func theCulpritIsDroppedAndTheWrittenTreeBuilds() async throws {
        let copy = try TemporaryDirectory.copy(of: PackageCheckout.legacyApp)
        defer { copy.remove() }
        try? FileManager.default.removeItem(at: copy.url(".build"))
        let original = try String(
            contentsOf: copy.url("Sources/LegacyApp/ViewModels/SettingsViewModel.swift"), encoding: .utf8)

        let result = try await SeamCLI.run(
            ["migrate", ".", "--write", "--allow-dirty", "--verify", "--build-command", Self.buildCommand], in: copy.url
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the migrated copy builds (2 build(s))"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "dropped 1 rewrite(s) the build blamed:\n  the injection into `SettingsViewModel`: Sources/LegacyApp/ViewModels/SettingsViewModel.swift:5: deliberately unbuildable"
            ))

        let settings = try String(
            contentsOf: copy.url("Sources/LegacyApp/ViewModels/SettingsViewModel.swift"), encoding: .utf8)
        #expect(settings == original, "the culprit's file is left as it was")
        let home = try String(contentsOf: copy.url("Sources/LegacyApp/ViewModels/HomeViewModel.swift"), encoding: .utf8)
        #expect(home.contains("any AuthManagerProtocol"), "the other rewrites are written")
        #expect(!FileManager.default.fileExists(atPath: copy.url(".seam-journal").path))

        let build = try await Command.run("swift", ["build", "--build-tests"], in: copy.url)
        #expect(build.status == 0, "the written tree builds:\n\(build.output.suffix(3000))")
    }

    @Test func verifyWithoutWriteIsAUsageError() async throws {
        let result = try await SeamCLI.run(["migrate", "Examples/LegacyApp", "--verify"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--verify checks what --write would write: use them together"))
    }

    @Test func aFolderWithoutAManifestNeedsABuildCommand() async throws {
        let folder = try TemporaryDirectory(files: [
            "Store.swift": "final class Store {\n    static let shared = Store()\n    func load() {}\n}\n",
            "Screen.swift": "final class Screen {\n    func show() { Store.shared.load() }\n}\n",
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["migrate", ".", "--write", "--verify"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--verify needs --build-command for a folder without Package.swift"))
        #expect(
            try String(contentsOf: folder.url("Screen.swift"), encoding: .utf8).contains("Store.shared.load()"),
            "nothing written")
    }
}
