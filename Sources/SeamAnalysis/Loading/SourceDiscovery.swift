import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the `.swift` files to audit under a root: skips `AuditConfiguration.skippedFolders`, applies the
/// include and exclude globs, follows symbolic links, walks each real folder once (under the first path
/// that reaches it in sorted order, so link loops end and a folder reachable through many paths is not
/// walked once per path) and lists each real file at most once.
struct SourceDiscovery {
    /// One file to audit.
    struct Entry: Hashable {
        /// The path relative to the root, `/`-separated, through any symbolic link that led to it.
        var relativePath: String
        /// The absolute path to read.
        var url: URL
    }

    let configuration: AuditConfiguration
    private let includes: [GlobPattern]
    private let excludes: [GlobPattern]

    init(configuration: AuditConfiguration) {
        self.configuration = configuration
        includes = configuration.include.map(GlobPattern.init)
        excludes = configuration.exclude.map(GlobPattern.init)
    }

    /// The files under `root`, sorted by relative path.
    func files(under root: URL) throws -> [Entry] {
        try discover(under: root).files
    }

    /// The `.swift` files under `root`, sorted by relative path, and the build files met on the way
    /// (`project.pbxproj`, `.xcconfig`, XcodeGen `.yml` specs, `Package.swift`) whose settings tell how the
    /// sources are compiled (see `ProjectIsolation`).
    func discover(under root: URL) throws -> (files: [Entry], buildFiles: [Entry]) {
        let rootPath = root.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDirectory) else {
            throw AuditError.rootNotFound(rootPath)
        }
        guard isDirectory.boolValue else {
            guard access(rootPath, R_OK) == 0 else { throw AuditError.rootNotReadable(rootPath) }
            return ([Entry(relativePath: root.lastPathComponent, url: root)], [])
        }
        guard access(rootPath, R_OK | X_OK) == 0,
            (try? FileManager.default.contentsOfDirectory(atPath: rootPath)) != nil
        else { throw AuditError.rootNotReadable(rootPath) }

        var result: [Entry] = []
        var buildFiles: [Entry] = []
        var seenFiles: Set<String> = []
        var visitedFolders: Set<FolderIdentity> = []
        walk(
            directory: root, relative: "", result: &result, buildFiles: &buildFiles, seenFiles: &seenFiles,
            visitedFolders: &visitedFolders)
        result.sort { $0.relativePath < $1.relativePath }
        return (result, buildFiles)
    }

    /// Whether a file may hold build settings: an Xcode project, an `.xcconfig`, an XcodeGen spec (YAML,
    /// checked by content later) or a package manifest.
    private static func isBuildFile(_ name: String) -> Bool {
        name == "project.pbxproj" || name == "Package.swift" || name.hasSuffix(".xcconfig") || name.hasSuffix(".yml")
            || name.hasSuffix(".yaml")
    }

    private func walk(
        directory: URL, relative: String, result: inout [Entry], buildFiles: inout [Entry],
        seenFiles: inout Set<String>, visitedFolders: inout Set<FolderIdentity>
    ) {
        // Once per real folder: links back up end, and 16 levels of two links each to the next level are
        // 16 folders to walk, not 65,536 paths.
        guard let identity = FolderIdentity(path: directory.path), visitedFolders.insert(identity).inserted else {
            return
        }
        // An unreadable subfolder is skipped silently: its files cannot be named, and the rest continues.
        let directoryPath = directory.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directoryPath) else { return }
        for name in names.sorted() {
            // Paths are joined as strings: `URL.appendingPathComponent` asks the file system whether the result
            // is a folder, a second `stat` per file that cost 1.6% of a real app's audit.
            let path = directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var isDirectory: ObjCBool = false
            // `fileExists` follows symbolic links; a dangling link reports false and is skipped.
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let url = URL(fileURLWithPath: path, isDirectory: isDirectory.boolValue)
            if isDirectory.boolValue {
                if configuration.skippedFolders.contains(name) { continue }
                if excludes.contains(where: { $0.matches(relativePath) }) { continue }
                walk(
                    directory: url, relative: relativePath, result: &result, buildFiles: &buildFiles,
                    seenFiles: &seenFiles, visitedFolders: &visitedFolders)
            } else if Self.isBuildFile(name) {
                buildFiles.append(Entry(relativePath: relativePath, url: url))
                if name == "Package.swift", includes.isEmpty || includes.contains(where: { $0.matches(relativePath) }),
                    !excludes.contains(where: { $0.matches(relativePath) }),
                    seenFiles.insert(Self.realPath(url.path)).inserted
                {
                    result.append(Entry(relativePath: relativePath, url: url))
                }
            } else if name.hasSuffix(".swift") {
                if !includes.isEmpty && !includes.contains(where: { $0.matches(relativePath) }) { continue }
                if excludes.contains(where: { $0.matches(relativePath) }) { continue }
                guard seenFiles.insert(Self.realPath(url.path)).inserted else { continue }
                result.append(Entry(relativePath: relativePath, url: url))
            }
        }
    }

    /// A folder's device and inode numbers: the same for every path that reaches it.
    struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        /// The identity of the folder at `path` (symbolic links followed), or `nil` if it cannot be read.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The canonical path with every symbolic link resolved, or `path` itself when it cannot be resolved.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
