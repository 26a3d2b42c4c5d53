import Foundation
import SeamTestSupport
import Testing

@testable import SeamMigration

/// A `.seam-journal/` seam did not leave, or cannot use, through the real binary: committed to the repository,
/// another user's, naming files outside the tree, unreadable, or stale after a commit. `seam migrate --write`
/// refuses it without touching a file, in the tree or out of it, and the preview does not suggest `--write`.
@Suite struct JournalTrustTests {
    static let files = WriteTransactionTests.files

    // MARK: Helpers

    @discardableResult
    private func git(_ arguments: [String], in directory: URL) async throws -> String {
        let result = try await Command.run(
            "git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
            in: directory)
        #expect(result.status == 0, "git \(arguments): \(result.output)")
        return result.stdout
    }

    /// `<folder>/project`, a committed repository holding the fixture, beside `<folder>/victim.txt`.
    private func project(git useGit: Bool = true) async throws -> (folder: TemporaryDirectory, root: URL) {
        var files: [String: String] = ["victim.txt": "victim\n", "victim2.txt": "created by nobody\n"]
        for (path, text) in Self.files { files["project/" + path] = text }
        let folder = try TemporaryDirectory(prefix: "journal", files: files)
        let root = folder.url("project")
        if useGit {
            try await git(["init", "-q"], in: root)
            try await git(["add", "."], in: root)
            try await git(["commit", "-q", "-m", "initial"], in: root)
        }
        return (folder, root)
    }

    struct Entry {
        var target: String
        var original: String?
        var updated: String
    }

    /// Writes `<root>/.seam-journal` by hand, with correct checksums (a hostile journal can have them too).
    private func writeJournal(
        at root: URL, entries: [Entry], createdFolders: [String] = [], pid: Int32 = 2_147_483_000,
        created: Double = Date().timeIntervalSince1970, format: String = MigrationJournal.format
    ) throws {
        let folder = root.appendingPathComponent(".seam-journal")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("files"), withIntermediateDirectories: true)
        var manifestEntries: [[String: Any]] = []
        for (index, entry) in entries.enumerated() {
            var record: [String: Any] = [
                "path": entry.target, "target": entry.target, "backup": String(index),
                "isCreated": entry.original == nil,
                "updatedChecksum": MigrationJournal.checksum(Data(entry.updated.utf8)),
            ]
            try Data(entry.updated.utf8).write(to: folder.appendingPathComponent("files/\(index).updated"))
            if let original = entry.original {
                record["originalChecksum"] = MigrationJournal.checksum(Data(original.utf8))
                try Data(original.utf8).write(to: folder.appendingPathComponent("files/\(index).original"))
            }
            manifestEntries.append(record)
        }
        let manifest: [String: Any] = [
            "format": format, "pid": pid, "created": created, "entries": manifestEntries,
            "createdFolders": createdFolders,
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: folder.appendingPathComponent("manifest.json"))
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    private func treeIsUnchanged(_ root: URL) throws -> Bool {
        try Self.files.allSatisfy { path, text in try self.text(root.appendingPathComponent(path)) == text }
    }

    // MARK: Confinement

