import Foundation

/// The lines of the files that hold findings, for the code excerpts of `HTMLReport`.
///
/// Files are read as the audit reads them (regular files only, through `FileAccess`); one that cannot be read,
/// or is larger than ``maximumFileSize``, simply has no excerpt. Bytes that are not UTF-8 show as U+FFFD.
public struct SourceExcerpts: Sendable, Hashable {
    /// Files larger than this (8 MiB, the audit's own limit) are not read.
    public static let maximumFileSize = 8 << 20
    /// Characters of a line shown before it is cut with `…`.
    public static let maximumLineLength = 240

    /// One line of an excerpt.
    public struct Line: Sendable, Hashable {
        /// Its 1-based number in the file.
        public var number: Int
        /// Its text, without the line break, cut at ``SourceExcerpts/maximumLineLength``.
        public var text: String
    }

    private var lines: [String: [String]]

    /// No files: no excerpts.
    public init() {
        lines = [:]
    }

    /// Reads `files` (paths relative to `root`, as findings name them).
    public init(root: URL, files: some Sequence<String>) {
        var lines: [String: [String]] = [:]
        for file in Set(files) {
            let path = root.appendingPathComponent(file).path
            guard let data = try? FileAccess.read(path), data.count <= Self.maximumFileSize else { continue }
            var fileLines = String(decoding: data, as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in
                    let text = line.hasSuffix("\r") ? line.dropLast() : line
                    return text.count > Self.maximumLineLength
                        ? text.prefix(Self.maximumLineLength) + "…" : String(text)
                }
            if fileLines.last == "" { fileLines.removeLast() }  // the final line break ends a line, starts none
            lines[file] = fileLines
        }
        self.lines = lines
    }

    /// The lines from `context` before `location`'s line to `context` after it (fewer at the file's ends);
    /// empty when the file was not read or has no such line.
    public func excerpt(around location: SourceLocation, context: Int = 2) -> [Line] {
        guard let file = lines[location.file], location.line >= 1, location.line <= file.count else { return [] }
        let first = max(1, location.line - context), last = min(file.count, location.line + context)
        return (first...last).map { Line(number: $0, text: file[$0 - 1]) }
    }
}
