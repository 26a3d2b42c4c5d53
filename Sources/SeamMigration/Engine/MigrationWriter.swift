import Foundation

/// Applies a ``MigrationPlan`` to disk: atomically per file, and only over a clean git work tree.
///
/// ```swift
/// let plan = try Migrator().plan(root: root)
/// try MigrationWriter.checkWorkTree(root: root)   // throws if there are uncommitted changes
/// try MigrationWriter.apply(plan)
/// ```
public enum MigrationWriter {
    /// Throws ``MigrationError`` when `root` is inside a git work tree with uncommitted changes under it.
    ///
    /// A root outside any git work tree passes (there is nothing to compare with); ``isGitWorkTree(_:)``
    /// tells the two cases apart.
    public static func checkWorkTree(root: String) throws {
        guard let status = git(["status", "--porcelain", "--untracked-files=all", "--", "."], in: root), status.exitCode == 0 else {
            return
        }
        let files = status.output.split(separator: "\n").map { String($0.dropFirst(3)) }
        if !files.isEmpty { throw MigrationError.dirtyWorkTree(root: root, files: files) }
    }

    /// Whether `root` is inside a git work tree.
    public static func isGitWorkTree(_ root: String) -> Bool {
        git(["rev-parse", "--is-inside-work-tree"], in: root).map { $0.exitCode == 0 && $0.output.hasPrefix("true") } ?? false
    }

    /// Writes every change of `plan`: each file goes to a temporary file in its own directory, then is
    /// renamed over the original, so a reader never sees half a file. Created files get their folders.
    public static func apply(_ plan: MigrationPlan) throws {
        let root = URL(fileURLWithPath: plan.root)
        for change in plan.changes {
            let url = root.appendingPathComponent(change.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                if let original = change.original {
                    // Refuse to overwrite a file that changed since it was planned.
                    let current = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
                    guard current == original else {
                        throw MigrationError.writeFailed(file: change.path, reason: "it changed after the migration was planned")
                    }
                } else if FileManager.default.fileExists(atPath: url.path) {
                    throw MigrationError.writeFailed(file: change.path, reason: "it was created after the migration was planned")
                }
                try writeAtomically(Data(change.updated.utf8), to: url)
            } catch let error as MigrationError {
                throw error
            } catch {
                throw MigrationError.writeFailed(file: change.path, reason: String(describing: error))
            }
        }
    }

    /// Temp file in the same directory (so the rename stays on one file system), then `rename(2)`.
    private static func writeAtomically(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).seam-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw MigrationError.writeFailed(file: url.path, reason: "cannot create \(temporary.lastPathComponent)")
        }
        if let attributes = try? FileManager.default.attributesOfItem(atPath: url.path), let permissions = attributes[.posixPermissions] {
            try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw MigrationError.writeFailed(file: url.path, reason: reason)
        }
    }

    private static func git(_ arguments: [String], in directory: String) -> (exitCode: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
