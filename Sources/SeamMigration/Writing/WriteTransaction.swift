import Foundation
import SeamAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes every file of a plan or none: checks every target first, journals the originals, writes, and on any
/// failure puts back what it wrote (see ``MigrationJournal``).
struct WriteTransaction {
    /// One file to write, checked.
    struct Target {
        var change: MigrationPlan.FileChange
        /// The file to replace or create, relative to the real root (a symbolic link's target).
        var relativeTarget: String
        var original: Data?
        var updated: Data
    }

    /// The root's real path.
    let root: String
    let targets: [Target]
    /// Folders to create, relative to the real root, outermost first.
    let createdFolders: [String]

    /// Checks every change of `plan` before anything is written.
    ///
    /// A target must be inside the root (a symbolic link pointing out of it is refused), a regular file (or
    /// missing, for a created file), unchanged since planning, in a writable folder, and writable by its
    /// permissions unless `allowReadOnly`.
    ///
    /// - Throws: ``MigrationError`` listing every refused target; nothing is written then.
    init(plan: MigrationPlan, allowReadOnly: Bool) throws(MigrationError) {
        let root = FilePaths.realPath(plan.root)
        var targets: [Target] = []
        var folders: [String] = []
        var problems: [String] = []
        for change in plan.changes {
            let path = (plan.root as NSString).appendingPathComponent(change.path)
            switch Self.check(change, at: path, root: root, allowReadOnly: allowReadOnly, creating: &folders) {
            case .success(let target): targets.append(target)
            case .failure(let problem): problems.append("\(change.path) \(problem.reason)")
            }
        }
        guard problems.isEmpty else { throw .targetsRefused(problems) }
        self.root = root
        self.targets = targets
        createdFolders = folders
    }

    struct Problem: Error {
        var reason: String
    }

    private static func check(
        _ change: MigrationPlan.FileChange, at path: String, root: String, allowReadOnly: Bool,
        creating folders: inout [String]
    ) -> Result<Target, Problem> {
        let updated = Data(change.updated.utf8)
        guard let original = change.original else {
            // A created file: missing, in a folder inside the root (created as needed) that can be written.
            guard FileStatus(path: path, followingLinks: false).kind == .missing else {
                return .failure(Problem(reason: "was created after the migration was planned"))
            }
            var existing = PathText.folder(of: path)
            var missing: [String] = []
            while !existing.isEmpty, existing != "/", FileStatus(path: existing, followingLinks: false).kind == .missing
            {
                missing.insert(PathText.name(of: existing), at: 0)
                existing = PathText.folder(of: existing)
            }
            if existing.isEmpty { existing = "." }
            let realFolder = FilePaths.realPath(existing)
            guard let relativeFolder = FilePaths.relative(realFolder, to: root) else {
                return .failure(
                    Problem(reason: "would be written outside \(root) (through the symbolic link \(existing))"))
            }
            guard FileStatus(path: realFolder, followingLinks: true).kind == .directory else {
                return .failure(Problem(reason: "cannot be created: \(existing) is not a folder"))
            }
            guard access(realFolder, W_OK | X_OK) == 0 else {
                return .failure(Problem(reason: "cannot be created: the folder \(existing) is not writable"))
            }
            var folder = relativeFolder
            for name in missing {
                folder = folder.isEmpty ? name : folder + "/" + name
                if !folders.contains(folder) { folders.append(folder) }
            }
            let relativeTarget = (folder.isEmpty ? "" : folder + "/") + PathText.name(of: path)
            return .success(Target(change: change, relativeTarget: relativeTarget, original: nil, updated: updated))
        }
        // A replaced file: through a symbolic link, its target, which must stay inside the root.
        let target: String
        do throws(FileSystemError) {
            target = try FileAccess.writeTarget(of: path)
        } catch {
            return .failure(
                Problem(reason: error.isNotRegularFile ? "is \(error.reason)" : "cannot be examined (\(error.reason))"))
        }
        let folder = FilePaths.realPath(PathText.folder(of: target).isEmpty ? "." : PathText.folder(of: target))
        let realTarget = PathText.join(folder, PathText.name(of: target))
        guard let relativeTarget = FilePaths.relative(realTarget, to: root) else {
            return .failure(
                Problem(reason: "is outside \(root) (through a symbolic link to \(realTarget)): not written"))
        }
        let status = FileStatus(path: realTarget, followingLinks: false)
        guard status.kind == .regular else {
            return .failure(
                Problem(
                    reason: status.kind == .missing
                        ? "was deleted after the migration was planned"
                        : "is not a regular file (\(status.kind.phrase))"))
        }
        let data: Data
        do throws(FileSystemError) {
            data = try FileAccess.read(realTarget)
        } catch {
            return .failure(Problem(reason: "cannot be read (\(error.reason))"))
        }
        let originalData = Data(original.utf8)
        guard data == originalData else { return .failure(Problem(reason: "changed after the migration was planned")) }
        if status.isReadOnly && !allowReadOnly {
            return .failure(
                Problem(
                    reason:
                        "is read-only (mode \(String(status.permissions, radix: 8))); pass --allow-read-only to rewrite it"
                ))
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            return .failure(Problem(reason: "cannot be replaced: its folder \(folder) is not writable"))
        }
        return .success(
            Target(change: change, relativeTarget: relativeTarget, original: originalData, updated: updated))
    }

