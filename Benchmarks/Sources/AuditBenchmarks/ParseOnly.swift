import BenchHarness
import Foundation
import SeamAnalysis
import SwiftCorpus
import SwiftParser
import SwiftSyntax

/// The floor of the audit benchmark: find the `.swift` files, read each one and parse it with
/// SwiftSyntax, nothing else, with the same parallel shape as the audit engine (a task group that
/// keeps at most `threads` files in flight).
enum ParseOnly {
    /// What one pass saw.
    struct Totals: Sendable {
        var files = 0
        var bytes = 0
        var filesWithErrors = 0
    }

    static func run(root: URL, threads: Int) async throws -> Totals {
        let files = try swiftFiles(under: root)
        return await withTaskGroup(of: Totals.self) { group in
            var iterator = files.makeIterator()
            for _ in 0..<max(1, threads) {
                guard let file = iterator.next() else { break }
                group.addTask { parse(file) }
            }
            var totals = Totals()
            while let result = await group.next() {
                totals.files += result.files
                totals.bytes += result.bytes
                totals.filesWithErrors += result.filesWithErrors
                if let file = iterator.next() {
                    group.addTask { parse(file) }
                }
            }
            return totals
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
    static func swiftFiles(under root: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey]
        ) else {
            throw ArgumentError("cannot list \(root.path)")
        }
        let skipped = AuditConfiguration().skippedFolders
        var files: [URL] = []
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if values?.isDirectory == true {
                if skipped.contains(url.lastPathComponent) { enumerator.skipDescendants() }
            } else if values?.isRegularFile == true, url.pathExtension == "swift" {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
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
