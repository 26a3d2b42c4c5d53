import Foundation

/// Converts columns from UTF-8 bytes (how Seam, SwiftSyntax and compilers count) to UTF-16 code units, the
/// unit SARIF assumes unless a run says otherwise. Each file with a finding is read once from the audited
/// root; a line whose text before the column is ASCII (nearly every line) keeps its column. When the root
/// or the file cannot be read, the byte column is kept.
struct UTF16Columns {
    /// A file as far as columns need it.
    private enum File {
        case readable(text: Data, lines: LineTable)
        case unreadable
    }

    private let root: URL?
    private var files: [String: File] = [:]

    init(absoluteRoot: String?) {
        root = absoluteRoot.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The 1-based UTF-16 column of `location`.
    mutating func column(of location: SourceLocation) -> Int {
        guard location.column > 1, location.line >= 1, case .readable(let text, let lines) = file(location.file),
            location.line <= lines.lineStarts.count
        else { return location.column }
        let start = lines.lineStarts[location.line - 1]
        let prefix = text[start..<min(start + location.column - 1, text.count)]
        guard prefix.contains(where: { $0 >= 0x80 }) else { return location.column }
        return String(decoding: prefix, as: UTF8.self).utf16.count + 1
    }

    private mutating func file(_ path: String) -> File {
        if let known = files[path] { return known }
        var file = File.unreadable
        if let root, let data = try? Data(contentsOf: root.appendingPathComponent(path)) {
            file = .readable(text: data, lines: data.withUnsafeBytes { LineTable($0.bindMemory(to: UInt8.self)) })
        }
        files[path] = file
        return file
    }
}
