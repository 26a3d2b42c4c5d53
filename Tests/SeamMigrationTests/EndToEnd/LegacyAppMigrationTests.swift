import Foundation
import SeamTestSupport
import Testing

/// The whole migration on the example app, through the real `seam` binary, to the roadmap's finish line: the
/// migrated copy must build, pass its own tests (which compile the generated mocks), audit with only the kept
/// global singletons, no `.shared` site left to migrate, every view model injected, no bypass and no cycle, and
/// migrate to nothing a second time.
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
        // Phase 6: the container creates the services; their singletons are gone.
        let store = try String(contentsOf: copy.url("Sources/LegacyApp/Services/DataStore.swift"), encoding: .utf8)
        #expect(!store.contains("static let shared"))
        // The cycle AuthManager → DataStore → AuthManager is broken by a closure on the edge back.
        #expect(store.contains("private let authManager: () -> any AuthManagerProtocol"))
        #expect(store.contains("guard let user = authManager().currentUser else {"))
        let container = try String(contentsOf: copy.url("Sources/LegacyApp/App/AppDependencies.swift"), encoding: .utf8)
        #expect(container.contains("public static let dataStore = DataStore()"))
        #expect(container.contains("public lazy var dataStore: DataStoreProtocol = AppDependencies.Live.dataStore"))
        // Phase 2's last step: a factory for every view model (two existed).
        for viewModel in ["Buoys", "Forecast", "Home", "Settings", "SpotDetail", "Spots"] {
            #expect(container.contains("public func make\(viewModel)ViewModel("), "\(viewModel)")
        }

        let build = try await Command.run("swift", ["build"], in: copy.url)
        #expect(build.status == 0, "swift build of the migrated app failed:\n\(build.output.suffix(4000))")
        let test = try await Command.run("swift", ["test"], in: copy.url)
        #expect(test.status == 0, "swift test of the migrated app failed:\n\(test.output.suffix(4000))")
        #expect(FileManager.default.fileExists(atPath: copy.url("Tests/LegacyAppTests/Mocks/MockDataStore.swift").path))

        let progress = try await expectFinishLine(of: copy)
        #expect(
            progress.allSatisfy { $0["isMet"] as? Bool == true || $0["metric"] as? String == "Services with protocols" }
        )

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
