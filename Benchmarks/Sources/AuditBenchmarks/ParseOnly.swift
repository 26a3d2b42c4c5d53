import BenchHarness
import Foundation
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

    /// Every regular `.swift` file below `root`, in a stable order.
    static func swiftFiles(under root: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else {
            throw ArgumentError("cannot list \(root.path)")
        }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
