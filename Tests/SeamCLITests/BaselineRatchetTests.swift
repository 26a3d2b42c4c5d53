import Foundation
import SeamTestSupport
import Testing

/// `--baseline`: record today's findings, then fail only on new ones.
@Suite("seam audit --baseline")
struct BaselineRatchetTests {
    private let store = """
        final class Store {
            static let shared = Store()
            private init() {}
            func load() {}
        }
        """

    /// A migration adds no debt: the `= Store.shared` defaults it writes are injection, not new sites.
    @Test func aMigrationPassesTheBaselineRecordedBeforeIt() async throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/Store.swift": store,
            "Sources/Screen.swift": "final class Screen {\n    func show() {\n        Store.shared.load()\n    }\n}\n",
        ])
        defer { folder.remove() }
        let record = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(record.status == 0)
        let before = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)

        let migrate = try await SeamCLI.run(["migrate", ".", "--write"], in: folder.url)
        #expect(migrate.status == 0, "\(migrate.stderr)")
        let screen = try String(contentsOf: folder.url("Sources/Screen.swift"), encoding: .utf8)
        #expect(screen.contains("= Store.shared"), "the fixture is migrated with a singleton default:\n\(screen)")

        let after = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(after.status == 0, "no new finding after a migration:\n\(after.stdout)")
        let metrics = { (json: String) throws -> [String: Any] in
            let report = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try #require(report["metrics"] as? [String: Any])
        }
        let afterJSON = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(try metrics(before.stdout)["singletonAccesses"] as? Int == 1)
        #expect(try metrics(afterJSON.stdout)["singletonAccesses"] as? Int == 0, "the migrated site is no site left to migrate")
        #expect(try metrics(afterJSON.stdout)["injectedSingletonDefaults"] as? Int == 1)
    }

    @Test func recordsThenFailsOnlyOnNewFindings() async throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/Store.swift": store,
            "Sources/Screen.swift": "final class Screen {\n    func show() {\n        Store.shared.load()\n    }\n}\n",
        ])
        defer { folder.remove() }

        let plain = try await SeamCLI.run(["audit", "."], in: folder.url)
        #expect(plain.status == 1, "the fixture has debt")

        let record = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(record.status == 0)
        #expect(record.stderr.hasPrefix("seam: recorded "))
        #expect(record.stderr.hasSuffix(" findings in the baseline seam-baseline.json\n"))
        #expect(FileManager.default.fileExists(atPath: folder.url("seam-baseline.json").path))

        let again = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)

        // Moving code down does not make the known findings new.
        try Data(("\n\n" + store).utf8).write(to: folder.url("Sources/Store.swift"))
        let moved = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(moved.status == 0, "\(moved.stdout)")

        // A new access is new.
        try Data("final class Other {\n    func go() {\n        Store.shared.load()\n    }\n}\n".utf8)
            .write(to: folder.url("Sources/Other.swift"))
        let new = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(new.status == 1)
        let lines = new.stdout.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("Sources/Other.swift:") }, "\(new.stdout)")

        let text = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(text.stdout.contains("more in the baseline)"))

        // --update-baseline accepts the new debt.
        let update = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--update-baseline"], in: folder.url)
        #expect(update.status == 0)
        #expect(try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url).status == 0)
    }
}

/// `--baseline` with a finding that measures its type: growing the type is no new finding.
@Suite("seam audit --baseline: fingerprints without counts")
struct BaselineFingerprintTests {
    private func viewModel(properties: Int, padding: Int = 0) -> String {
        "final class FeedViewModel {\n" + (1...properties).map { "    var field\($0) = 0\n" }.joined()
            + String(repeating: "\n", count: padding) + "}\n"
    }

    @Test func addingALineToAFatViewModelStillPasses() async throws {
        let folder = try TemporaryDirectory(files: ["Sources/FeedViewModel.swift": viewModel(properties: 13)])
        defer { folder.remove() }
        #expect(try await SeamCLI.run(["audit", "."], in: folder.url).status == 1, "the fixture has a fat view model")
        let record = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(record.status == 0)

        // One more line, one more stored property: the message's counts change, the finding does not.
        try Data(viewModel(properties: 14, padding: 1).utf8).write(to: folder.url("Sources/FeedViewModel.swift"))
        let grown = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(grown.status == 0, "\(grown.stdout)")
        #expect(grown.stdout.isEmpty)

        // Another fat view model is new.
        try Data(viewModel(properties: 13).replacingOccurrences(of: "FeedViewModel", with: "SpotViewModel").utf8)
            .write(to: folder.url("Sources/SpotViewModel.swift"))
        let other = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(other.status == 1)
        #expect(other.stdout.contains("SpotViewModel"), "\(other.stdout)")
    }
}
