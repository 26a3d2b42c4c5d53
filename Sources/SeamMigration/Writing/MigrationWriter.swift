import Foundation
import SeamAnalysis

/// Applies a ``MigrationPlan`` to disk as one transaction, over a clean git work tree.
///
/// ```swift
/// let plan = try await Migrator().plan(root: root)
/// try MigrationWriter.recoverInterruptedWrite(root: root)   // undoes a write that was killed, if any (guarded)
/// try MigrationWriter.checkWorkTree(root: root)             // throws if there are uncommitted changes
/// try MigrationWriter.apply(plan)
/// ```
///
/// Every file is written or none: every target is checked first (inside the root, a regular file, unchanged
/// since planning, writable, not read-only unless allowed), the originals are journaled in
/// `<root>/.seam-journal/`, then each file is replaced atomically (a temporary file next to it, flushed, then
/// renamed over it, keeping its permissions). A failure puts back every file already written; a write that
/// is killed leaves the journal, which the next ``recoverInterruptedWrite(root:allowDirty:)`` undoes.
public enum MigrationWriter {
    /// How ``apply(_:options:)`` treats files it would rather not touch.
    public struct Options: Sendable, Hashable {
        /// Whether files whose permissions forbid writing (`0444`) may be rewritten (they keep their permissions).
        public var allowReadOnly = false

        /// The defaults: read-only files are refused.
        public init(allowReadOnly: Bool = false) {
            self.allowReadOnly = allowReadOnly
        }
    }

    /// What ``recoverInterruptedWrite(root:allowDirty:)`` did with a journal an interrupted write left.
    public struct Recovery: Sendable, Hashable {
        /// Files put back as they were before the interrupted write.
        public var restored: [String]
        /// Files the interrupted write had created, removed.
        public var removed: [String]
    }

    /// Throws ``MigrationError`` when `root` is in a git work tree with uncommitted changes under it, or in a
    /// repository `git` cannot read (git missing, a repository it refuses): the guard fails closed.
    ///
    /// - Returns: `.clean`, or `.notInARepository` when no git repository holds `root` (nothing to check).
    @discardableResult
    public static func checkWorkTree(root: String) throws -> WorkTreeState {
        try WorkTree.check(root: root)
    }

    /// Whether `root` is inside a git work tree.
    public static func isGitWorkTree(_ root: String) -> Bool {
        guard let result = try? WorkTree.git(["rev-parse", "--is-inside-work-tree"], in: root) else { return false }
        return result.status == 0 && result.output.hasPrefix("true")
    }

    /// Writes every change of `plan`, or none.
    ///
    /// - Throws: ``MigrationError`` listing every refused target (nothing written), or naming the file that
    ///   failed and the files put back.
    public static func apply(_ plan: MigrationPlan, options: Options = Options()) throws {
        try WriteTransaction(plan: plan, allowReadOnly: options.allowReadOnly).commit()
    }

