import Foundation
import SeamAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal of one `seam migrate --write`: `<root>/.seam-journal/`, holding the original and the new bytes
/// of every file the write touches, so that a failed or killed write can be undone.
///
/// It is built in `.seam-journal.tmp-<pid>-<random>/` and renamed into place before the first file is written,
/// so `.seam-journal/` always holds a complete `manifest.json`; it is removed (manifest first) once the write
/// or its undoing is complete. A `.seam-journal/` left behind means a write was interrupted: the next
/// `seam migrate --write` undoes it (``undo()``) before planning again.
struct MigrationJournal {
    /// The folder name at the migrated root.
    static let folderName = ".seam-journal"
    /// The prefix of a journal being built.
    static let stagingPrefix = ".seam-journal.tmp-"

    /// What the journal records.
    struct Manifest: Codable {
        /// One file the write creates or replaces.
        struct Entry: Codable {
            /// The path relative to the migrated root, as the plan names it.
            var path: String
            /// The file actually written, relative to the root's real path (a symbolic link's target).
            var target: String
            /// The backup's name in `files/`: `<backup>.original` (replaced files) and `<backup>.updated`.
            var backup: String
            /// Whether the write creates the file (there is no original).
            var isCreated: Bool
        }

        var format = "seam migrate --write journal, version 1"
        /// The process that wrote the journal.
        var pid: Int32
        /// When the journal was written, in seconds since 1970.
        var created: Double
        var entries: [Entry]
        /// Folders the write creates (relative to the root's real path), outermost first.
        var createdFolders: [String]
    }

    /// The root's real path (symbolic links resolved).
    let root: String
    /// `<root>/.seam-journal`.
    var folder: String { (root as NSString).appendingPathComponent(Self.folderName) }
    var manifest: Manifest

    private static let readme = """
        This folder belongs to seam (`seam migrate --write`). A migration was being written when this folder
        was left behind: the original of every file it touches is in files/*.original. Run
        `seam migrate --write` again: it restores the originals, removes this folder and migrates again.

        """

    /// Writes the journal and moves it into place.
    ///
    /// - Throws: ``MigrationError`` when another journal is in place (a write in progress or interrupted).
    static func create(
        root: String, entries: [Manifest.Entry], originals: [String: Data], updates: [String: Data], createdFolders: [String]
    ) throws(MigrationError) -> MigrationJournal {
        let manifest = Manifest(
            pid: getpid(), created: Date().timeIntervalSince1970, entries: entries, createdFolders: createdFolders)
        let staging = (root as NSString).appendingPathComponent(
            stagingPrefix + "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
        let files = (staging as NSString).appendingPathComponent("files")
        do {
            try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
            try FileAccess.replace((staging as NSString).appendingPathComponent("README"), with: Data(readme.utf8), displayPath: staging)
            for entry in entries {
                if let original = originals[entry.backup] {
                    try FileAccess.replace((files as NSString).appendingPathComponent("\(entry.backup).original"), with: original, displayPath: entry.path)
                }
                try FileAccess.replace(
                    (files as NSString).appendingPathComponent("\(entry.backup).updated"), with: updates[entry.backup] ?? Data(),
                    displayPath: entry.path)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try FileAccess.replace(
                (staging as NSString).appendingPathComponent("manifest.json"), with: try encoder.encode(manifest), displayPath: staging)
            FileAccess.syncDirectory(files)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw .targetsRefused(["cannot write the journal in \(root): \(FileSystemError.words(for: error))"])
        }
        let journal = MigrationJournal(root: root, manifest: manifest)
        guard rename(staging, journal.folder) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: staging)
            if code == EEXIST || code == ENOTEMPTY || code == EISDIR {
                let owner = (try? load(root: root))??.manifest.pid ?? 0
                throw .journalBusy(journal: journal.folder, owner: owner)
            }
            throw .targetsRefused(["cannot put the journal in place at \(journal.folder): \(FileSystemError.words(forErrno: code))"])
        }
        FileAccess.syncDirectory(root)
        return journal
    }

