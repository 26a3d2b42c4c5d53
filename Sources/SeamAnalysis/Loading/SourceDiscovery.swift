import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the `.swift` files to audit under a root: skips `AuditConfiguration.skippedFolders` and Danger's build
/// scripts (`Dangerfile.swift`, `Dangerfile.*.swift`: CI tooling, not the app), applies the include and exclude globs, follows symbolic links, walks each real folder once (under the first path
/// that reaches it in sorted order, so link loops end and a folder reachable through many paths is not
/// walked once per path) and lists each real file at most once.
struct SourceDiscovery {
    /// One file to audit.
    struct Entry: Hashable {
        /// The path relative to the root, `/`-separated, through any symbolic link that led to it.
        var relativePath: String
        /// The path to read, as discovery joined it (a `URL` per file cost 0.3% of an audit: made when asked).
        var path: String
        /// The file's base name.
        var name: String { PathText.name(of: relativePath) }
    }

    /// A build file (`Package.swift`, `project.pbxproj`, `.xcconfig`, an XcodeGen spec) read once for everything
    /// that learns from build files (targets, isolation settings).
    struct BuildFile {
        var entry: Entry
        var data: Data

        /// The build files that could be read, each at most 32 MiB (larger ones are no build settings a person
        /// wrote); unreadable ones are left out.
        static func read(_ entries: [Entry]) -> [BuildFile] {
            entries.compactMap { entry in
                guard let data = try? FileAccess.read(entry.path), data.count < 32 << 20 else { return nil }
                return BuildFile(entry: entry, data: data)
            }
        }
    }

    /// What a walk found besides the files: folders it could not list, include patterns nothing matched.
    final class Findings {
        /// Folders (relative paths) that could not be listed, with the reason.
        var unreadableFolders: [(path: String, reason: String)] = []
        /// Folders and `.swift` files whose names are not UTF-8 (relative paths, the bad bytes as `\xNN`), with
        /// whether each is a folder: skipped, since nothing can name them, and reported.
        var undecodableNames: [(path: String, isFolder: Bool)] = []
        /// The indexes in `configuration.include` of the patterns some file matched.
        var matchedIncludes: Set<Int> = []
    }

