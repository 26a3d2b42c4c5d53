import Foundation

/// The git commit a folder's work tree is at, for the history's entries.
public enum GitRevision {
    /// The commit `HEAD` names (`git rev-parse HEAD`, run in `folder`), or `nil` when `folder` is in no git
    /// work tree, the repository has no commit yet, or git is missing or fails.
    public static func head(of folder: URL) -> String? {
        guard let outcome = try? Subprocess.run(["git", "rev-parse", "--verify", "--quiet", "HEAD"], in: folder),
            outcome.exited, outcome.status == 0
        else { return nil }
        let commit = outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
        // SHA-1 (40) or SHA-256 (64) hexadecimal object names only.
        guard [40, 64].contains(commit.count), commit.allSatisfy(\.isHexDigit) else { return nil }
        return commit
    }
}
