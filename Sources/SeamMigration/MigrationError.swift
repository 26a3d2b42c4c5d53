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
        }
    }
}