    /// The issue's journal: `"target": "../victim.txt"`, in the format seam 0.2 wrote and in the current one,
    /// committed and not. Neither victim is rewritten nor deleted.
    @Test(arguments: [false, true])
    func targetsOutsideTheTreeAreRefusedAndNothingIsTouched(committed: Bool) async throws {
        let (folder, root) = try await project()
        defer { folder.remove() }
        let outside = [
            Entry(target: "../victim.txt", original: "pwned\n", updated: "victim\n"),
            Entry(target: "../victim2.txt", original: nil, updated: "created by nobody\n"),
        ]
        for (entries, format) in [
            (outside, MigrationJournal.format), (outside, "seam migrate --write journal, version 1"),
            (
                [Entry(target: folder.url("victim.txt").path, original: "pwned\n", updated: "victim\n")],
                MigrationJournal.format
            ),
            (
                [Entry(target: "Sources/../../victim.txt", original: "pwned\n", updated: "victim\n")],
                MigrationJournal.format
            ),
        ] {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(".seam-journal"))
            try writeJournal(at: root, entries: entries, format: format)
            if committed {
                try await git(["add", "-f", ".seam-journal"], in: root)
                try await git(["commit", "-q", "-m", "journal"], in: root)
            }
            let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
            #expect(write.status == 2, "\(write.output)")
            #expect(write.stderr.contains(".seam-journal is not a journal seam can trust"), "\(write.stderr)")
            #expect(try text(folder.url("victim.txt")) == "victim\n")
            #expect(try text(folder.url("victim2.txt")) == "created by nobody\n")
            #expect(try treeIsUnchanged(root))
            let preview = try await SeamCLI.run(["migrate", "."], in: root)
            #expect(preview.status == 2, "\(preview.output)")
            #expect(preview.stderr.contains("is not a journal seam can trust"), "\(preview.stderr)")
            #expect(
                !preview.stderr.contains("--write"), "the preview must not send the user to --write: \(preview.stderr)")
            if committed {
                try await git(["rm", "-q", "-r", "--cached", ".seam-journal"], in: root)
                try await git(["commit", "-q", "-m", "no journal"], in: root)
            }
        }
    }

    /// A journal that would be valid, but committed: refused, the file it would restore left as it is.
    @Test func aCommittedJournalIsRefused() async throws {
        let (folder, root) = try await project()
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        try writeJournal(
            at: root, entries: [Entry(target: home, original: "// someone else's text\n", updated: Self.files[home]!)])
        try await git(["add", "-f", ".seam-journal"], in: root)
        try await git(["commit", "-q", "-m", "journal"], in: root)
        let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(write.status == 2, "\(write.output)")
        #expect(write.stderr.contains("it is committed to the repository"), "\(write.stderr)")
        #expect(try treeIsUnchanged(root))
        let allowed = try await SeamCLI.run(["migrate", ".", "--write", "--allow-dirty"], in: root)
        #expect(allowed.status == 2 && allowed.stderr.contains("committed to the repository"), "\(allowed.output)")
        #expect(try treeIsUnchanged(root))
    }

    /// A journal left by another user (root runs `seam` in a shared tree): refused.
    @Test(.enabled(if: geteuid() == 0, "only root can give the journal to another user"))
    func anotherUsersJournalIsRefused() async throws {
        let (folder, root) = try await project(git: false)
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        try writeJournal(
            at: root, entries: [Entry(target: home, original: "// someone else's text\n", updated: Self.files[home]!)])
        let chown = try await Command.run(
            "chown", ["-R", "65534:65534", root.appendingPathComponent(".seam-journal").path], in: root)
        #expect(chown.status == 0)
        let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(write.status == 2, "\(write.output)")
        #expect(write.stderr.contains("belongs to another user (uid 65534)"), "\(write.stderr)")
        #expect(try treeIsUnchanged(root))
    }

    /// A backup that does not match the checksum its manifest records (damaged, or swapped): refused.
    @Test func aBackupNotMatchingItsChecksumIsRefused() async throws {
        let (folder, root) = try await project(git: false)
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        try writeJournal(
            at: root, entries: [Entry(target: home, original: "// original\n", updated: Self.files[home]!)])
        try Data("// swapped\n".utf8).write(to: root.appendingPathComponent(".seam-journal/files/0.original"))
        let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(write.status == 2, "\(write.output)")
        #expect(write.stderr.contains("does not match its checksum"), "\(write.stderr)")
        #expect(try treeIsUnchanged(root))
    }

    /// A symbolic link on the way to a journal target (a folder of the tree replaced by a link out of it).
    @Test func aTargetReachedThroughASymbolicLinkIsRefused() async throws {
        let (folder, root) = try await project(git: false)
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url("elsewhere"), withIntermediateDirectories: true)
        try Data("victim\n".utf8).write(to: folder.url("elsewhere/victim.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Out").path, withDestinationPath: folder.url("elsewhere").path)
        try writeJournal(at: root, entries: [Entry(target: "Out/victim.txt", original: "pwned\n", updated: "victim\n")])
        let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(write.status == 2, "\(write.output)")
        #expect(write.stderr.contains("through the symbolic link"), "\(write.stderr)")
        #expect(try text(folder.url("elsewhere/victim.txt")) == "victim\n")
    }

    // MARK: Guards before recovery

    /// Recovery comes after the write's guard: another uncommitted change stops it before anything is restored.
    @Test func recoveryWaitsForTheDirtyTreeGuard() async throws {
        let (folder, root) = try await project()
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        let written = "// the interrupted write's text\n"
        try Data(written.utf8).write(to: root.appendingPathComponent(home))
        try writeJournal(at: root, entries: [Entry(target: home, original: Self.files[home]!, updated: written)])
        try Data("// my work\n".utf8).write(to: root.appendingPathComponent("Sources/App/Notes.swift"))

        let refused = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(refused.status == 2, "\(refused.output)")
        #expect(refused.stderr.contains("uncommitted changes (Sources/App/Notes.swift)"), "\(refused.stderr)")
        #expect(try text(root.appendingPathComponent(home)) == written, "nothing restored before the guard")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".seam-journal/manifest.json").path))

        let allowed = try await SeamCLI.run(["migrate", ".", "--write", "--allow-dirty"], in: root)
        #expect(allowed.status == 0, "\(allowed.output)")
        #expect(allowed.stderr.contains("undid an interrupted migration: 1 file(s) restored"), "\(allowed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".seam-journal").path))
    }

    /// A stale journal, and a checkout of a commit that holds the finished migration: nothing is reverted, no
    /// committed mock deleted.
    @Test func aStaleJournalNeverRevertsWhatACommitHolds() async throws {
        let (folder, root) = try await project()
        defer { folder.remove() }
        let migrate = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(migrate.status == 0, "\(migrate.output)")
        try await git(["add", "."], in: root)
        try await git(["commit", "-q", "-m", "migrated"], in: root)
        // The journal the write would have left, had it been killed just before removing it.
        let changed = try await git(["diff", "--name-only", "HEAD~1", "HEAD"], in: root).split(separator: "\n").map(
            String.init)
        #expect(changed.contains("Tests/AppTests/Mocks/MockDataStore.swift"))
        var entries: [Entry] = []
        for path in changed {
            let updated = try text(root.appendingPathComponent(path))
            entries.append(Entry(target: path, original: Self.files[path], updated: updated))
        }
        try writeJournal(at: root, entries: entries, createdFolders: ["Tests/AppTests/Mocks"])
        let committed = try changed.map { try text(root.appendingPathComponent($0)) }

        let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(write.status == 2, "\(write.output)")
        #expect(write.stderr.contains(".seam-journal is stale"), "\(write.stderr)")
        #expect(try changed.map { try text(root.appendingPathComponent($0)) } == committed, "committed files untouched")
        let preview = try await SeamCLI.run(["migrate", "."], in: root)
        #expect(preview.status == 2, "\(preview.output)")
        #expect(
            preview.stderr.contains(".seam-journal is stale") && !preview.stderr.contains("--write"),
            "\(preview.stderr)")
    }

    // MARK: A manifest that cannot be read

    /// A folder where the manifest should be: the originals are kept, the tree is not migrated again.
    @Test func aManifestThatCannotBeReadKeepsTheOriginals() async throws {
        let (folder, root) = try await project(git: false)
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        let written = "final class Home {\n    func go() { dataStore.clear() }\n}\n"
        try Data(written.utf8).write(to: root.appendingPathComponent(home))
        try writeJournal(at: root, entries: [Entry(target: home, original: Self.files[home]!, updated: written)])
        let manifest = root.appendingPathComponent(".seam-journal/manifest.json")
        try FileManager.default.removeItem(at: manifest)
        try FileManager.default.createDirectory(at: manifest, withIntermediateDirectories: true)

        for _ in 0..<2 {
            let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
            #expect(write.status == 2, "\(write.output)")
            #expect(write.stderr.contains("its manifest.json is a directory"), "\(write.stderr)")
            #expect(
                FileManager.default.fileExists(
                    atPath: root.appendingPathComponent(".seam-journal/files/0.original").path))
            #expect(
                try text(root.appendingPathComponent(home)) == written, "the half-written tree is not migrated again")
            #expect(
                try text(root.appendingPathComponent("Sources/App/Settings.swift"))
                    == Self.files["Sources/App/Settings.swift"])
        }
        let preview = try await SeamCLI.run(["migrate", "."], in: root)
        #expect(preview.status == 2 && !preview.stderr.contains("--write"), "\(preview.output)")
    }

    /// An unreadable manifest (permissions; root reads everything, so `seam` runs as `nobody` over a tree it owns).
    @Test(.enabled(if: geteuid() == 0, "runs seam as nobody"))
    func anUnreadableManifestKeepsTheOriginals() async throws {
        let (folder, root) = try await project(git: false)
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        let written = "final class Home {\n    func go() { dataStore.clear() }\n}\n"
        try Data(written.utf8).write(to: root.appendingPathComponent(home))
        try writeJournal(at: root, entries: [Entry(target: home, original: Self.files[home]!, updated: written)])
        #expect(try await Command.run("chown", ["-R", "65534:65534", folder.path], in: root).status == 0)
        #expect(chmod(root.appendingPathComponent(".seam-journal/manifest.json").path, 0) == 0)

        let write = try await SeamCLI.runUnprivileged(["migrate", ".", "--write"], in: root)
        #expect(write.status == 2, "\(write.output)")
        #expect(write.stderr.contains("its manifest.json cannot be read (permission denied)"), "\(write.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: root.appendingPathComponent(".seam-journal/files/0.original").path))
        #expect(try text(root.appendingPathComponent(home)) == written)
    }

    // MARK: Messages

    @Test func aJournalOfADeadOrUnknownProcessIsNotCalledWriting() async throws {
        let (folder, root) = try await project(git: false)
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        // Process 0 (unknown) and a dead process: an interrupted write, undone, never "another ... is writing".
        for pid: Int32 in [0, 2_147_483_000] {
            let written = "// written\n"
            try Data(written.utf8).write(to: root.appendingPathComponent(home))
            try writeJournal(
                at: root, entries: [Entry(target: home, original: Self.files[home]!, updated: written)], pid: pid)
            let preview = try await SeamCLI.run(["migrate", "."], in: root)
            #expect(
                !preview.stderr.contains("is writing") && preview.stderr.contains("an interrupted"), "\(preview.stderr)"
            )
            let write = try await SeamCLI.run(["migrate", ".", "--write", "--only", "protocols"], in: root)
            #expect(write.status == 0, "pid \(pid): \(write.output)")
            #expect(write.stderr.contains("undid an interrupted migration"), "\(write.stderr)")
            for (path, text) in Self.files { try Data(text.utf8).write(to: root.appendingPathComponent(path)) }
        }
        // A journal appearing while this run plans, left by a dead process: named as such.
        let realRoot = FilePaths.realPath(root.path)
        try writeJournal(at: root, entries: [Entry(target: home, original: "a\n", updated: "b\n")])
        let error = #expect(throws: MigrationError.self) {
            try MigrationJournal.create(root: realRoot, entries: [], originals: [:], updates: [:], createdFolders: [])
        }
        #expect(
            error?.description.contains("(process 2147483000, no longer running)") == true,
            "\(String(describing: error))")
        #expect(error?.description.contains("is writing") == false)
    }

    /// A live process's journal is busy only while recent: dated in the future (a clock set back, a forged
    /// manifest) it is not, and is undone.
    @Test func aJournalDatedInTheFutureIsNotBusy() async throws {
        let (folder, root) = try await project(git: false)
        defer { folder.remove() }
        let home = "Sources/App/Home.swift"
        let written = "// written\n"
        try Data(written.utf8).write(to: root.appendingPathComponent(home))
        // This test process runs: a recent journal of it is busy.
        try writeJournal(
            at: root, entries: [Entry(target: home, original: Self.files[home]!, updated: written)], pid: getpid())
        let busy = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(busy.status == 2 && busy.stderr.contains("(process \(getpid())) is writing"), "\(busy.output)")

        try FileManager.default.removeItem(at: root.appendingPathComponent(".seam-journal"))
        try writeJournal(
            at: root, entries: [Entry(target: home, original: Self.files[home]!, updated: written)], pid: getpid(),
            created: Date().timeIntervalSince1970 + 365 * 86_400)
        let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
        #expect(write.status == 0, "\(write.output)")
        #expect(write.stderr.contains("undid an interrupted migration: 1 file(s) restored"), "\(write.stderr)")
    }

    @Test func aThousandRefusedFilesMakeAShortMessage() {
        let problems = (0..<1_000).map { "Sources/App/File\($0).swift changed after the migration was planned" }
        let message = MigrationError.targetsRefused(problems).description
        #expect(message.count < 1_000, "\(message.count) characters")
        #expect(message.hasSuffix("; and 990 more"), "\(message)")
        #expect(!message.contains("\n"))
        let conflicts = MigrationError.interruptedWriteConflicts(journal: "/r/.seam-journal", conflicts: problems)
            .description
        #expect(conflicts.count < 1_200 && conflicts.contains("and 990 more"), "\(conflicts.count)")
    }

    @Test func aRollbackThatFailsSaysFirstThatTheTreeIsHalfMigrated() {
        let error = MigrationError.transactionFailed(
            file: "Sources/App/Settings.swift", reason: "no space left on device",
            restored: ["Sources/App/DataStore.swift"],
            notRestored: ["Sources/App/Home.swift"], journal: "/r/.seam-journal")
        #expect(error.description.hasPrefix("the tree is half-migrated: "), "\(error.description)")
        #expect(
            error.description.contains(
                "the next `seam migrate --write` restores them from their originals, kept in /r/.seam-journal"),
            "\(error.description)")
    }
}
