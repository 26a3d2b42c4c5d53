import Foundation
import SeamTestSupport
import Testing

/// The whole migration on the example app, through the real `seam` binary: the migrated copy must build,
/// pass its own tests (which compile the generated mocks), audit clean of view-model `.shared` sites and
/// injection bypasses, and migrate to nothing a second time.
@Suite(.serialized) struct LegacyAppMigrationTests {
    @Test(.timeLimit(.minutes(20)))
    func migratedExampleBuildsTestsAndAuditsClean() async throws {
        let copy = try TemporaryDirectory.copy(of: PackageCheckout.legacyApp)
        defer { copy.remove() }

        // Preview first: a diff on stdout, nothing written.
        let before = try snapshot(copy.url)
        let preview = try await SeamCLI.run(["migrate", copy.path], in: copy.url)
        #expect(preview.status == 0, "\(preview.output)")
        #expect(preview.output.contains("+++ b/Sources/LegacyApp/ViewModels/HomeViewModel.swift"))
        #expect(try snapshot(copy.url) == before, "the preview must not write")

        let migrate = try await SeamCLI.run(["migrate", copy.path, "--write"], in: copy.url)
        #expect(migrate.status == 0, "\(migrate.output)")
        let home = try String(contentsOf: copy.url("Sources/LegacyApp/ViewModels/HomeViewModel.swift"), encoding: .utf8)
        #expect(home.contains("private let dataStore: any DataStoreProtocol"))
        #expect(home.contains("dataStore: any DataStoreProtocol = AppDependencies.Live.dataStore"))
        #expect(!home.contains(".shared"))
        // Services keep their singletons: the migration injects, it does not delete.
        let store = try String(contentsOf: copy.url("Sources/LegacyApp/Services/DataStore.swift"), encoding: .utf8)
        #expect(store.contains("public static let shared = DataStore()"))

        let build = try await Command.run("swift", ["build"], in: copy.url)
        #expect(build.status == 0, "swift build of the migrated app failed:\n\(build.output.suffix(4000))")
        let test = try await Command.run("swift", ["test"], in: copy.url)
        #expect(test.status == 0, "swift test of the migrated app failed:\n\(test.output.suffix(4000))")
        #expect(FileManager.default.fileExists(atPath: copy.url("Tests/LegacyAppTests/Mocks/MockDataStore.swift").path))

        let audit = try await SeamCLI.run(["audit", copy.path, "--format", "json"], in: copy.url)
        let report = try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any]
        let metrics = try #require(report?["metrics"] as? [String: Any], "\(audit.output.prefix(2000))")
        #expect(metrics["injectionBypasses"] as? Int == 0)
        #expect((metrics["singletonAccessesByRole"] as? [String: Int])?["view-model"] == 0)
        #expect(metrics["viewModelsUsingInjection"] as? Int == metrics["viewModels"] as? Int)
        #expect(metrics["singletons"] as? Int == 8, "singletons stay")
        let findings = report?["findings"] as? [[String: Any]] ?? []
        #expect(!findings.contains { $0["rule"] as? String == "injection-bypass" })

        // Idempotent: a second run on its own output changes nothing.
        let again = try await SeamCLI.run(["migrate", copy.path], in: copy.url)
        #expect(again.status == 0)
        #expect(!again.output.contains("+++ "), "\(again.output)")
        #expect(again.output.contains("0 file(s) changed, 0 created"))
    }

    private func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == ".build" { enumerator?.skipDescendants(); continue }
            if url.pathExtension == "swift" { files[url.path] = try Data(contentsOf: url) }
        }
        return files
    }
}
