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
            /// The checksums of the backups (``MigrationJournal/checksum(_:)``); no original for a created file.
            var originalChecksum: String? = nil
            var updatedChecksum = ""
        }

        var format = MigrationJournal.format
        /// The process that wrote the journal.
        var pid: Int32
        /// When the journal was written, in seconds since 1970.
        var created: Double
        var entries: [Entry]
        /// Folders the write creates (relative to the root's real path), outermost first.
        var createdFolders: [String]
    }

    /// The only format this version reads and writes.
    static let format = "seam migrate --write journal, version 2"
    /// The largest manifest read (a real one holds a few hundred bytes per file).
    static let maximumManifestSize = 64 << 20

    /// The root's real path (symbolic links resolved).
    let root: String
    /// `<root>/.seam-journal`.
    var folder: String { PathText.join(root, Self.folderName) }
    var manifest: Manifest
    /// The verified bytes of the backups, by file name in `files/` (`0.original`, `0.updated`).
    let backups: [String: Data]

    /// A checksum of `data` (its size and 64-bit FNV-1a hash), telling a damaged or swapped backup.
    static func checksum(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "\(data.count)-\(String(hash, radix: 16))"
    }

    private static let readme = """
        This folder belongs to seam (`seam migrate --write`). A migration was being written when this folder
        was left behind: the original of every file it touches is in files/*.original. Run
        `seam migrate --write` again: it restores the originals, removes this folder and migrates again.
        Never commit this folder: seam refuses a journal that a repository holds.

        """

    /// Writes the journal and moves it into place.
    ///
    /// - Throws: ``MigrationError`` when another journal is in place (a write in progress or interrupted).
    static func create(
        root: String, entries: [Manifest.Entry], originals: [String: Data], updates: [String: Data],
        createdFolders: [String]
    ) throws(MigrationError) -> MigrationJournal {
        var entries = entries
        var backups: [String: Data] = [:]
        for index in entries.indices {
            let backup = entries[index].backup
            if let original = originals[backup] {
                entries[index].originalChecksum = checksum(original)
                backups[backup + ".original"] = original
            }
            let updated = updates[backup] ?? Data()
            entries[index].updatedChecksum = checksum(updated)
            backups[backup + ".updated"] = updated
        }
        let manifest = Manifest(
            pid: getpid(), created: Date().timeIntervalSince1970, entries: entries, createdFolders: createdFolders)
        let staging = PathText.join(
            root, stagingPrefix + "\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
        let files = PathText.join(staging, "files")
        do {
            try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
            // This user's alone, whatever the umask: a journal anyone may write is refused when it is read back.
            chmod(staging, 0o700)
            chmod(files, 0o700)
            try FileAccess.replace(PathText.join(staging, "README"), with: Data(readme.utf8), displayPath: staging)
            for entry in entries {
                if let original = originals[entry.backup] {
                    try FileAccess.replace(
                        PathText.join(files, "\(entry.backup).original"), with: original, displayPath: entry.path)
                }
                try FileAccess.replace(
                    PathText.join(files, "\(entry.backup).updated"), with: updates[entry.backup] ?? Data(),
                    displayPath: entry.path)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try FileAccess.replace(
                PathText.join(staging, "manifest.json"), with: try encoder.encode(manifest), displayPath: staging)
            FileAccess.syncDirectory(files)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw .targetsRefused(["cannot write the journal in \(root): \(FileSystemError.words(for: error))"])
        }
        let journal = MigrationJournal(root: root, manifest: manifest, backups: backups)
        guard rename(staging, journal.folder) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: staging)
            if code == EEXIST || code == ENOTEMPTY || code == EISDIR || code == ENOTDIR {
                // Another journal appeared since this run looked: say whose, and whether it still runs.
                if case .journal(let other) = try load(root: root) {
                    if other.isHeldByAnotherProcess {
                        throw .journalBusy(journal: journal.folder, owner: other.manifest.pid)
                    }
                    throw .journalLeft(journal: journal.folder, owner: other.manifest.pid)
                }
                throw .journalLeft(journal: journal.folder, owner: 0)
            }
            throw .targetsRefused([
                "cannot put the journal in place at \(journal.folder): \(FileSystemError.words(forErrno: code))"
            ])
        }
        FileAccess.syncDirectory(root)
        return journal
    }

    /// What ``load(root:)`` found.
    enum Found {
        /// No journal.
        case absent
        /// A journal folder without a manifest: what a complete write (or undoing) leaves while it removes its
        /// journal, manifest first. Seam's own leftover, safe to delete.
        case leftover
        /// A journal that passed every check.
        case journal(MigrationJournal)
    }

    /// The journal at `root` (a real path), checked, without changing anything.
    ///
    /// - Throws: ``MigrationError`` (`journalUntrusted`) when `.seam-journal` is there but is not a journal this
    ///   user's seam wrote, intact and confined to the root: not a folder, another user's or writable by all,
    ///   a manifest that cannot be read (permissions, a folder in its place) or is in another format, a path
    ///   outside the root, a backup missing or not matching its checksum. Nothing may be restored or deleted then.
    static func load(root: String) throws(MigrationError) -> Found {
        let folder = PathText.join(root, folderName)
        func untrusted(_ reason: String) -> MigrationError { .journalUntrusted(journal: folder, reason: reason) }
        let status = FileStatus(path: folder, followingLinks: false)
        switch status.kind {
        case .missing:
            if let code = status.error {
                throw untrusted("it cannot be examined (\(FileSystemError.words(forErrno: code)))")
            }
            return .absent
        case .directory: break
        default: throw untrusted("it is \(status.kind.phrase), not a folder seam made")
        }
        try checkOwned(status, "it", untrusted)

        // The manifest: opened without following a link, this user's, a regular file of reasonable size.
        let manifestPath = PathText.join(folder, "manifest.json")
        let data: Data
        switch readOwned(manifestPath) {
        case .success(let bytes): data = bytes
        case .failure(.missing): return .leftover
        case .failure(.refused(let reason)): throw untrusted("its manifest.json \(reason)")
        }
        struct Format: Decodable { var format: String }
        if let written = try? JSONDecoder().decode(Format.self, from: data), written.format != format {
            throw untrusted("its manifest.json is in a format this version of seam does not read")
        }
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else {
            throw untrusted("its manifest.json is not a journal manifest seam can read")
        }
        guard manifest.format == format else {
            throw untrusted("its manifest.json is in a format this version of seam does not read")
        }

        // Every path confined to the root: relative, no `.` or `..`, no symbolic link on the way.
        var targets: Set<String> = []
        var backupNames: Set<String> = []
        for entry in manifest.entries {
            guard isConfined(entry.target), targets.insert(entry.target).inserted else {
                throw untrusted("it names a file outside \(root) or twice (\"\(entry.target.prefix(200))\")")
            }
            guard !entry.backup.isEmpty, entry.backup.count <= 12,
                entry.backup.allSatisfy({ ("0"..."9").contains($0) }),
                backupNames.insert(entry.backup).inserted, !entry.path.isEmpty
            else { throw untrusted("its entry for \(entry.target) is malformed") }
            if let problem = linkOnTheWay(to: entry.target, in: root, finalComponentToo: true) {
                throw untrusted(problem)
            }
        }
        for created in manifest.createdFolders {
            guard isConfined(created) else {
                throw untrusted("it names a folder outside \(root) (\"\(created.prefix(200))\")")
            }
            if let problem = linkOnTheWay(to: created, in: root, finalComponentToo: true) { throw untrusted(problem) }
        }

        // Every backup there, this user's, and as the manifest recorded it.
        let files = PathText.join(folder, "files")
        let filesStatus = FileStatus(path: files, followingLinks: false)
        guard filesStatus.kind == .directory else { throw untrusted("its files folder is \(filesStatus.kind.phrase)") }
        try checkOwned(filesStatus, "its files folder", untrusted)
        var backups: [String: Data] = [:]
        for entry in manifest.entries {
            var expected = [("updated", Optional(entry.updatedChecksum))]
            if !entry.isCreated { expected.append(("original", entry.originalChecksum)) }
            for (kind, checksum) in expected {
                let name = "\(entry.backup).\(kind)"
                guard let checksum else { throw untrusted("its manifest records no original for \(entry.target)") }
                switch readOwned(PathText.join(files, name)) {
                case .success(let bytes):
                    guard Self.checksum(bytes) == checksum else {
                        throw untrusted(
                            "its copy files/\(name) (\(entry.target)) does not match its checksum: it is damaged or was replaced"
                        )
                    }
                    backups[name] = bytes
                case .failure(.missing): throw untrusted("its copy files/\(name) (\(entry.target)) is missing")
                case .failure(.refused(let reason)):
                    throw untrusted("its copy files/\(name) (\(entry.target)) \(reason)")
                }
            }
        }
        return .journal(MigrationJournal(root: root, manifest: manifest, backups: backups))
    }

    private enum ReadRefusal: Error {
        case missing
        case refused(String)
    }

    /// The bytes of a journal file: a regular file this user owns (a symbolic link is not followed).
    private static func readOwned(_ path: String) -> Result<Data, ReadRefusal> {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return .failure(.missing) }
            if code == ELOOP { return .failure(.refused("is a symbolic link")) }
            return .failure(.refused("cannot be read (\(FileSystemError.words(forErrno: code)))"))
        }
        defer { close(descriptor) }
        let status = FileStatus(descriptor: descriptor)
        guard status.kind == .regular else { return .failure(.refused("is \(status.kind.phrase), not a file")) }
        guard status.owner == geteuid() else {
            return .failure(.refused("belongs to another user (uid \(status.owner))"))
        }
        guard status.size <= maximumManifestSize else {
            return .failure(.refused("is too large (\(status.size) bytes)"))
        }
        do {
            return .success(try FileAccess.read(path))
        } catch {
            return .failure(.refused("cannot be read (\(error.reason))"))
        }
    }

    /// Refuses a journal folder another user owns or anyone may write.
    private static func checkOwned(
        _ status: FileStatus, _ name: String, _ untrusted: (String) -> MigrationError
    ) throws(MigrationError) {
        guard status.owner == geteuid() else {
            throw untrusted("\(name) belongs to another user (uid \(status.owner))")
        }
        guard status.permissions & 0o002 == 0 else { throw untrusted("\(name) may be written by every user") }
    }

    /// Whether `path` is a plain relative path inside the root: not empty, not absolute, no empty, `.` or
    /// `..` component, no NUL.
    static func isConfined(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.utf8.contains(0), path.utf8.count <= 4096 else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            $0 != "" && $0 != "." && $0 != ".."
        }
    }

    /// A sentence when a symbolic link lies on the way from `root` to `relative` (its final component too, when
    /// asked), `nil` when every existing component is a real folder (or file) of the root.
    static func linkOnTheWay(to relative: String, in root: String, finalComponentToo: Bool) -> String? {
        var path = root
        let components = relative.split(separator: "/").map(String.init)
        for (index, component) in components.enumerated() {
            path = PathText.join(path, component)
            let status = FileStatus(path: path, followingLinks: false)
            if status.kind == .missing { return nil }
            let isLast = index == components.count - 1
            if status.kind == .symbolicLink && (!isLast || finalComponentToo) {
                return "it names \(relative), reached through the symbolic link \(path): seam never writes through it"
            }
            if !isLast && status.kind != .directory {
                return "it names \(relative), but \(path) is \(status.kind.phrase)"
            }
        }
        return nil
    }

    /// The bytes a backup holds (verified when the journal was loaded or written).
    func backup(_ entry: Manifest.Entry, _ kind: String) -> Data? {
        backups["\(entry.backup).\(kind)"]
    }

    /// The absolute path of an entry's written file.
    func target(_ entry: Manifest.Entry) -> String {
        PathText.join(root, entry.target)
    }

    /// Whether the process that wrote the journal may still be writing: it runs and the journal is recent (a
    /// journal dated more than a minute ahead, from a clock set back or a hostile manifest, is not recent).
    var isHeldByAnotherProcess: Bool {
        let pid = manifest.pid
        guard pid != getpid(), pid > 0 else { return false }
        let running = kill(pid, 0) == 0 || errno == EPERM
        let age = Date().timeIntervalSince1970 - manifest.created
        return running && age > -60 && age < TemporaryName.staleAge
    }

    /// What undoing did: the files put back as they were and the created files removed, or the files that
    /// changed since they were written (left alone, with the journal kept).
    struct Undoing {
        var restored: [String] = []
        var removed: [String] = []
        /// Files that hold neither their original nor the written text, with what they hold instead.
        var conflicts: [(path: String, reason: String)] = []
        /// Files a commit holds as the write left them: undoing would revert committed work.
        var committed: [String] = []
        /// Files that could not be put back (a failing write or removal), with the reason.
        var failures: [(path: String, reason: String)] = []
    }

    /// Puts every file back as it was before the write: a file holding its new bytes gets its original back, a
    /// created file is removed, a file still as it was is left alone. A file holding neither (changed by someone
    /// else since) is a conflict, and a file a commit holds is not undone: nothing is changed then, and the
    /// journal stays. Safe to run again after an interruption, since it only compares bytes.
    ///
    /// - Parameters:
    ///   - written: the entries (by path) this process wrote, when it knows them (a rollback): the others
    ///     were never touched, so they are left as they are whatever they hold. `nil` after an interruption.
    ///   - uncommitted: the absolute paths git reports as changed or untracked, when the root is in a git work
    ///     tree git can read: any other file is as a commit holds it, and is never reverted or deleted.
    func undo(written: Set<String>? = nil, uncommitted: Set<String>? = nil) -> Undoing {
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
                if let uncommitted, !uncommitted.contains(path) {
                    result.committed.append(entry.path)
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
                if let uncommitted, !uncommitted.contains(path) {
                    result.committed.append(entry.path)
                    continue
                }
                actions.append(.restore(entry, original))
            }
        }
        guard result.conflicts.isEmpty, result.committed.isEmpty else { return result }
        for action in actions {
            switch action {
            case .restore(let entry, let original):
                do throws(FileSystemError) {
                    try FileAccess.replace(target(entry), with: original, displayPath: entry.path)
                    result.restored.append(entry.path)
                } catch {
                    result.failures.append((entry.path, error.reason))
                }
            case .remove(let entry):
                if unlink(target(entry)) == 0 {
                    result.removed.append(entry.path)
                } else {
                    result.failures.append((entry.path, FileSystemError.words(forErrno: errno)))
                }
            }
        }
        for folder in manifest.createdFolders.reversed() {
            rmdir(PathText.join(root, folder))  // only when empty
        }
        for folder in Set(manifest.entries.map { PathText.folder(of: target($0)) }) {
            TemporaryName.removeStale(in: folder)
        }
        return result
    }

    /// The entries (by path) undoing would revert although a commit holds them as the write left them: files
    /// holding their new text that git does not report as changed or untracked (`uncommitted`, absolute paths).
    func committedEntries(uncommitted: Set<String>) -> [String] {
        manifest.entries.compactMap { entry in
            let path = target(entry)
            guard !uncommitted.contains(path), FileStatus(path: path, followingLinks: false).kind == .regular,
                let current = try? FileAccess.read(path), current == backup(entry, "updated"),
                current != backup(entry, "original")
            else { return nil }
            return entry.path
        }
    }

    /// Removes the journal: the manifest first, so an interruption leaves a folder the next run simply deletes.
    func remove() {
        unlink(PathText.join(folder, "manifest.json"))
        FileAccess.syncDirectory(folder)
        try? FileManager.default.removeItem(atPath: folder)
        FileAccess.syncDirectory(root)
    }

    /// Removes a journal folder without a manifest (``Found/leftover``).
    static func removeLeftover(root: String) {
        try? FileManager.default.removeItem(atPath: PathText.join(root, folderName))
        FileAccess.syncDirectory(root)
    }

    /// The journals left half-built by this user's processes that are gone (`.seam-journal.tmp-<pid>-…`), by name.
    static func staleStaging(in root: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        var stale: [String] = []
        for name in names.sorted() where name.hasPrefix(stagingPrefix) {
            guard let pid = Int32(name.dropFirst(stagingPrefix.count).prefix { $0 != "-" }), pid != getpid() else {
                continue
            }
            let status = FileStatus(path: PathText.join(root, name), followingLinks: false)
            let age = Date().timeIntervalSince1970 - Double(status.modificationTime) / 1e9
            let running = kill(pid, 0) == 0 || errno == EPERM
            guard status.kind == .directory, status.owner == geteuid(), !running || age > TemporaryName.staleAge else {
                continue
            }
            stale.append(name)
        }
        return stale
    }

    /// Removes the given half-built journals (names from ``staleStaging(in:)``).
    static func removeStaging(_ names: [String], in root: String) {
        for name in names { try? FileManager.default.removeItem(atPath: PathText.join(root, name)) }
    }
}
