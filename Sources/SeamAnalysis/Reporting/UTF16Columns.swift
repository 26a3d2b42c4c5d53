import Foundation

/// Converts columns from UTF-8 bytes (how Seam, SwiftSyntax and compilers count) to UTF-16 code units, the
/// unit SARIF assumes unless a run says otherwise. Each file with a finding is read once from the audited
/// root; a line whose text before the column is ASCII (nearly every line) keeps its column. When the root
/// or the file cannot be read, the byte column is kept.
struct UTF16Columns {
    private let root: URL?
    private var files: [String: (text: Data, lines: LineTable)?] = [:]

    init(absoluteRoot: String?) {
        root = absoluteRoot.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The 1-based UTF-16 column of `location`.
    mutating func column(of location: SourceLocation) -> Int {
        guard let root, location.column > 1, location.line >= 1 else { return location.column }
        if files[location.file] == nil {
            let data = try? Data(contentsOf: root.appendingPathComponent(location.file))
            files[location.file] = .some(data.map { data in
                (data, data.withUnsafeBytes { LineTable($0.bindMemory(to: UInt8.self)) })
            })
        }
        guard let file = files[location.file] ?? nil, location.line <= file.lines.lineStarts.count else {
            return location.column
        }
        let start = file.lines.lineStarts[location.line - 1]
        let end = min(start + location.column - 1, file.text.count)
        let prefix = file.text[start..<end]
        guard prefix.contains(where: { $0 >= 0x80 }) else { return location.column }
        return String(decoding: prefix, as: UTF8.self).utf16.count + 1
    }
}
