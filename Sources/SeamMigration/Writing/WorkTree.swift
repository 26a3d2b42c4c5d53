import Foundation
import SeamAnalysis

/// What `git` says about the files under a root, for the guard of `seam migrate --write`: the guard fails
/// closed, so a repository git cannot read (git missing, "dubious ownership", a broken `.git`) stops the write.
///
/// A root inside no repository at all (no `.git` in it or above it, no `GIT_DIR`) is not an error: there is no
/// commit to lose uncommitted changes against, and the write is still a transaction (see ``MigrationWriter``).
public enum WorkTreeState: Sendable, Hashable {
    /// A git work tree with no uncommitted change under the root.
    case clean
    /// No git repository holds the root.
    case notInARepository
}

enum WorkTree {
    /// The state of the work tree at `root`.
    ///
    /// - Throws: ``MigrationError`` when there are uncommitted changes under `root` (`dirtyWorkTree`), or when
    ///   a repository holds `root` but `git` cannot say whether it is clean (`workTreeUnchecked`).
    static func check(root: String) throws(MigrationError) -> WorkTreeState {
        guard let marker = repositoryMarker(above: root) else { return .notInARepository }
        let result: Subprocess.Outcome
        do {
            result = try git(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "."], in: root)
        } catch {
            throw .workTreeUnchecked(root: root, reason: "git could not be run: \(FileSystemError.words(for: error))")
        }
        if result.status == 127 {
            throw .workTreeUnchecked(
                root: root, reason: "it is in a git repository (\(marker)) but git is not installed")
        }
        guard result.status == 0 else {
            let reason =
                result.error.split(separator: "\n").first.map(String.init) ?? "git status exited with \(result.status)"
            throw .workTreeUnchecked(root: root, reason: "git refuses it: \(reason)")
        }
        let files = Self.paths(inPorcelain: result.output)
        if !files.isEmpty { throw .dirtyWorkTree(root: root, files: files) }
        return .clean
    }

    /// The uncommitted files (changed, added, deleted or untracked) of the work tree holding `root`, as absolute
    /// paths (the repository's top folder, a real path, joined with git's paths); `nil` when no repository holds
    /// `root`.
    ///
    /// - Throws: ``MigrationError`` (`workTreeUnchecked`) when git cannot say.
    static func uncommittedFiles(root: String) throws(MigrationError) -> (top: String, files: [String])? {
        guard let marker = repositoryMarker(above: root) else { return nil }
        let top: Subprocess.Outcome
        let status: Subprocess.Outcome
        do {
            top = try git(["rev-parse", "--show-toplevel"], in: root)
            status = try git(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "."], in: root)
        } catch {
            throw .workTreeUnchecked(root: root, reason: "git could not be run: \(FileSystemError.words(for: error))")
        }
        if top.status == 127 || status.status == 127 {
            throw .workTreeUnchecked(
                root: root, reason: "it is in a git repository (\(marker)) but git is not installed")
        }
        for result in [top, status] where result.status != 0 {
            let reason =
                result.error.split(separator: "\n").first.map(String.init) ?? "git exited with \(result.status)"
            throw .workTreeUnchecked(root: root, reason: "git refuses it: \(reason)")
        }
        let folder = String(top.output.prefix { $0 != "\n" })
        return (folder, paths(inPorcelain: status.output).map { PathText.join(folder, $0) })
    }

    /// The paths among `paths` (relative to `root`) that the repository holding `root` tracks; empty outside a
    /// repository.
    static func trackedFiles(_ paths: [String], root: String) throws(MigrationError) -> [String] {
        guard !paths.isEmpty, let marker = repositoryMarker(above: root) else { return [] }
        let result: Subprocess.Outcome
        do {
            result = try git(["ls-files", "-z", "--"] + paths, in: root)
        } catch {
            throw .workTreeUnchecked(root: root, reason: "git could not be run: \(FileSystemError.words(for: error))")
        }
        if result.status == 127 {
            throw .workTreeUnchecked(
                root: root, reason: "it is in a git repository (\(marker)) but git is not installed")
        }
        guard result.status == 0 else {
            let reason =
                result.error.split(separator: "\n").first.map(String.init) ?? "git exited with \(result.status)"
            throw .workTreeUnchecked(root: root, reason: "git refuses it: \(reason)")
        }
        return result.output.split(separator: "\0").map(String.init)
    }

    /// The `.git` (folder or file) in `root` or the nearest folder above it, or `GIT_DIR` when set; `nil` when
    /// no repository can hold `root`.
    static func repositoryMarker(above root: String) -> String? {
        if let gitDirectory = ProcessInfo.processInfo.environment["GIT_DIR"], !gitDirectory.isEmpty {
            return gitDirectory
        }
        var folder = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        while true {
            let marker = (folder as NSString).appendingPathComponent(".git")
            if FileManager.default.fileExists(atPath: marker) { return marker }
            let parent = PathText.folder(of: folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// The paths of `git status --porcelain=v1 -z` (a rename's two paths both count).
    static func paths(inPorcelain output: String) -> [String] {
        var paths: [String] = []
        var fields = output.split(separator: "\0", omittingEmptySubsequences: true)[...]
        while let field = fields.popFirst() {
            guard field.count > 3 else { continue }
            let status = field.prefix(2)
            paths.append(String(field.dropFirst(3)))
            // A rename or copy is followed by the path it came from.
            if status.contains("R") || status.contains("C"), let source = fields.popFirst() {
                paths.append(String(source))
            }
        }
        return paths
    }

    /// Runs `git` (found on `PATH`) in `directory` with messages in English, whatever the locale.
    static func git(_ arguments: [String], in directory: String) throws -> Subprocess.Outcome {
        try Subprocess.run(["git"] + arguments, in: URL(fileURLWithPath: directory))
    }
}