    /// The journal at `root` (a real path), `nil` when there is none; a journal folder without a manifest (its
    /// write or its removal was complete) is removed.
    static func load(root: String) throws(MigrationError) -> MigrationJournal? {
        let folder = (root as NSString).appendingPathComponent(folderName)
        guard FileStatus(path: folder, followingLinks: false).kind == .directory else { return nil }
        let data: Data
        do {
            data = try FileAccess.read((folder as NSString).appendingPathComponent("manifest.json"))
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else {
            throw .interruptedWriteConflicts(journal: folder, conflicts: ["its manifest.json cannot be read"])
        }
        return MigrationJournal(root: root, manifest: manifest)
    }

    /// The bytes a backup holds.
    func backup(_ entry: Manifest.Entry, _ kind: String) -> Data? {
        try? FileAccess.read((folder as NSString).appendingPathComponent("files/\(entry.backup).\(kind)"))
    }

    /// The absolute path of an entry's written file.
    func target(_ entry: Manifest.Entry) -> String {
        (root as NSString).appendingPathComponent(entry.target)
    }

    /// Whether the process that wrote the journal may still be writing: it runs and the journal is recent.
    var isHeldByAnotherProcess: Bool {
        let pid = manifest.pid
        guard pid != getpid(), pid > 0 else { return false }
        let running = kill(pid, 0) == 0 || errno == EPERM
        return running && Date().timeIntervalSince1970 - manifest.created < TemporaryName.staleAge
    }

    /// What undoing did: the files put back as they were and the created files removed, or the files that
    /// changed since they were written (left alone, with the journal kept).
    struct Undoing {
        var restored: [String] = []
        var removed: [String] = []
        /// Files that hold neither their original nor the written text, with what they hold instead.
        var conflicts: [(path: String, reason: String)] = []
        /// Files that could not be put back (a failing write or removal).
        var failures: [String] = []
    }

    /// Puts every file back as it was before the write: a file holding its new bytes gets its original back, a
    /// created file is removed, a file still as it was is left alone. A file holding neither (changed by someone
    /// else since) is a conflict: nothing is changed then, and the journal stays. Safe to run again after an
    /// interruption, since it only compares bytes.
    ///
    /// - Parameter written: the entries (by path) this process wrote, when it knows them (a rollback): the others
    ///   were never touched, so they are left as they are whatever they hold. `nil` after an interruption.
    func undo(written: Set<String>? = nil) -> Undoing {
        enum Action {
            case restore(Manifest.Entry, Data)
            case remove(Manifest.Entry)
        }
        var result = Undoing()
        var actions: [Action] = []
        for entry in manifest.entries where written?.contains(entry.path) ?? true {
            let path = target(entry)
            let status = FileStatus(path: path, followingLinks: false)
            let current = status.kind == .regular ? try? FileAccess.read(path) : nil
            let updated = backup(entry, "updated")
            if entry.isCreated {
                if status.kind == .missing { continue }
                guard current != nil, current == updated else {
                    result.conflicts.append((entry.path, "was created by the write and has changed since"))
                    continue
                }
                actions.append(.remove(entry))
            } else {
                guard let original = backup(entry, "original") else {
                    result.conflicts.append((entry.path, "has no original in the journal"))
                    continue
                }
                if current == original { continue }
                guard current != nil, current == updated else {
                    result.conflicts.append((entry.path, "holds neither its original nor the migrated text"))
                    continue
                }
                actions.append(.restore(entry, original))
            }
        }
        guard result.conflicts.isEmpty else { return result }
        for action in actions {
            switch action {
            case .restore(let entry, let original):
                do throws(FileSystemError) {
                    try FileAccess.replace(target(entry), with: original, displayPath: entry.path)
                    result.restored.append(entry.path)
                } catch {
                    result.failures.append(entry.path)
                }
            case .remove(let entry):
                if unlink(target(entry)) == 0 { result.removed.append(entry.path) } else { result.failures.append(entry.path) }
            }
        }
        for folder in manifest.createdFolders.reversed() {
            rmdir((root as NSString).appendingPathComponent(folder))  // only when empty
        }
        for folder in Set(manifest.entries.map { (target($0) as NSString).deletingLastPathComponent }) {
            TemporaryName.removeStale(in: folder)
        }
        return result
    }

    /// Removes the journal: the manifest first, so an interruption leaves a folder the next run simply deletes.
    func remove() {
        unlink((folder as NSString).appendingPathComponent("manifest.json"))
        FileAccess.syncDirectory(folder)
        try? FileManager.default.removeItem(atPath: folder)
        FileAccess.syncDirectory(root)
    }

    /// Removes journals left half-built by processes that are gone (`.seam-journal.tmp-<pid>-…`).
    static func removeStaleStaging(in root: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        for name in names where name.hasPrefix(stagingPrefix) {
            guard let pid = Int32(name.dropFirst(stagingPrefix.count).prefix { $0 != "-" }), pid != getpid() else { continue }
            let path = (root as NSString).appendingPathComponent(name)
            let status = FileStatus(path: path, followingLinks: false)
            let age = Date().timeIntervalSince1970 - Double(status.modificationTime) / 1e9
            let running = kill(pid, 0) == 0 || errno == EPERM
            guard status.kind == .directory, !running || age > TemporaryName.staleAge else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
