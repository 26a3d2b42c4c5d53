import Foundation
import SeamAnalysis

/// Applies a ``MigrationPlan`` to disk as one transaction, over a clean git work tree.
///
/// ```swift
/// let plan = try await Migrator().plan(root: root)
/// try MigrationWriter.recoverInterruptedWrite(root: root)   // undoes a write that was killed, if any
/// try MigrationWriter.checkWorkTree(root: root)             // throws if there are uncommitted changes
/// try MigrationWriter.apply(plan)
/// ```
///
/// Every file is written or none: every target is checked first (inside the root, a regular file, unchanged
/// since planning, writable, not read-only unless allowed), the originals are journaled in
/// `<root>/.seam-journal/`, then each file is replaced atomically (a temporary file next to it, flushed, then
/// renamed over it, keeping its permissions). A failure puts back every file already written; a write that
/// is killed leaves the journal, which the next ``recoverInterruptedWrite(root:)`` undoes.
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

    /// What ``recoverInterruptedWrite(root:)`` did with a journal an interrupted write left.
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
    /// - Returns: what was undone, or `nil` when there was no interrupted write.
    /// - Throws: ``MigrationError`` when another write is in progress, or when files changed since the
    ///   interrupted write touched them (then nothing is changed and the journal stays, for a person to decide).
    @discardableResult
    public static func recoverInterruptedWrite(root: String) throws -> Recovery? {
        let realRoot = FilePaths.realPath(root)
        MigrationJournal.removeStaleStaging(in: realRoot)
        guard let journal = try MigrationJournal.load(root: realRoot) else { return nil }
        if journal.isHeldByAnotherProcess { throw MigrationError.journalBusy(journal: journal.folder, owner: journal.manifest.pid) }
        let undoing = journal.undo()
        guard undoing.conflicts.isEmpty, undoing.failures.isEmpty else {
            throw MigrationError.interruptedWriteConflicts(
                journal: journal.folder,
                conflicts: undoing.conflicts.map { "\($0.path) \($0.reason)" } + undoing.failures.map { "\($0) could not be restored" })
        }
        journal.remove()
        return Recovery(restored: undoing.restored.sorted(), removed: undoing.removed.sorted())
    }

    /// Whether an interrupted write left its journal under `root` (a preview should not be trusted then).
    public static func hasInterruptedWrite(root: String) -> Bool {
        let folder = (FilePaths.realPath(root) as NSString).appendingPathComponent(MigrationJournal.folderName)
        return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("manifest.json"))
    }
}
