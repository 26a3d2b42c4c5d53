import Foundation
import SeamTestSupport
import Testing

/// The SwiftPM command plugins, as a team uses them: a scratch package that depends on Seam by path runs
/// `swift package seam-audit` and `swift package --allow-writing-to-package-directory seam-migrate`.
///
/// SwiftPM builds the plugins' `seam` inside the scratch package, swift-syntax included: 6 minutes on a cold build
/// folder on two cores, 40 seconds for the whole test once it is warm. So the suite runs only when `SEAM_PLUGIN_TEST=1` (`.ci/run` sets it
/// for one dedicated run), and builds in `.build-plugin-test` at the repository root, kept between runs so that
/// later runs only rebuild what changed.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["SEAM_PLUGIN_TEST"] == "1", "set SEAM_PLUGIN_TEST=1 (builds seam again)"
    )
)
struct CommandPluginTests {
    private let store = "final class Store: Sendable {\n    static let shared = Store()\n    func load() {}\n}\n"
    private let screen = "final class Screen {\n    func show() {\n        Store.shared.load()\n    }\n}\n"

    private func scratchPackage() throws -> TemporaryDirectory {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Surf",
                dependencies: [.package(path: \(String(reflecting: PackageCheckout.root.path)))],
                targets: [.target(name: "Surf")]
            )

            """
        return try TemporaryDirectory(
            prefix: "plugin",
            files: ["Package.swift": manifest, "Sources/Surf/Store.swift": store, "Sources/Surf/Screen.swift": screen]
        )
    }

    /// `swift package [options] <verb> [arguments]`, building in the kept build folder.
    private func swiftPackage(_ options: [String], _ verb: String, _ arguments: [String], in package: URL)
        async throws -> CommandResult
    {
        let scratch = PackageCheckout.url(".build-plugin-test").path
        return try await Command.run(
            "swift", ["package", "--scratch-path", scratch] + options + [verb] + arguments, in: package)
    }

    @Test(.timeLimit(.minutes(60)))
    func auditAndMigrateRunInAPackageThatDependsOnSeam() async throws {
        let package = try scratchPackage()
        defer { package.remove() }

        let list = try await Command.run("swift", ["package", "plugin", "--list"], in: package.url)
        #expect(list.stdout.contains("‘seam-audit’ (plugin ‘SeamAuditPlugin’ in package ‘Seam’)"), "\(list.output)")
        #expect(list.stdout.contains("‘seam-migrate’ (plugin ‘SeamMigratePlugin’ in package ‘Seam’)"), "\(list.output)")

        // The package's debt, in the format asked for, and seam's exit code (1: findings over the threshold).
        let audit = try await swiftPackage([], "seam-audit", ["--format", "xcode"], in: package.url)
        #expect(audit.status == 1, "\(audit.output)")
        #expect(
            audit.stdout.contains("\nSources/Surf/Screen.swift:3:9: warning: ")
                || audit.stdout.hasPrefix("Sources/Surf/Screen.swift:3:9: warning: "),
            "paths relative to the package, as `seam audit .` in it: \(audit.output)")
        #expect(audit.stdout.contains("[singleton-access]"), "\(audit.output)")

        // Options reach seam: a baseline, recorded in the package's folder, then a clean strict run.
        let record = try await swiftPackage([], "seam-audit", ["--baseline", "seam-baseline.json"], in: package.url)
        #expect(record.status == 0, "\(record.output)")
        #expect(FileManager.default.fileExists(atPath: package.url("seam-baseline.json").path))
        let strict = try await swiftPackage(
            [], "seam-audit", ["--baseline", "seam-baseline.json", "--strict"], in: package.url)
        #expect(strict.status == 0, "\(strict.output)")

        // seam-migrate writes only with the permission; without --write it previews.
        let refused = try await swiftPackage([], "seam-migrate", ["--write"], in: package.url)
        #expect(refused.status != 0, "\(refused.output)")
        #expect(refused.stderr.contains("wants permission to write to the package directory"), "\(refused.output)")
        #expect(try String(contentsOf: package.url("Sources/Surf/Screen.swift"), encoding: .utf8) == screen)

        let preview = try await swiftPackage(
            ["--allow-writing-to-package-directory"], "seam-migrate", [], in: package.url)
        #expect(preview.status == 0, "\(preview.output)")
        #expect(preview.stdout.contains("+protocol StoreProtocol"), "\(preview.output)")
        #expect(try String(contentsOf: package.url("Sources/Surf/Screen.swift"), encoding: .utf8) == screen)

        let write = try await swiftPackage(
            ["--allow-writing-to-package-directory"], "seam-migrate", ["--write"], in: package.url)
        #expect(write.status == 0, "\(write.output)")
        let migrated = try String(contentsOf: package.url("Sources/Surf/Screen.swift"), encoding: .utf8)
        #expect(!migrated.contains("Store.shared.load()") && migrated.contains("any StoreProtocol"), "\(migrated)")

        // The migrated package still builds.
        let build = try await Command.run(
            "swift", ["build", "--scratch-path", PackageCheckout.url(".build-plugin-test").path, "--target", "Surf"],
            in: package.url)
        #expect(build.status == 0, "\(build.output)")
    }
}
