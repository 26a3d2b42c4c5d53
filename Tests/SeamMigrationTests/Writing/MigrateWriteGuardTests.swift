import Foundation
import SeamTestSupport
import Testing

/// `seam migrate --write`'s guards, through the real binary: the dirty-tree check fails closed, read-only
/// files need a flag, and what killed runs left behind is cleaned up (only seam's own files).
@Suite struct MigrateWriteGuardTests {
    static let files = WriteTransactionTests.files

    private func git(_ arguments: [String], in directory: URL) async throws {
        let result = try await Command.run(
            "git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
            in: directory)
        #expect(result.status == 0, "git \(arguments): \(result.output)")
    }

    /// A committed repository holding the fixture.
    private func repository() async throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory(prefix: "guard", files: Self.files)
        try await git(["init", "-q"], in: folder.url)
        try await git(["add", "."], in: folder.url)
        try await git(["commit", "-q", "-m", "initial"], in: folder.url)
        return folder
    }

    private func unchanged(_ folder: TemporaryDirectory) throws -> Bool {
        try Self.files.allSatisfy { path, text in try String(contentsOf: folder.url(path), encoding: .utf8) == text }
    }

    @Test func withoutGitADirtyRepositoryIsRefusedUnlessAllowed() async throws {
        let folder = try await repository()
        defer { folder.remove() }
        try folder.write("// uncommitted\n", to: "Sources/App/Notes.swift")
        // `/usr/bin/env git` finds no git on this PATH.
        let refused = try await SeamCLI.run(
            ["migrate", ".", "--write"], in: folder.url, environment: ["PATH": "/nonexistent"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix("seam: error: cannot check . for uncommitted changes (it is in a git repository (")
                && refused.stderr.contains(
                    "but git is not installed), so nothing was written; fix git, or pass --allow-dirty"),
            "\(refused.stderr)")
        #expect(try unchanged(folder))
        let allowed = try await SeamCLI.run(
            ["migrate", ".", "--write", "--allow-dirty"], in: folder.url, environment: ["PATH": "/nonexistent"])
        #expect(allowed.status == 0, "\(allowed.output)")
        #expect(try !unchanged(folder))
    }

    @Test func aRepositoryGitRefusesIsRefused() async throws {
        let folder = try TemporaryDirectory(prefix: "guard", files: Self.files)
        defer { folder.remove() }
        try folder.write("gitdir: /nonexistent/repository\n", to: ".git")
        let refused = try await SeamCLI.run(["migrate", ".", "--write"], in: folder.url)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "cannot check . for uncommitted changes (git refuses it: fatal: not a git repository"),
            "\(refused.stderr)")
        #expect(try unchanged(folder))
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give the repository to another user"))
    func aRepositoryOfDubiousOwnershipIsRefused() async throws {
        let folder = try await repository()
        defer { folder.remove() }
        let chown = try await Command.run("chown", ["-R", "65534:65534", folder.path], in: folder.url)
        #expect(chown.status == 0)
        let refused = try await SeamCLI.run(
            ["migrate", ".", "--write"], in: folder.url, environment: ["HOME": folder.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("git refuses it: fatal: detected dubious ownership"), "\(refused.stderr)")
        #expect(try unchanged(folder))
    }

    @Test func aFolderInNoRepositoryIsWrittenWithANote() async throws {
        let folder = try TemporaryDirectory(prefix: "guard", files: Self.files)
        defer { folder.remove() }
        let result = try await SeamCLI.run(["migrate", ".", "--write"], in: folder.url)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.stderr.hasPrefix(
                "seam: note: . is in no git repository; writing without checking for uncommitted changes\n"))
        #expect(try !unchanged(folder))
    }

    @Test func aReadOnlyFileIsRefusedByNameUnlessAllowed() async throws {
        let folder = try await repository()
        defer { folder.remove() }
        let home = folder.url("Sources/App/Home.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: home)
        let refused = try await SeamCLI.run(["migrate", ".", "--write", "--allow-dirty"], in: folder.url)
        #expect(refused.status == 2)
        #expect(
            refused.stderr == "seam: error: nothing was written: Sources/App/Home.swift is read-only (mode 444); "
                + "pass --allow-read-only to rewrite it\n", "\(refused.stderr)")
        #expect(try unchanged(folder))
        let allowed = try await SeamCLI.run(
            ["migrate", ".", "--write", "--allow-dirty", "--allow-read-only"], in: folder.url)
        #expect(allowed.status == 0, "\(allowed.output)")
        #expect(try String(contentsOfFile: home, encoding: .utf8).contains("dataStore.clear()"))
        #expect(try FileManager.default.attributesOfItem(atPath: home)[.posixPermissions] as? Int == 0o444)
    }

    @Test func temporaryFilesOfDeadRunsAreRemovedAndOthersKept() async throws {
        let folder = try await repository()
        defer { folder.remove() }
        let dead = "Sources/App/.Home.swift.seam-tmp-2147483000-0000beef"
        let legacy = "Sources/App/.Home.swift.seam-0F3E2A1B-9C8D-4E5F-A6B7-C8D9E0F1A2B3.tmp"  // seam 0.1.0's name
        let foreign = "Sources/App/.Home.swift.tmp"
        for path in [dead, legacy, foreign] { try folder.write("final class Half {\n", to: path) }
        // The old-style name says no process: it goes once it is older than any write could take.
        let old = Date(timeIntervalSinceNow: -3_600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.url(legacy).path)
        try await git(["add", "."], in: folder.url)
        try await git(["commit", "-q", "-m", "leftovers"], in: folder.url)

        let result = try await SeamCLI.run(["migrate", ".", "--write"], in: folder.url)
        #expect(result.status == 0, "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.url(dead).path))
        #expect(!FileManager.default.fileExists(atPath: folder.url(legacy).path))
        #expect(FileManager.default.fileExists(atPath: folder.url(foreign).path), "not seam's: kept")
    }

    @Test func aPreviewOverAnInterruptedWriteIsRefused() async throws {
        let folder = try await repository()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url(".seam-journal"), withIntermediateDirectories: true)
        try folder.write("{}", to: ".seam-journal/manifest.json")
        let preview = try await SeamCLI.run(["migrate", "."], in: folder.url)
        #expect(preview.status == 2)
        // `{}` is no manifest: the journal is refused as untrusted (a valid one is refused as interrupted, see
        // `JournalTrustTests`), and the preview does not send the user to `--write`.
        #expect(preview.stderr.contains("/.seam-journal is not a journal seam can trust"), "\(preview.stderr)")
        #expect(!preview.stderr.contains("--write"))
    }

    /// `--mocks-dir` given as an absolute path: inside the root it is that folder (not `<root>/<abs path>`),
    /// outside it is refused, and so is a relative path leading out.
    @Test func anAbsoluteMocksDirIsTakenAsItIs() async throws {
        let folder = try await repository()
        defer { folder.remove() }
        let outside = try TemporaryDirectory(prefix: "mocks-outside")
        defer { outside.remove() }
        for directory in [outside.path, "../" + outside.url.lastPathComponent, "/"] {
            let refused = try await SeamCLI.run(["migrate", ".", "--write", "--mocks-dir", directory], in: folder.url)
            #expect(refused.status == 2, "\(directory): \(refused.output)")
            #expect(refused.stderr.contains("invalid --mocks-dir: \(directory) is outside ."), "\(refused.stderr)")
            #expect(try unchanged(folder))
            #expect(try outside.fileNames().isEmpty)
        }
        let inside = folder.url("Tests/AppTests/Doubles").path
        let written = try await SeamCLI.run(["migrate", ".", "--write", "--mocks-dir", inside], in: folder.url)
        #expect(written.status == 0, "\(written.output)")
        #expect(FileManager.default.fileExists(atPath: folder.url("Tests/AppTests/Doubles/MockDataStore.swift").path))
        #expect(
            !FileManager.default.fileExists(atPath: folder.url(String(inside.dropFirst())).path),
            "not under <root>/<absolute path>")
    }
}
