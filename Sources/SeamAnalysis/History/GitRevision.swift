import Foundation

/// The git commit a folder's work tree is at, for the history's entries.
public enum GitRevision {
    /// The commit `HEAD` names (`git rev-parse HEAD`, run in `folder`), or `nil` when `folder` is in no git
    /// work tree, the repository has no commit yet, or git is missing or fails.
    public static func head(of folder: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--verify", "--quiet", "HEAD"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        let commit = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // SHA-1 (40) or SHA-256 (64) hexadecimal object names only.
        guard [40, 64].contains(commit.count), commit.allSatisfy(\.isHexDigit) else { return nil }
        return commit
    }
}
