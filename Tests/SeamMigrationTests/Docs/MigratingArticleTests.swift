// Sources/SeamMigration/SeamMigration.docc/MigratingACodebase.md shows a view model of Examples/LegacyApp
// before and after `seam migrate --write`: its "before" block is checked against the example's source,
// its "after" block against what the migration plans for that file today.
import Foundation
import SeamMigration
import Testing

@Suite("Article: Migrating a codebase with seam")
struct MigratingArticleTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()
    static let article = "Sources/SeamMigration/SeamMigration.docc/MigratingACodebase.md"
    static let viewModel = "Sources/LegacyApp/ViewModels/SettingsViewModel.swift"

    @Test("the before and after of SettingsViewModel are the example's source and the migration's output")
    func beforeAndAfter() async throws {
        let blocks = try Self.swiftBlocks(in: String(contentsOfFile: "\(Self.root)/\(Self.article)", encoding: .utf8))
        try #require(blocks.count == 2, "\(Self.article) should show one view model before and after")
        let legacyApp = "\(Self.root)/Examples/LegacyApp"
        let before = try String(contentsOfFile: "\(legacyApp)/\(Self.viewModel)", encoding: .utf8)
        let plan = try await Migrator().plan(root: legacyApp)
        let after = try #require(plan.changes.first { $0.path.hasSuffix(Self.viewModel) }?.updated)
        #expect(Self.missingLine(of: blocks[0], in: before) == nil, "before: not in \(Self.viewModel)")
        #expect(Self.missingLine(of: blocks[1], in: after) == nil, "after: not what seam migrate writes:\n\(after)")
    }

    /// The ```swift blocks of a Markdown text, as their trimmed, non-blank lines.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block)
                current = nil
            } else if !line.isEmpty {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The first line of `block` that is not, in order, a line of `text`; `nil` when all are.
    static func missingLine(of block: [String], in text: String) -> String? {
        let lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var position = lines.startIndex
        for line in block {
            guard let found = lines[position...].firstIndex(of: line) else { return line }
            position = found + 1
        }
        return nil
    }
}