    /// Journals, writes every target, and removes the journal; on a failure, undoes what was written.
    ///
    /// - Throws: ``MigrationError`` saying which file failed and which files were put back.
    func commit() throws(MigrationError) {
        guard !targets.isEmpty else { return }
        var entries: [MigrationJournal.Manifest.Entry] = []
        var originals: [String: Data] = [:]
        var updates: [String: Data] = [:]
        for (index, target) in targets.enumerated() {
            let backup = String(index)
            entries.append(
                .init(
                    path: target.change.path, target: target.relativeTarget, backup: backup,
                    isCreated: target.original == nil))
            originals[backup] = target.original
            updates[backup] = target.updated
        }
        for folder in Set(targets.map { PathText.folder(of: absolute($0.relativeTarget)) }) {
            TemporaryName.removeStale(in: folder)
        }
        let journal = try MigrationJournal.create(
            root: root, entries: entries, originals: originals, updates: updates, createdFolders: createdFolders)
        for folder in createdFolders {
            let path = absolute(folder)
            guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
                throw failure(journal, written: [], file: folder, reason: FileSystemError.words(forErrno: errno))
            }
        }
        var written: Set<String> = []
        for target in targets {
            let path = absolute(target.relativeTarget)
            // Checked again just before the rename: a file edited since the check is not overwritten.
            if let original = target.original {
                guard (try? FileAccess.read(path)) == original else {
                    throw failure(
                        journal, written: written, file: target.change.path,
                        reason: "it changed while the migration was being written")
                }
            } else if FileStatus(path: path, followingLinks: false).kind != .missing {
                throw failure(
                    journal, written: written, file: target.change.path,
                    reason: "it was created while the migration was being written")
            }
            do throws(FileSystemError) {
                try FileAccess.replace(path, with: target.updated, displayPath: target.change.path)
                written.insert(target.change.path)
            } catch {
                throw failure(journal, written: written, file: target.change.path, reason: error.reason)
            }
        }
        journal.remove()
    }

    private func absolute(_ relative: String) -> String {
        relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
    }

    /// Undoes the write after a failure and says what state every file is in.
    private func failure(_ journal: MigrationJournal, written: Set<String>, file: String, reason: String)
        -> MigrationError
    {
        let undoing = journal.undo(written: written)
        let notRestored = (undoing.conflicts.map(\.path) + undoing.failures.map(\.path)).sorted()
        if notRestored.isEmpty { journal.remove() }
        return .transactionFailed(
            file: file, reason: reason, restored: (undoing.restored + undoing.removed).sorted(),
            notRestored: notRestored,
            journal: notRestored.isEmpty ? nil : journal.folder)
    }
}
