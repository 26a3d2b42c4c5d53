import Foundation

/// A fresh directory under the system temporary directory, optionally seeded with files; the test
/// removes it with `remove()` (usually in a `defer`).
///
/// ```swift
/// let folder = try TemporaryDirectory(files: ["Sources/Store.swift": "final class Store {}\n"])
/// defer { folder.remove() }
/// let result = try SeamCLI.run(["audit", "."], in: folder.url)
/// ```
public struct TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates `seam-<prefix>-<UUID>` and writes `files` (relative path → UTF-8 contents) into it,
    /// creating intermediate folders.
    public init(prefix: String = "tests", files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("seam-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, contents) in files { try write(contents, to: path) }
    }

    /// A new temporary directory holding a copy of `source`'s contents, minus SwiftPM's `.build` and
    /// `.swiftpm` folders, so a package can be built or rewritten without touching the original.
    public static func copy(of source: URL) throws -> TemporaryDirectory {
        let copy = try TemporaryDirectory(prefix: "copy")
        let skipped: Set<String> = [".build", ".swiftpm"]
        for item in try FileManager.default.contentsOfDirectory(atPath: source.path) where !skipped.contains(item) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: copy.url(item))
        }
        return copy
    }

    /// The directory's file-system path.
    public var path: String { url.path }

    /// `relativePath` inside the directory (whether or not it exists).
    public func url(_ relativePath: String) -> URL { url.appendingPathComponent(relativePath) }

    /// Writes `text` as UTF-8 to `relativePath`, creating intermediate folders.
    public func write(_ text: String, to relativePath: String) throws {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Writes `data` to `relativePath`, creating intermediate folders.
    public func write(_ data: Data, to relativePath: String) throws {
        let file = url(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// The names of the directory's entries, sorted.
    public func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Deletes the directory and everything in it (errors are ignored: it is scratch space).
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
