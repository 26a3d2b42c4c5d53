import Foundation
import SeamTestSupport
import Testing

/// `--output` and `--baseline` write the user's files: through a symbolic link to its target, atomically,
/// keeping permissions, never replacing a FIFO (or a device), and cleaning up what a killed run left.
@Suite("seam: writing --output and --baseline files")
struct OutputFileSafetyTests {
    private static let sources = ["Sources/Store.swift": "final class Store {\n    static let shared = Store()\n}\n"]

    private func kind(_ url: URL) throws -> FileAttributeType? {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return attributes[.type] as? FileAttributeType
    }

    @Test func outputThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() async throws {
        let folder = try TemporaryDirectory(files: Self.sources.merging(["reports/real.txt": "old\n"]) { $1 })
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.url("report.txt").path, withDestinationPath: "reports/real.txt")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o640], ofItemAtPath: folder.url("reports/real.txt").path)

        let result = try await SeamCLI.run(["audit", ".", "--output", "report.txt"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try kind(folder.url("report.txt")) == .typeSymbolicLink, "the link is still a link")
        let written = try String(contentsOf: folder.url("reports/real.txt"), encoding: .utf8)
        #expect(written.contains("Migration progress"))
        let permissions = try FileManager.default.attributesOfItem(atPath: folder.url("reports/real.txt").path)[
            .posixPermissions]
        #expect(permissions as? Int == 0o640, "the target keeps its permissions")
        #expect(try folder.fileNames().filter { $0.contains("seam-tmp") }.isEmpty)
    }

    @Test(arguments: ["--output", "--baseline"])
    func aFIFOIsRefusedAndLeftAFIFO(option: String) async throws {
        let folder = try TemporaryDirectory(files: Self.sources)
        defer { folder.remove() }
        #expect(mkfifo(folder.url("pipe").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.url("link").path, withDestinationPath: "pipe")

        for name in ["pipe", "link"] {
            let result = try await SeamCLI.run(["audit", ".", option, name], in: folder.url)
            #expect(result.status == 2, "\(option) \(name): \(result.output)")
            #expect(result.stderr.contains("not a regular file (a FIFO)"), "\(result.stderr)")
            #expect(try kind(folder.url("pipe")) != .typeRegular, "not replaced by a regular file")
            #expect(try kind(folder.url("link")) == .typeSymbolicLink)
        }
        var status = stat()
        #expect(stat(folder.url("pipe").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    /// A copy of `/dev/null` made in the test's folder (root only; elsewhere `mknod` is refused and the test
    /// does not run), so a regression cannot replace the machine's own.
    #if os(Linux)
    @Test(.enabled(if: geteuid() == 0, "only root can make a device file"))
    func aDeviceIsRefusedAndLeftADevice() async throws {
        let folder = try TemporaryDirectory(files: Self.sources)
        defer { folder.remove() }
        let device = folder.url("null").path
        let made = mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3))  // 1,3: the null device
        #expect(made == 0, "mknod refused: \(errno)")
        guard made == 0 else { return }
        for option in ["--output", "--baseline"] {
            let result = try await SeamCLI.run(["audit", ".", option, "null"], in: folder.url)
            #expect(result.status == 2, "\(option): \(result.output)")
            #expect(
                result.stderr.contains("null: not a regular file (a character device)")
                    || result.stderr.contains(
                        "null: cannot read the baseline (not a regular file (a character device))"),
                "\(result.stderr)")
            var status = stat()
            #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "still a device")
        }
    }
    #endif

    @Test func aFolderIsRefusedInPlainWords() async throws {
        let folder = try TemporaryDirectory(files: Self.sources)
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url("out"), withIntermediateDirectories: true)
        let result = try await SeamCLI.run(["audit", ".", "--output", "out"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "seam: error: cannot write the report to out: not a regular file (a directory)\n")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func theBaselineIsRecordedThroughASymbolicLink() async throws {
        let folder = try TemporaryDirectory(files: Self.sources)
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url("ci"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url("baseline.json").path, withDestinationPath: "ci/baseline.json")

        let record = try await SeamCLI.run(["audit", ".", "--baseline", "baseline.json"], in: folder.url)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try kind(folder.url("baseline.json")) == .typeSymbolicLink)
        #expect(try String(contentsOf: folder.url("ci/baseline.json"), encoding: .utf8).contains("\"fingerprints\""))
        let again = try await SeamCLI.run(["audit", ".", "--baseline", "baseline.json"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func staleTemporaryFilesOfADeadRunAreRemovedAndNothingElse() async throws {
        let folder = try TemporaryDirectory(files: Self.sources)
        defer { folder.remove() }
        let dead = ".report.txt.seam-tmp-2147483000-0000beef"  // no such process
        let live = ".report.txt.seam-tmp-\(getpid())-0000cafe"  // this test process: running, recent
        let foreign = ".report.txt.tmp"
        for name in [dead, live, foreign] { try folder.write("partial report\n", to: name) }

        let result = try await SeamCLI.run(["audit", ".", "--output", "report.txt"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        let names = try folder.fileNames()
        #expect(!names.contains(dead), "a dead run's temporary file is removed")
        #expect(names.contains(live), "a running process's temporary file is left alone")
        #expect(names.contains(foreign), "files that are not seam's are never touched")
        #expect(names.filter { $0.contains(".seam-tmp-") } == [live])
    }

    /// A world-writable sticky folder (`/tmp`'s kind) where another user planted `report.txt` as a link to a
    /// file only root may write: a root run must not replace that file. Root only (it gives the link away).
    @Test(
        .enabled(if: geteuid() == 0, "only root can give a symbolic link to another user"),
        arguments: ["--output", "-o", "--baseline"])
    func aLinkAnotherUserPlantedIsNotFollowed(option: String) async throws {
        let folder = try TemporaryDirectory(files: Self.sources.merging(["private/secret": "root only\n"]) { $1 })
        defer { folder.remove() }
        let shared = folder.url("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        #expect(chmod(shared.path, 0o1777) == 0)
        #expect(chmod(folder.url("private/secret").path, 0o600) == 0)
        let link = shared.appendingPathComponent("report.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.url("private/secret").path)
        #expect(lchown(link, 65534, 65534) == 0)

        let result = try await SeamCLI.run(["audit", ".", option, "shared/report.txt"], in: folder.url)
        #expect(result.status == 2, "\(result.output)")
        #expect(
            result.stderr.contains("shared/report.txt")
                && result.stderr.contains("symbolic link owned by another user (uid 65534)"),
            "\(result.stderr)")
        #expect(
            try String(contentsOf: folder.url("private/secret"), encoding: .utf8) == "root only\n",
            "the linked file is untouched")
        #expect(try kind(shared.appendingPathComponent("report.txt")) == .typeSymbolicLink, "the link is left as it is")

        // The caller's own link is still followed (`--update-baseline` shrinks a baseline: the target holds one).
        #expect(lchown(link, 0, 0) == 0)
        if option == "--baseline" {
            try folder.write("{\"version\": 2, \"fingerprints\": {\"gone\": 1}}\n", to: "private/secret")
        }
        let own = try await SeamCLI.run(
            ["audit", ".", option, "shared/report.txt"] + (option == "--baseline" ? ["--update-baseline"] : []),
            in: folder.url)
        #expect(own.status == 0 || own.status == 1, "\(own.output)")
        let written = try String(contentsOf: folder.url("private/secret"), encoding: .utf8)
        #expect(written != "root only\n" && !written.contains("gone"), "\(written)")
    }
}
