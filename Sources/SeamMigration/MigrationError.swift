/// Why `seam migrate` refused to plan or apply a migration.
///
/// Each message names the culprit (a file, a line, a type) so it can be fixed or reported.
public struct MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case overlappingEdits(file: String, offset: Int)
        case dirtyWorkTree(root: String, files: [String])
        case writeFailed(file: String, reason: String)
        case unreadableRoot(path: String, reason: String)
        case invalidOption(name: String, reason: String)
        case workTreeUnchecked(root: String, reason: String)
        case targetsRefused(problems: [String])
        case transactionFailed(
            file: String, reason: String, restored: [String], notRestored: [String], journal: String?)
        case interruptedWriteConflicts(journal: String, conflicts: [String])
        case journalBusy(journal: String, owner: Int32)
        case journalLeft(journal: String, owner: Int32)
        case journalUntrusted(journal: String, reason: String)
        case journalStale(journal: String, files: [String])
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    static func overlappingEdits(file: String, offset: Int) -> MigrationError {
        MigrationError(.overlappingEdits(file: file, offset: offset))
    }

    static func dirtyWorkTree(root: String, files: [String]) -> MigrationError {
        MigrationError(.dirtyWorkTree(root: root, files: files))
    }

    static func writeFailed(file: String, reason: String) -> MigrationError {
        MigrationError(.writeFailed(file: file, reason: reason))
    }

    static func unreadableRoot(path: String, reason: String) -> MigrationError {
        MigrationError(.unreadableRoot(path: path, reason: reason))
    }

    static func invalidOption(name: String, reason: String) -> MigrationError {
        MigrationError(.invalidOption(name: name, reason: reason))
    }

    static func workTreeUnchecked(root: String, reason: String) -> MigrationError {
        MigrationError(.workTreeUnchecked(root: root, reason: reason))
    }

    static func targetsRefused(_ problems: [String]) -> MigrationError {
        MigrationError(.targetsRefused(problems: problems))
    }

    static func transactionFailed(
        file: String, reason: String, restored: [String], notRestored: [String], journal: String?
    ) -> MigrationError {
        MigrationError(
            .transactionFailed(
                file: file, reason: reason, restored: restored, notRestored: notRestored, journal: journal))
    }

    static func interruptedWriteConflicts(journal: String, conflicts: [String]) -> MigrationError {
        MigrationError(.interruptedWriteConflicts(journal: journal, conflicts: conflicts))
    }

    static func journalBusy(journal: String, owner: Int32) -> MigrationError {
        MigrationError(.journalBusy(journal: journal, owner: owner))
    }

    static func journalLeft(journal: String, owner: Int32) -> MigrationError {
        MigrationError(.journalLeft(journal: journal, owner: owner))
    }

    static func journalUntrusted(journal: String, reason: String) -> MigrationError {
        MigrationError(.journalUntrusted(journal: journal, reason: reason))
    }

    static func journalStale(journal: String, files: [String]) -> MigrationError {
        MigrationError(.journalStale(journal: journal, files: files))
    }

    /// Whether this error is about a `.seam-journal` that seam will not use (untrusted, or stale after a commit):
    /// a preview must not suggest `--write` then.
    public var isUnusableJournal: Bool {
        switch code {
        case .journalUntrusted, .journalStale: true
        default: false
        }
    }

    /// Whether this error is the dirty-work-tree refusal (the CLI suggests `--allow-dirty` for it).
    public var isDirtyWorkTree: Bool {
        if case .dirtyWorkTree = code { return true }
        return false
    }

    /// A one-line explanation naming the culprit: the file, path or option concerned.
    public var description: String {
        switch code {
        case .overlappingEdits(let file, let offset):
            "internal error: two rewrites edit overlapping text in \(file) at byte \(offset); nothing was written"
        case .dirtyWorkTree(let root, let files):
            "the git work tree under \(root) has uncommitted changes (\(files.prefix(5).joined(separator: ", "))"
                + (files.count > 5 ? ", and \(files.count - 5) more" : "")
                + "); commit or stash them, or pass --allow-dirty"
        case .writeFailed(let file, let reason):
            "could not write \(file): \(reason)"
        case .unreadableRoot(let path, let reason):
            "could not read \(path): \(reason)"
        case .invalidOption(let name, let reason):
            "invalid \(name): \(reason)"
        case .workTreeUnchecked(let root, let reason):
            "cannot check \(root) for uncommitted changes (\(reason)), so nothing was written; "
                + "fix git, or pass --allow-dirty to write anyway"
        case .targetsRefused(let problems):
            "nothing was written: " + Self.list(problems, limit: Self.listedProblems, separator: "; ")
        case .transactionFailed(let file, let reason, let restored, let notRestored, let journal):
            notRestored.isEmpty
                ? "could not write \(file) (\(reason)); "
                    + (restored.isEmpty ? "no file had been written yet, " : "rolled back \(Self.list(restored)), ")
                    + "so every file is as it was before"
                : "the tree is half-migrated: could not write \(file) (\(reason)), then could not restore "
                    + "\(Self.list(notRestored)); the next `seam migrate --write` restores them from their originals, kept in "
                    + "\(journal ?? "the journal")"
                    + (reason.contains("space") ? " (free some disk space first)" : "")
                    + (restored.isEmpty ? "" : "; rolled back \(Self.list(restored))")
        case .interruptedWriteConflicts(let journal, let conflicts):
            "an interrupted `seam migrate --write` left \(journal), and these files changed since: "
                + Self.list(conflicts, limit: Self.listedProblems, separator: "; ")
                + "; nothing was restored: compare them with their originals in \(journal)/files, then delete \(journal)"
        case .journalBusy(let journal, let owner):
            "another `seam migrate --write`" + (owner > 0 ? " (process \(owner))" : "")
                + " is writing and holds \(journal); wait for it to finish"
        case .journalLeft(let journal, let owner):
            "an interrupted `seam migrate --write`" + (owner > 0 ? " (process \(owner), no longer running)" : "")
                + " left \(journal) while this one was planning; run `seam migrate --write` again to undo it and migrate"
        case .journalUntrusted(let journal, let reason):
            "\(journal) is not a journal seam can trust: \(reason); nothing was restored, deleted or written. "
                + "Check the files it names by hand, then delete it"
        case .journalStale(let journal, let files):
            "\(journal) is stale: \(Self.list(files)) already hold the migrated text in a commit, and undoing the "
                + "interrupted write would revert them; nothing was changed. If the migration is committed, delete \(journal)"
        }
    }

    /// How many refused targets or conflicts a message lists before `and N more`.
    static let listedProblems = 10

    /// `a, b and 3 more`: at most `limit` items, so that a thousand files make one short line.
    private static func list(_ items: [String], limit: Int = 5, separator: String = ", ") -> String {
        items.count <= limit + 1
            ? items.joined(separator: separator)
            : items.prefix(limit).joined(separator: separator)
                + "\(separator == ", " ? "" : ";") and \(items.count - limit) more"
    }
}
