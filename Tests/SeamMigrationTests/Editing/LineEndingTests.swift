import Foundation
import Testing

@testable import SeamMigration

/// A file written with `\r\n` line endings keeps them: every line the migration inserts ends the same way.
@Suite struct LineEndingTests {
    private static func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    @Test func aCRLFFileGetsCRLFLinesOnlyAndMigratesOnce() async throws {
        let fixture = try Fixture([
            "Sources/App/DataStore.swift": Self.crlf(
                "final class DataStore {\n    static let shared = DataStore()\n    func clear() {}\n}\n"),
            "Sources/App/Home.swift": Self.crlf(
                "final class Home {\n    func go() {\n        DataStore.shared.clear()\n    }\n}\n"),
            "Sources/App/Plain.swift": "final class Plain {\n    func go() { DataStore.shared.clear() }\n}\n",
        ])
        defer { fixture.remove() }
        let plan = try await fixture.plan()
        for path in ["Sources/App/DataStore.swift", "Sources/App/Home.swift"] {
            let updated = try #require(plan.changes.first { $0.path == path }?.updated)
            let bytes = Array(updated.utf8)
            let bareLineFeeds = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D) }
            #expect(bareLineFeeds.isEmpty, "\(path) mixes line endings: \(updated.debugDescription)")
            #expect(updated.utf8.count > Self.crlf("").utf8.count)
        }
        let plain = try #require(plan.changes.first { $0.path == "Sources/App/Plain.swift" }?.updated)
        #expect(!plain.contains("\r"), "a file with \\n endings keeps them")

        try MigrationWriter.apply(plan)
        #expect(try await fixture.plan().changes.isEmpty, "a second run changes nothing")
    }

    @Test func insertedTextFollowsTheDominantEnding() throws {
        let text = "a\r\nb\r\nc\n"
        let edited = try SourceEdit.apply([SourceEdit(range: 3..<3, replacement: "x\ny\r\n")], to: text, file: "f")
        #expect(edited == "a\r\nx\r\ny\r\nb\r\nc\n", "only the inserted line breaks change")
        #expect(
            try SourceEdit.apply([SourceEdit(range: 2..<2, replacement: "x\n")], to: "a\nb\n", file: "f") == "a\nx\nb\n"
        )
    }
}
