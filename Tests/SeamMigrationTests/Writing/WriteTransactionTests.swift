import Foundation
import SeamTestSupport
import Testing

@testable import SeamMigration

/// `MigrationWriter.apply` writes every file of a plan or none, and says which files are in which state.
@Suite struct WriteTransactionTests {
    static let files = [
        "Sources/App/DataStore.swift":
            "final class DataStore {\n    static let shared = DataStore()\n    func clear() {}\n}\n",
        "Sources/App/Home.swift": "final class Home {\n    func go() { DataStore.shared.clear() }\n}\n",
        "Sources/App/Settings.swift": "final class Settings {\n    func reset() { DataStore.shared.clear() }\n}\n",
        "Tests/AppTests/HomeTests.swift": "import Testing\n",
    ]

    private func contents(_ fixture: Fixture) throws -> [String: String] {
        var result: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: fixture.root.path) {
            var isDirectory: ObjCBool = false
            let url = fixture.root.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return result
    }

    @Test func aFileEditedWhileWritingRollsBackEveryFileAlreadyWritten() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        #expect(
            plan.changes.map(\.path) == [
                "Sources/App/DataStore.swift", "Sources/App/Home.swift", "Sources/App/Settings.swift",
                "Tests/AppTests/Mocks/MockDataStore.swift",
            ])
        let before = try contents(fixture)
        // Every target passes the checks; then the third file is edited before its turn comes.
        let transaction = try WriteTransaction(plan: plan, allowReadOnly: false)
        let settings = fixture.root.appendingPathComponent("Sources/App/Settings.swift")
        try Data("// edited meanwhile\n".utf8).write(to: settings)

        let error = #expect(throws: MigrationError.self) { try transaction.commit() }
        #expect(
            error?.description
                == "could not write Sources/App/Settings.swift (it changed while the migration was being written); "
                + "rolled back Sources/App/DataStore.swift, Sources/App/Home.swift, so every file is as it was before")
        var expected = before
        expected["Sources/App/Settings.swift"] = "// edited meanwhile\n"
        #expect(try contents(fixture) == expected, "written files are back, the edit is kept, nothing is left over")
    }

    @Test func everyRefusedTargetIsListedAndNothingIsWritten() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let home = fixture.root.appendingPathComponent("Sources/App/Home.swift")
        try Data("// edited after planning\n".utf8).write(to: home)
        let store = fixture.root.appendingPathComponent("Sources/App/DataStore.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        let before = try contents(fixture)

        let error = #expect(throws: MigrationError.self) { try MigrationWriter.apply(plan) }
        #expect(
            error?.description
                == "nothing was written: Sources/App/DataStore.swift is read-only (mode 444); pass --allow-read-only "
                + "to rewrite it; Sources/App/Home.swift changed after the migration was planned")
        #expect(try contents(fixture) == before)
    }

    @Test func readOnlyFilesAreRewrittenWhenAllowedAndStayReadOnly() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let store = fixture.root.appendingPathComponent("Sources/App/DataStore.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        let plan = try await fixture.plan()
        try MigrationWriter.apply(plan, options: MigrationWriter.Options(allowReadOnly: true))
        #expect(try String(contentsOfFile: store, encoding: .utf8).contains("DataStoreProtocol"))
        #expect(try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int == 0o444)
    }

    @Test func aSymbolicLinkToAFileInsideTheRootIsWrittenThroughAndKeepsItsTargetsMode() async throws {
        // `A/Home.swift` sorts before its target, so the plan names the link.
        var files = Self.files
        files["Z/RealHome.swift"] = files.removeValue(forKey: "Sources/App/Home.swift")
        let fixture = try Fixture(files)
        defer { fixture.remove() }
        let link = fixture.root.appendingPathComponent("A/Home.swift")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../Z/RealHome.swift")
        let real = fixture.root.appendingPathComponent("Z/RealHome.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)

        let plan = try await fixture.plan()
        #expect(plan.changes.map(\.path).contains("A/Home.swift"))
        try MigrationWriter.apply(plan)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../Z/RealHome.swift",
            "still a link")
        #expect(try String(contentsOfFile: real, encoding: .utf8).contains("dataStore.clear()"))
        #expect(try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int == 0o640)
    }

    @Test func filesReachedThroughALinkOutOfTheRootAreNeitherPlannedNorWritten() async throws {
        let outside = try TemporaryDirectory(
            prefix: "outside",
            files: [
                "Shared/Profile.swift": "final class Profile {\n    func load() { DataStore.shared.clear() }\n}\n"
            ])
        defer { outside.remove() }
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: fixture.root.appendingPathComponent("Sources/Shared").path,
            withDestinationPath: outside.url("Shared").path)

        let plan = try await fixture.plan()
        #expect(!plan.changes.map(\.path).contains("Sources/Shared/Profile.swift"))
        #expect(
            plan.notes.contains {
                $0.location.file == "Sources/Shared/Profile.swift" && "\($0)".contains("outside the migrated folder")
            })
        try MigrationWriter.apply(plan)
        #expect(
            try String(contentsOf: outside.url("Shared/Profile.swift"), encoding: .utf8).contains(
                "DataStore.shared.clear()"))
    }

    @Test func aCreatedFileThroughALinkOutOfTheRootIsRefused() async throws {
        let outside = try TemporaryDirectory(prefix: "outside")
        defer { outside.remove() }
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        // The mocks folder's parent becomes a link to elsewhere after planning.
        let tests = fixture.root.appendingPathComponent("Tests/AppTests")
        try FileManager.default.removeItem(at: tests)
        try FileManager.default.createSymbolicLink(atPath: tests.path, withDestinationPath: outside.path)

        let error = #expect(throws: MigrationError.self) { try MigrationWriter.apply(plan) }
        #expect(
            error?.description.contains("Tests/AppTests/Mocks/MockDataStore.swift would be written outside") == true,
            "\(String(describing: error))")
        #expect(try outside.fileNames().isEmpty)
    }

    @Test func anInterruptedWriteIsUndoneUnlessAFileChangedSince() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        let transaction = try WriteTransaction(plan: plan, allowReadOnly: false)
        // What a kill leaves: the journal in place, one file written.
        let journal = try MigrationJournal.create(
            root: transaction.root,
            entries: transaction.targets.enumerated().map {
                .init(
                    path: $1.change.path, target: $1.relativeTarget, backup: String($0), isCreated: $1.original == nil)
            },
            originals: Dictionary(
                uniqueKeysWithValues: transaction.targets.enumerated().compactMap { index, target in
                    target.original.map { (String(index), $0) }
                }),
            updates: Dictionary(
                uniqueKeysWithValues: transaction.targets.enumerated().map { (String($0), $1.updated) }),
            createdFolders: transaction.createdFolders)
        let home = fixture.root.appendingPathComponent("Sources/App/Home.swift")
        let homeChange = try #require(plan.changes.first { $0.path == "Sources/App/Home.swift" })
        try Data(homeChange.updated.utf8).write(to: home)
        #expect(MigrationWriter.hasInterruptedWrite(root: fixture.root.path))

        // A file edited since the interruption: nothing is touched, the journal stays.
        let settings = fixture.root.appendingPathComponent("Sources/App/Settings.swift")
        try Data("// edited\n".utf8).write(to: settings)
        let conflict = #expect(throws: MigrationError.self) {
            try MigrationWriter.recoverInterruptedWrite(root: fixture.root.path)
        }
        #expect(
            conflict?.description.contains(
                "Sources/App/Settings.swift holds neither its original nor the migrated text") == true)
        #expect(try String(contentsOf: home, encoding: .utf8) == homeChange.updated)
        #expect(FileManager.default.fileExists(atPath: journal.folder))

        // Put back by hand: the next recovery restores the written file and removes the journal.
        try Data(Self.files["Sources/App/Settings.swift"]!.utf8).write(to: settings)
        let recovery = try MigrationWriter.recoverInterruptedWrite(root: fixture.root.path)
        #expect(recovery == MigrationWriter.Recovery(restored: ["Sources/App/Home.swift"], removed: []))
        #expect(try contents(fixture) == Self.files)
        #expect(try MigrationWriter.recoverInterruptedWrite(root: fixture.root.path) == nil)
    }
}