    let configuration: AuditConfiguration
    private let includes: [GlobPattern]
    private let excludes: [GlobPattern]
    /// Filled by the walk.
    private let findings = Findings()

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
        let result = try discoverReporting(under: root)
        return (result.files, result.buildFiles)
    }

    /// ``discover(under:)``, with the folders that could not be listed (each a `parse-error` problem: its
    /// files are missing from the audit) and the `include` patterns that matched no file.
    func discoverReporting(under root: URL) throws -> (
        files: [Entry], buildFiles: [Entry], unreadableFolders: [FileProblem], unmatchedIncludes: [String]
    ) {
        findings.unreadableFolders = []
        findings.undecodableNames = []
        findings.matchedIncludes = []
        let (files, buildFiles) = try walkRoot(root)
        let folders =
            findings.unreadableFolders.map { folder in
                FileProblem(
                    kind: .unreadable, location: SourceLocation(file: folder.path, line: 1, column: 1),
                    message: "the folder \(folder.path) could not be read (\(folder.reason)); its files were skipped")
            }
            + findings.undecodableNames.map { entry in
                FileProblem(
                    kind: .unreadable, location: SourceLocation(file: entry.path, line: 1, column: 1),
                    message: entry.isFolder
                        ? "the folder \(entry.path) has a name that is not UTF-8 (shown as \\xNN); its files were skipped: rename it"
                        : "\(entry.path) has a name that is not UTF-8 (shown as \\xNN); it was skipped: rename it")
            }
        let unmatched = configuration.include.indices.filter { !findings.matchedIncludes.contains($0) }
            .map { configuration.include[$0] }
        return (files, buildFiles, folders, unmatched)
    }

    /// Whether a file is included (always, without include patterns), noting which patterns matched it.
    private func isIncluded(_ relativePath: String) -> Bool {
        guard !includes.isEmpty else { return true }
        guard let first = includes.firstIndex(where: { $0.matches(relativePath) }) else { return false }
        findings.matchedIncludes.insert(first)
        // Later patterns are tried only until each has matched once, so a run costs one match per file as before.
        if findings.matchedIncludes.count < includes.count {
            for index in includes.indices where index > first && !findings.matchedIncludes.contains(index) {
                if includes[index].matches(relativePath) { findings.matchedIncludes.insert(index) }
            }
        }
        return true
    }

    private func walkRoot(_ root: URL) throws -> (files: [Entry], buildFiles: [Entry]) {
        let rootPath = root.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDirectory) else {
            throw AuditError.rootNotFound(rootPath)
        }
        guard isDirectory.boolValue else {
            guard access(rootPath, R_OK) == 0 else { throw AuditError.rootNotReadable(rootPath) }
            return ([Entry(relativePath: root.lastPathComponent, path: root.path)], [])
        }
        guard access(rootPath, R_OK | X_OK) == 0,
            (try? FileManager.default.contentsOfDirectory(atPath: rootPath)) != nil
        else { throw AuditError.rootNotReadable(rootPath) }

        var result: [Entry] = []
        var buildFiles: [Entry] = []
        var seenFiles: Set<FileIdentity> = []
        var visitedFolders: Set<FileIdentity> = []
        guard let (_, rootIdentity) = FileIdentity.of(rootPath) else { throw AuditError.rootNotReadable(rootPath) }
        walk(
            directory: rootPath, identity: rootIdentity, relative: "", result: &result, buildFiles: &buildFiles,
            seenFiles: &seenFiles,
            visitedFolders: &visitedFolders)
        result.sort { $0.relativePath < $1.relativePath }
        return (result, buildFiles)
    }

    /// Whether a file may hold build settings: an Xcode project, an `.xcconfig`, an XcodeGen spec (YAML,
    /// checked by content later), a package manifest or a Tuist project manifest.
    private static func isBuildFile(_ name: String) -> Bool {
        name == "project.pbxproj" || name == "Package.swift" || name == "Project.swift" || name.hasSuffix(".xcconfig")
            || name.hasSuffix(".yml") || name.hasSuffix(".yaml")
    }

    /// Lists the folder at `directoryPath` (whose `stat` identity the caller has read) and the folders below it.
    private func walk(
        directory directoryPath: String, identity: FileIdentity, relative: String, result: inout [Entry],
        buildFiles: inout [Entry], seenFiles: inout Set<FileIdentity>, visitedFolders: inout Set<FileIdentity>
    ) {
        // Once per real folder: links back up end, and 16 levels of two links each to the next level are
        // 16 folders to walk, not 65,536 paths.
        guard visitedFolders.insert(identity).inserted else { return }
        // An unreadable subfolder is skipped: its files cannot be named, and the rest continues.
        let names: [String]
        switch Self.list(directoryPath) {
        case .success(let listing):
            names = listing.names
            for name in listing.undecodable {
                // A folder may hold Swift files, a `.swift` name is one: reported. Other files cannot matter.
                let isFolder = name.isFolder
                guard isFolder || name.bytes.suffix(6).elementsEqual(".swift".utf8) else { continue }
                findings.undecodableNames.append(
                    (relative.isEmpty ? name.escaped : relative + "/" + name.escaped, isFolder))
            }
        case .failure(let failure):
            // Not silently, though: it is reported (a `parse-error` warning naming it), since its files are missing.
            findings.unreadableFolders.append(
                (relative.isEmpty ? "." : relative, FileSystemError.words(forErrno: failure.code)))
            return
        }
        for name in names.sorted() {
            // Paths are joined as strings: `URL.appendingPathComponent` asks the file system whether the result
            // is a folder, a second `stat` per file that cost 1.6% of a real app's audit.
            let path = directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            // One `stat`, symbolic links followed (a dangling link is skipped): the kind of file and its identity,
            // which tells a file reached twice through links (`realpath` per file cost 1% of a real app's audit).
            guard let (isDirectory, identity) = FileIdentity.of(path) else { continue }
            if isDirectory {
                if configuration.skippedFolders.contains(name) { continue }
                // A playground's pages are scratch code, not the app's.
                if name.hasSuffix(".playground") { continue }
                if excludes.contains(where: { $0.matches(relativePath) }) { continue }
                walk(
                    directory: path, identity: identity, relative: relativePath, result: &result,
                    buildFiles: &buildFiles, seenFiles: &seenFiles, visitedFolders: &visitedFolders)
            } else if Self.isBuildFile(name) {
                buildFiles.append(Entry(relativePath: relativePath, path: path))
                // A package manifest or Tuist `Project.swift` is audited like other Swift files too.
                if name.hasSuffix(".swift"), isIncluded(relativePath),
                    !excludes.contains(where: { $0.matches(relativePath) }),
                    seenFiles.insert(identity).inserted
                {
                    result.append(Entry(relativePath: relativePath, path: path))
                }
            } else if name.hasSuffix(".swift") {
                // Danger's scripts are audited only when an `include` pattern asks for them.
                if name.hasPrefix("Dangerfile."), configuration.include.isEmpty { continue }
                if !isIncluded(relativePath) { continue }
                if excludes.contains(where: { $0.matches(relativePath) }) { continue }
                guard seenFiles.insert(identity).inserted else { continue }
                result.append(Entry(relativePath: relativePath, path: path))
            }
        }
    }

    /// A name in a folder that is not UTF-8.
    struct UndecodableName {
        var bytes: [UInt8]
        /// The name with its bad bytes as `\xNN`.
        var escaped: String
        var isFolder: Bool
    }

    struct ErrnoCode: Error {
        var code: Int32
    }

    /// The names in the folder at `path` (`.` and `..` apart), read with `readdir` so that names that are not
    /// UTF-8 are seen (and reported) instead of silently dropped.
    static func list(_ path: String) -> Result<(names: [String], undecodable: [UndecodableName]), ErrnoCode> {
        guard let directory = opendir(path) else { return .failure(ErrnoCode(code: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        var undecodable: [UndecodableName] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(ErrnoCode(code: errno)) }
                break
            }
            let type = entry.pointee.d_type
            // One pass over the name's bytes: valid UTF-8 (nearly always) is the name; otherwise its bytes are kept.
            let (name, badBytes): (String?, [UInt8]?) = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { start in
                    let bytes = UnsafeBufferPointer(
                        start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
                    if let name = String(validating: bytes, as: UTF8.self) { return (name, nil) }
                    return (nil, Array(bytes))
                }
            }
            if let name {
                if name != "." && name != ".." { names.append(name) }
            } else if let bytes = badBytes, let escaped = PathText.escapedIfNotUTF8(bytes) {
                var isFolder = type == UInt8(DT_DIR)
                if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                    // The full path as bytes, so the bad bytes reach `stat` as they are.
                    var full = Array(path.utf8) + [0x2F] + bytes + [0]
                    var status = stat()
                    isFolder =
                        full.withUnsafeMutableBufferPointer { buffer in
                            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                                stat($0, &status)
                            } == 0
                        } && (status.st_mode & S_IFMT) == S_IFDIR
                }
                undecodable.append(UndecodableName(bytes: bytes, escaped: escaped, isFolder: isFolder))
            }
        }
        return .success((names, undecodable))
    }

    /// A file's or folder's device and inode numbers: the same for every path that reaches it.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        /// Whether `path` (symbolic links followed) is a folder, and its identity; `nil` if it cannot be read.
        static func of(_ path: String) -> (isDirectory: Bool, identity: FileIdentity)? {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            return ((status.st_mode & S_IFMT) == S_IFDIR, identity)
        }
    }
}
