import Foundation
import Testing

/// The Swift code blocks of a Markdown file (the README, a DocC article), and the check that a test
/// file compiles every one of them: each block's lines appear, in order, in the mirror file.
struct DocSnippets {
    /// A fenced ```swift block: its first line number (1-based) and its lines.
    struct Block {
        let line: Int
        let lines: [String]
    }

    let path: String
    let blocks: [Block]

    /// Reads `relativePath` from the repository root; `section` limits the blocks to those between
    /// `<!-- section: NAME -->` and the next section marker.
    init(_ relativePath: String, section: String? = nil) throws {
        path = relativePath
        let text = try String(contentsOfFile: DocSnippets.repositoryRoot + "/" + relativePath, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        var offset = 0
        if let section {
            let start = try #require(
                lines.firstIndex(of: "<!-- section: \(section) -->"), "no section \(section) in \(relativePath)")
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("<!-- section: ") } ?? lines.endIndex
            offset = start
            lines = Array(lines[start..<end])
        }
        var blocks: [Block] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = (offset + index + 2, [])
            } else if let open = current, trimmed == "```" {
                blocks.append(Block(line: open.line, lines: open.lines))
                current = nil
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        self.blocks = blocks
    }

    /// The repository root, found from this file's path (`Tests/SeamTests/Docs/DocSnippets.swift`).
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// A line as compared: trimmed; `nil` for lines that carry no code of their own (blank, imports,
    /// whole-line comments).
    static func normalized(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("import ") || trimmed.hasPrefix("//") { return nil }
        return trimmed
    }

    /// Records an issue for each block whose lines do not all appear, in order, in `mirror` (a path
    /// from the repository root).
    func expectMirrored(in mirror: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try String(contentsOfFile: DocSnippets.repositoryRoot + "/" + mirror, encoding: .utf8)
        let mirrorLines = text.components(separatedBy: "\n").compactMap(DocSnippets.normalized)
        #expect(!blocks.isEmpty, "no swift blocks in \(path)", sourceLocation: sourceLocation)
        for block in blocks {
            var position = mirrorLines.startIndex
            for line in block.lines.compactMap(DocSnippets.normalized) {
                guard let found = mirrorLines[position...].firstIndex(of: line) else {
                    Issue.record(
                        "\(path):\(block.line): this line is not in \(mirror): \(line)", sourceLocation: sourceLocation)
                    break
                }
                position = found + 1
            }
        }
    }
}
