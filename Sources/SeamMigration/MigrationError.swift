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
        case transactionFailed(file: String, reason: String, restored: [String], notRestored: [String], journal: String?)
        case interruptedWriteConflicts(journal: String, conflicts: [String])
        case journalBusy(journal: String, owner: Int32)
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
        MigrationError(.transactionFailed(file: file, reason: reason, restored: restored, notRestored: notRestored, journal: journal))
    }

    static func interruptedWriteConflicts(journal: String, conflicts: [String]) -> MigrationError {
        MigrationError(.interruptedWriteConflicts(journal: journal, conflicts: conflicts))
    }

    static func journalBusy(journal: String, owner: Int32) -> MigrationError {
        MigrationError(.journalBusy(journal: journal, owner: owner))
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
            "nothing was written: " + problems.joined(separator: "; ")
        case .transactionFailed(let file, let reason, let restored, let notRestored, let journal):
            "could not write \(file) (\(reason)); "
                + (restored.isEmpty ? "no file had been written yet, " : "rolled back \(Self.list(restored)), ")
                + (notRestored.isEmpty
                    ? "so every file is as it was before"
                    : "but could not restore \(Self.list(notRestored)): their originals are kept in \(journal ?? "the journal"); "
                        + "run `seam migrate --write` again to restore them")
        case .interruptedWriteConflicts(let journal, let conflicts):
            "an interrupted `seam migrate --write` left \(journal), and these files changed since: "
                + conflicts.joined(separator: "; ")
                + "; nothing was restored: compare them with their originals in \(journal)/files, then delete \(journal)"
        case .journalBusy(let journal, let owner):
            "another `seam migrate --write` (process \(owner)) is writing and holds \(journal); wait for it to finish"
        }
    }

    /// `a, b and 3 more`.
    private static func list(_ files: [String]) -> String {
        files.count <= 6 ? files.joined(separator: ", ") : files.prefix(5).joined(separator: ", ") + " and \(files.count - 5) more"
    }
}