    /// Undoes a `seam migrate --write` that was interrupted under `root` (its journal is still there), and
    /// removes what interrupted runs left: half-built journals and temporary files.
    ///
    /// The journal is checked before anything is done (see ``journalState(root:)``), and the same guard as a
    /// write's comes first: a git work tree with uncommitted changes other than the interrupted write's own is
    /// refused unless `allowDirty`. A file that a commit holds as the interrupted write left it is never
    /// reverted, nor a created file a commit holds deleted: the journal is stale then, and is refused.
    ///
    /// - Parameters:
    ///   - root: the folder the interrupted write was under.
    ///   - allowDirty: skip the uncommitted-changes guard (`--allow-dirty`).
    /// - Returns: what was undone, or `nil` when there was no interrupted write.
    /// - Throws: ``MigrationError`` when the journal cannot be trusted or is stale, another write is in progress,
    ///   the work tree is dirty or cannot be checked, or files changed since the interrupted write touched them
    ///   (then nothing is changed and the journal stays, for a person to decide).
    @discardableResult
    public static func recoverInterruptedWrite(root: String, allowDirty: Bool = false) throws -> Recovery? {
        let realRoot = FilePaths.realPath(root)
        let found = try MigrationJournal.load(root: realRoot)
        let staging = MigrationJournal.staleStaging(in: realRoot)
        let journal: MigrationJournal?
        switch found {
        case .absent:
            guard !staging.isEmpty else { return nil }
            journal = nil
        case .leftover: journal = nil
        case .journal(let loaded): journal = loaded
        }
        if let journal, journal.isHeldByAnotherProcess {
            throw MigrationError.journalBusy(journal: journal.folder, owner: journal.manifest.pid)
        }

        // The guards of a write, before anything is touched. Git's answer also tells which files a commit holds.
        var uncommitted: Set<String>?
        do throws(MigrationError) {
            var seamFolders = staging
            if case .absent = found {} else { seamFolders.insert(MigrationJournal.folderName, at: 0) }
            let tracked = try WorkTree.trackedFiles(seamFolders, root: realRoot)
            if !tracked.isEmpty {
                throw MigrationError.journalUntrusted(
                    journal: PathText.join(
                        realRoot, tracked[0].split(separator: "/").first.map(String.init) ?? tracked[0]),
                    reason: "it is committed to the repository (\(tracked.count) file(s)), which a journal never is")
            }
            // Seam's own leftovers (a completed write's journal folder, half-built journals), never the user's
            // files: removed before the guard, so that a refusal leaves nothing stray.
            MigrationJournal.removeStaging(staging, in: realRoot)
            if case .leftover = found { MigrationJournal.removeLeftover(root: realRoot) }
            if let (_, files) = try WorkTree.uncommittedFiles(root: realRoot) {
                uncommitted = Set(files)
                // The interrupted write's own changes: its files, its journal, its temporary files.
                let explained = Set(
                    journal.map { journal in journal.manifest.entries.map { journal.target($0) } } ?? [])
                let unexplained = files.filter { path in
                    if explained.contains(path) { return false }
                    guard let relative = FilePaths.relative(path, to: realRoot) else { return true }
                    let first = relative.split(separator: "/").first.map(String.init) ?? relative
                    return first != MigrationJournal.folderName && !first.hasPrefix(MigrationJournal.stagingPrefix)
                        && TemporaryName.owner(of: PathText.name(of: relative)) == nil
                }
                if !unexplained.isEmpty && !allowDirty {
                    throw MigrationError.dirtyWorkTree(
                        root: root, files: unexplained.map { FilePaths.relative($0, to: realRoot) ?? $0 })
                }
            }
        } catch {
            if error.isUnusableJournal || !allowDirty { throw error }
            uncommitted = nil  // --allow-dirty and git cannot tell: undone by bytes alone, as without git.
        }

        MigrationJournal.removeStaging(staging, in: realRoot)
        if case .leftover = found { MigrationJournal.removeLeftover(root: realRoot) }
        guard let journal else { return nil }
        let undoing = journal.undo(uncommitted: uncommitted)
        if !undoing.committed.isEmpty {
            throw MigrationError.journalStale(journal: journal.folder, files: undoing.committed.sorted())
        }
        guard undoing.conflicts.isEmpty, undoing.failures.isEmpty else {
            throw MigrationError.interruptedWriteConflicts(
                journal: journal.folder,
                conflicts: undoing.conflicts.map { "\($0.path) \($0.reason)" }
                    + undoing.failures.map { "\($0.path) could not be restored (\($0.reason))" })
        }
        journal.remove()
        return Recovery(restored: undoing.restored.sorted(), removed: undoing.removed.sorted())
    }

    /// What a root's `.seam-journal` says, checked without changing anything.
    public enum JournalState: Sendable, Hashable {
        /// No interrupted write (or only a completed write's leftovers).
        case absent
        /// An interrupted write's journal: `seam migrate --write` undoes it.
        case interrupted(journal: String)
        /// Another `seam migrate --write` (this process id) is writing.
        case busy(journal: String, owner: Int32)
        /// A `.seam-journal` that seam will not use (committed, another user's, damaged, naming paths outside
        /// the root, stale after a commit…): the message says why, and `--write` refuses it too.
        case untrusted(message: String)
    }

    /// The state of the journal under `root`, for a preview (which must not be trusted over an interrupted write,
    /// nor suggest `--write` over a journal that will be refused).
    public static func journalState(root: String) -> JournalState {
        let realRoot = FilePaths.realPath(root)
        let found: MigrationJournal.Found
        do {
            found = try MigrationJournal.load(root: realRoot)
        } catch {
            return .untrusted(message: error.description)
        }
        guard case .journal(let journal) = found else { return .absent }
        if let tracked = try? WorkTree.trackedFiles([MigrationJournal.folderName], root: realRoot), !tracked.isEmpty {
            let error = MigrationError.journalUntrusted(
                journal: journal.folder, reason: "it is committed to the repository, which a journal never is")
            return .untrusted(message: error.description)
        }
        if journal.isHeldByAnotherProcess { return .busy(journal: journal.folder, owner: journal.manifest.pid) }
        if let (_, files) = try? WorkTree.uncommittedFiles(root: realRoot) {
            let committed = journal.committedEntries(uncommitted: Set(files))
            if !committed.isEmpty {
                return .untrusted(
                    message: MigrationError.journalStale(journal: journal.folder, files: committed.sorted()).description
                )
            }
        }
        return .interrupted(journal: journal.folder)
    }

    /// Whether an interrupted write left its journal under `root` (a preview should not be trusted then).
    public static func hasInterruptedWrite(root: String) -> Bool {
        journalState(root: root) != .absent
    }
}
