import Foundation
import SeamTestSupport
import Testing

/// A disk that fills up during `seam migrate --write`, so that the rollback cannot put every file back either:
/// the message says first that the tree is half-migrated and that the next run restores it, and the next run
/// (with space again) does, then migrates: the tree ends exactly as an uninterrupted run leaves it.
///
/// On a small `tmpfs` (root only, where mounting is allowed): the first file grows by a page when migrated and
/// the second too, so once both are written there is less room than the first file's original needs.
@Suite(.serialized) struct FullDiskRollbackTests {
    static let page = 4096

    /// `text` padded with comment lines to exactly `size` bytes.
    static func padded(_ text: String, to size: Int) -> String {
        var result = text
        while result.utf8.count < size {
            let room = size - result.utf8.count
            if room < 4 {
                result += String(repeating: "\n", count: room)
            } else {
                let line = min(room, 120)
                result += "//" + String(repeating: "x", count: line - 3) + "\n"
            }
        }
        return result
    }

    static let files: [String: String] = [
        "Sources/App/DataStore.swift": padded(
            "final class DataStore {\n    static let shared = DataStore()\n    func clear() {}\n}\n", to: 16 * page),
        "Sources/App/Home.swift": padded(
            "final class Home {\n    func go() { DataStore.shared.clear() }\n}\n", to: page),
        "Sources/App/Settings.swift": padded(
            "final class Settings {\n    func reset() { DataStore.shared.clear() }\n}\n", to: 20 * page - 100),
        "Tests/AppTests/HomeTests.swift": "import Testing\n",
    ]

    static var canMount: Bool {
        guard geteuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("seam-mount-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) == 0 else { return false }
        _ = run("/bin/umount", [probe.path])
        return true
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = try? ChildProcess(
            executable: URL(fileURLWithPath: executable), arguments, in: URL(fileURLWithPath: "/"),
            standardOutput: .null, standardError: .null
        )
        return process?.waitUntilEnded().status ?? -1
    }

    private static func pages(_ bytes: Int) -> Int { (bytes + page - 1) / page }

    private func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let url = root.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    @Test(.enabled(if: canMount, "needs root and permission to mount a tmpfs"), .timeLimit(.minutes(10)))
    func aRollbackOnAFullDiskSaysTheTreeIsHalfMigratedAndTheNextRunRestoresIt() async throws {
        // The reference: how large every journaled file is once migrated.
        let reference = try TemporaryDirectory(prefix: "fulldisk-reference", files: Self.files)
        defer { reference.remove() }
        let migration = try await SeamCLI.run(["migrate", ".", "--write"], in: reference.url)
        #expect(migration.status == 0, "\(migration.output)")
        let migrated = try snapshot(reference.url)
        let original = Self.files.mapValues { Data($0.utf8) }
        let changed = migrated.filter { original[$0.key] != $0.value }
        #expect(
            changed.keys.sorted() == [
                "Sources/App/DataStore.swift", "Sources/App/Home.swift", "Sources/App/Settings.swift",
                "Tests/AppTests/Mocks/MockDataStore.swift",
            ])
        // The journal: every original and every new text, a README and the manifest (a page each).
        let journalPages = changed.reduce(2) { total, file in
            total + Self.pages(file.value.count) + Self.pages(original[file.key]?.count ?? 0)
        }
        let firstUpdated = Self.pages(migrated["Sources/App/DataStore.swift"]!.count)

        var halfMigrated = 0
        // The room left once the journal is written: about what the first file's new text needs, give or take.
        for slack in -2...3 {
            let mountPoint = try TemporaryDirectory(prefix: "fulldisk")
            defer { mountPoint.remove() }
            #expect(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.path]) == 0)
            defer { Self.run("/bin/umount", [mountPoint.path]) }
            let root = mountPoint.url.appendingPathComponent("project")
            for (path, text) in Self.files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            var status = statvfs()
            #expect(statvfs(mountPoint.path, &status) == 0)
            let free = Int(status.f_bavail) * Int(status.f_frsize)
            let filler = free - (journalPages + firstUpdated + slack) * Self.page
            guard filler > 0 else { continue }
            try Data(count: filler).write(to: mountPoint.url.appendingPathComponent("filler"))

            let write = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
            if write.status == 0 { continue }  // enough room after all
            #expect(write.status == 2, "slack \(slack): \(write.output)")
            let error = write.stderr.split(separator: "\n").last.map(String.init) ?? ""
            if error.contains("cannot write the journal") {
                #expect(try snapshot(root) == original, "no room for the journal: nothing written")
            } else if error.hasPrefix("seam: error: the tree is half-migrated: ") {
                halfMigrated += 1
                #expect(error.contains("no space left on device"), "\(error)")
                #expect(
                    error.contains("the next `seam migrate --write` restores them from their originals, kept in "),
                    "\(error)")
                #expect(error.contains("(free some disk space first)"), "\(error)")
                #expect(
                    try snapshot(root).filter { !$0.key.hasPrefix(".seam-journal") } != original, "half-migrated indeed"
                )
                // With room again, the next run restores and migrates.
                try FileManager.default.removeItem(at: mountPoint.url.appendingPathComponent("filler"))
                let next = try await SeamCLI.run(["migrate", ".", "--write"], in: root)
                #expect(next.status == 0, "\(next.output)")
                #expect(next.stderr.contains("undid an interrupted migration"), "\(next.stderr)")
                #expect(try snapshot(root) == migrated)
            } else {
                // Every file put back: said so, and so it is.
                #expect(error.contains("so every file is as it was before"), "slack \(slack): \(error)")
                #expect(try snapshot(root) == original)
            }
        }
        #expect(halfMigrated > 0, "no run ended half-migrated: the sizes no longer make the rollback run out of room")
    }
}
