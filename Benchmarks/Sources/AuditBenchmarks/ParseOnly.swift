import BenchHarness
import Foundation
import SeamAnalysis
import SwiftCorpus
import SwiftParser
import SwiftSyntax
import Synchronization

/// The floor of the audit benchmark: find the `.swift` files, read each one and parse it with
/// SwiftSyntax, nothing else, with the same parallel shape as the audit engine (`threads` tasks, each
/// taking the next file no task has claimed).
enum ParseOnly {
    /// What one pass saw.
    struct Totals: Sendable {
        var files = 0
        var bytes = 0
        var filesWithErrors = 0
    }

    static func run(root: URL, threads: Int) async throws -> Totals {
        let files = try swiftFiles(under: root)
        let next = NextIndex()
        return await withTaskGroup(of: Totals.self) { group in
            for _ in 0..<min(max(1, threads), files.count) {
                group.addTask {
                    var totals = Totals()
                    while let index = next.claim(below: files.count) {
                        let result = parse(files[index])
                        totals.files += result.files
                        totals.bytes += result.bytes
                        totals.filesWithErrors += result.filesWithErrors
                    }
                    return totals
                }
            }
            var totals = Totals()
            while let result = await group.next() {
                totals.files += result.files
                totals.bytes += result.bytes
                totals.filesWithErrors += result.filesWithErrors
            }
            return totals
        }
    }

    /// The next file to claim, shared by the tasks of one pass (the engine's `concurrentMap` works the same way).
    private final class NextIndex: Sendable {
        private let next = Mutex(0)

        func claim(below count: Int) -> Int? {
            next.withLock { next in
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }

    /// Reads and parses one file; the tree is consumed by ``blackHole(_:)`` and then freed.
    private static func parse(_ file: URL) -> Totals {
        guard let data = try? Data(contentsOf: file) else { return Totals() }
        let tree = data.withUnsafeBytes { raw in
            Parser.parse(source: raw.bindMemory(to: UInt8.self))
        }
        blackHole(tree)
        return Totals(files: 1, bytes: data.count, filesWithErrors: tree.hasError ? 1 : 0)
    }

    /// Every regular `.swift` file below `root`, in a stable order, outside the folders the audit skips by
    /// default (`.build`, `Pods`, `Carthage`…), so that both sides of the comparison read the same files.
    /// Listed the way the audit's discovery lists them (names, then `fileExists`, symbolic links followed):
    /// `FileManager.enumerator` with resource values costs a quarter of a real app's parse on Linux.
    static func swiftFiles(under root: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ArgumentError("cannot list \(root.path)")
        }
        let skipped = AuditConfiguration().skippedFolders
        var files: [String] = []
        func walk(_ directory: String, depth: Int) {
            // A depth limit instead of the audit's loop check: a symbolic link loop ends here too.
            guard depth < 64, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                return
            }
            for name in names {
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !skipped.contains(name) { walk(path, depth: depth + 1) }
                } else if name.hasSuffix(".swift") {
                    files.append(path)
                }
            }
        }
        walk(root.path, depth: 0)
        return files.sorted().map { URL(fileURLWithPath: $0, isDirectory: false) }
    }

    /// The size of the folder's `.swift` files (those `swiftFiles(under:)` lists): lines are line feeds.
    static func manifest(of root: URL) throws -> CorpusGenerator.Manifest {
        var manifest = CorpusGenerator.Manifest()
        var folders: Set<String> = []
        for file in try swiftFiles(under: root) {
            let data = try Data(contentsOf: file)
            manifest.files += 1
            manifest.bytes += data.count
            manifest.lines += data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            folders.insert(file.deletingLastPathComponent().path)
        }
        manifest.folders = folders.count
        return manifest
    }
}
