import Foundation
import SeamTestSupport
import Testing

/// `seam migrate --write` killed with SIGKILL at any moment: after the next run the tree is fully migrated,
/// exactly as an uninterrupted run leaves it, with nothing stray for `git add -A` to pick up.
///
/// Every wait is `await`ed (``RunningProcess``, `Task.sleep`), so the half minute this takes never holds a
/// thread of the cooperative pool the asynchronous tests running beside it need.
@Suite(.serialized) struct KillDuringWriteTests {
    /// A small app: one singleton reached from ten types, and a test folder, so the write replaces eleven files
    /// and creates a mock in a new folder.
    static let files: [String: String] = {
        var files = [
            "Sources/App/DataStore.swift":
                "final class DataStore {\n    static let shared = DataStore()\n    func clear() {}\n    func count() -> Int { 0 }\n}\n",
            "Tests/AppTests/HomeTests.swift": "import Testing\n",
        ]
        for index in 1...10 {
            files["Sources/App/Screen\(index).swift"] = """
                final class Screen\(index) {
                    func reset() { DataStore.shared.clear() }
                    var total: Int { DataStore.shared.count() }
                }

                """
        }
        return files
    }()

    @Test(.timeLimit(.minutes(10)))  // about 25 s; generous for `--sanitize=thread` builds
    func killedAtAnyMomentTheNextRunConverges() async throws {
        let project = try TemporaryDirectory(prefix: "kill", files: Self.files)
        defer { project.remove() }
        try await git(["init", "-q"], in: project.url)
        try await git(["add", "."], in: project.url)
        try await git(["commit", "-q", "-m", "initial"], in: project.url)
        let original = try snapshot(project.url)

        // The reference: an uninterrupted run, and how long it takes.
        let start = Date()
        let reference = try await seam(["migrate", ".", "--write"], in: project.url)
        let duration = Date().timeIntervalSince(start)
        #expect(reference.status == 0, "\(reference.output)")
        let migrated = try snapshot(project.url)
        let migratedStatus = try await git(["status", "--porcelain", "--untracked-files=all"], in: project.url)
        #expect(migrated != original)
        #expect(migrated.keys.contains("Tests/AppTests/Mocks/MockDataStore.swift"))

        var interruptedMidWrite = 0
        var halfWritten = 0
        let kills = 24
        for iteration in 0..<kills {
            try await reset(project.url)
            #expect(try snapshot(project.url) == original)
            let process = try RunningProcess(
                executable: SeamCLI.executable, ["migrate", ".", "--write"], in: project.url)
            if iteration < 8 {
                // Anywhere in the run: loading, planning, writing, or after.
                try await Task.sleep(for: .seconds(duration * Double(iteration) / 7))
            } else {
                // In the write itself: once the journal is in place (files are about to be replaced), at once or a
                // little later each time.
                try await waitForJournal(in: project.url, process: process, timeout: duration * 3)
                if iteration > 8 { try await Task.sleep(for: .microseconds((iteration - 8) * 150)) }
            }
            process.kill()
            _ = await process.exit()

            // The project's own files (seam's clearly named leftovers apart: they are checked after the next run).
            let afterKill = try snapshot(project.url).filter {
                !$0.key.contains(".seam-journal") && !$0.key.contains(".seam-tmp-")
            }
            // A journal with its manifest: the kill interrupted the transaction. (A journal folder without one
            // is a journal being removed after a complete write.)
            let interrupted = FileManager.default.fileExists(atPath: project.url(".seam-journal/manifest.json").path)
            if interrupted { interruptedMidWrite += 1 }
            if afterKill != original && afterKill != migrated { halfWritten += 1 }
            // Without a journal, the kill left the tree either untouched or completely written.
            #expect(
                interrupted || afterKill == original || afterKill == migrated,
                "iteration \(iteration): half-written tree without a journal: \(diff(afterKill, original))")

            let next = try await seam(["migrate", ".", "--write"], in: project.url)
            if afterKill == migrated && !interrupted {
                // Already migrated: the next run cleans what the kill left and refuses the now dirty tree.
                #expect(
                    next.status == 2 && next.stderr.contains("uncommitted changes"),
                    "iteration \(iteration): \(next.output)")
            } else {
                #expect(next.status == 0, "iteration \(iteration): \(next.output)")
                #expect(
                    interrupted == next.stderr.contains("undid an interrupted migration"),
                    "iteration \(iteration): \(next.stderr)")
            }
            let converged = try snapshot(project.url)
            #expect(converged == migrated, "iteration \(iteration): \(diff(converged, migrated))")
            let status = try await git(["status", "--porcelain", "--untracked-files=all"], in: project.url)
            #expect(status == migratedStatus, "iteration \(iteration): stray files:\n\(status)")
            #expect(!status.contains(".seam"), "iteration \(iteration): \(status)")
        }
        // Typically 13-18 of the 24 kills land in the transaction, 1-6 of them with only some files written.
        #expect(
            interruptedMidWrite > 0, "no kill landed while files were being written (\(halfWritten) half-written trees)"
        )
    }

    /// The journal's own path under the kill loop: a write killed mid-transaction, then the run that recovers
    /// it killed too (at once, or later each time). The preview in between refuses without touching a file, and
    /// the next run still converges to the uninterrupted result, with nothing stray.
    @Test(.timeLimit(.minutes(10)))
    func killedWhileRecoveringTheNextRunConverges() async throws {
        let project = try TemporaryDirectory(prefix: "kill-recovery", files: Self.files)
        defer { project.remove() }
        try await git(["init", "-q"], in: project.url)
        try await git(["add", "."], in: project.url)
        try await git(["commit", "-q", "-m", "initial"], in: project.url)
        let original = try snapshot(project.url)
        let start = Date()
        let reference = try await seam(["migrate", ".", "--write"], in: project.url)
        let duration = Date().timeIntervalSince(start)
        #expect(reference.status == 0, "\(reference.output)")
        let migrated = try snapshot(project.url)
        let migratedStatus = try await git(["status", "--porcelain", "--untracked-files=all"], in: project.url)

        var recoveriesKilled = 0
        for iteration in 0..<8 {
            try await reset(project.url)
            #expect(try snapshot(project.url) == original)
            let writer = try RunningProcess(
                executable: SeamCLI.executable, ["migrate", ".", "--write"], in: project.url)
            try await waitForJournal(in: project.url, process: writer, timeout: duration * 3)
            try await Task.sleep(for: .microseconds(iteration * 200))
            writer.kill()
            _ = await writer.exit()
            guard FileManager.default.fileExists(atPath: project.url(".seam-journal/manifest.json").path) else {
                continue
            }

            // A preview refuses the half-written tree and changes nothing.
            let before = try snapshot(project.url)
            let preview = try await seam(["migrate", "."], in: project.url)
            #expect(
                preview.status == 2 && preview.stderr.contains("an interrupted `seam migrate --write` left"),
                "\(preview.output)")
            #expect(try snapshot(project.url) == before)

            // The recovering run, killed at once or a little later each time.
            let recovering = try RunningProcess(
                executable: SeamCLI.executable, ["migrate", ".", "--write"], in: project.url)
            try await Task.sleep(for: .seconds(duration * Double(iteration) / 6))
            recovering.kill()
            _ = await recovering.exit()
            recoveriesKilled += 1
            let afterKill = try snapshot(project.url).filter {
                !$0.key.contains(".seam-journal") && !$0.key.contains(".seam-tmp-")
            }
            let interrupted = FileManager.default.fileExists(atPath: project.url(".seam-journal/manifest.json").path)

            let next = try await seam(["migrate", ".", "--write"], in: project.url)
            if afterKill == migrated && !interrupted {
                #expect(
                    next.status == 2 && next.stderr.contains("uncommitted changes"),
                    "iteration \(iteration): \(next.output)")
            } else {
                #expect(next.status == 0, "iteration \(iteration): \(next.output)")
            }
            let converged = try snapshot(project.url)
            #expect(converged == migrated, "iteration \(iteration): \(diff(converged, migrated))")
            let status = try await git(["status", "--porcelain", "--untracked-files=all"], in: project.url)
            #expect(status == migratedStatus, "iteration \(iteration): stray files:\n\(status)")
        }
        #expect(recoveriesKilled > 0, "no write was interrupted with its journal in place")
    }

    // MARK: Helpers

    @discardableResult
    private func git(_ arguments: [String], in directory: URL) async throws -> String {
        let result = try await RunningProcess.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
            in: directory)
        #expect(result.status == 0, "git \(arguments): \(result.output)")
        return result.stdout
    }

    private func seam(_ arguments: [String], in directory: URL) async throws -> CommandResult {
        try await RunningProcess.run(executable: SeamCLI.executable, arguments, in: directory)
    }

    /// Back to the committed tree; run only after the stray-file checks.
    private func reset(_ root: URL) async throws {
        try await git(["checkout", "-q", "--", "."], in: root)
        try await git(["clean", "-q", "-f", "-d", "-x"], in: root)
    }

    /// Returns once the journal is in place, the process ended, or `timeout` passed.
    private func waitForJournal(in root: URL, process: RunningProcess, timeout: TimeInterval) async throws {
        let manifest = root.appendingPathComponent(".seam-journal/manifest.json").path
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if access(manifest, F_OK) == 0 { return }
            try await Task.sleep(for: .microseconds(20))
        }
    }

    /// Every file under the root but `.git`, by relative path.
    private func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            if path == ".git" || path.hasPrefix(".git/") { continue }
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    private func diff(_ left: [String: Data], _ right: [String: Data]) -> String {
        Set(left.keys).union(right.keys).sorted().filter { left[$0] != right[$0] }.joined(separator: ", ")
    }
}
