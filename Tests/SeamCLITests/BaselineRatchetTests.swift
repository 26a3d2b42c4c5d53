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

        let after = try await SeamCLI.run(
            ["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(after.status == 0, "no new finding after a migration:\n\(after.stdout)")
        let metrics = { (json: String) throws -> [String: Any] in
            let report = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try #require(report["metrics"] as? [String: Any])
        }
        let afterJSON = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(try metrics(before.stdout)["singletonAccesses"] as? Int == 1)
        #expect(
            try metrics(afterJSON.stdout)["singletonAccesses"] as? Int == 0,
            "the migrated site is no site left to migrate")
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

        let again = try await SeamCLI.run(
            ["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)

        // Moving code down does not make the known findings new.
        try Data(("\n\n" + store).utf8).write(to: folder.url("Sources/Store.swift"))
        let moved = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(moved.status == 0, "\(moved.stdout)")

        // A new access is new.
        try Data("final class Other {\n    func go() {\n        Store.shared.load()\n    }\n}\n".utf8)
            .write(to: folder.url("Sources/Other.swift"))
        let new = try await SeamCLI.run(
            ["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(new.status == 1)
        let lines = new.stdout.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("Sources/Other.swift:") }, "\(new.stdout)")

        let text = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(text.stdout.contains("more in the baseline)"))

        // --update-baseline never takes in new debt: the new access still fails, before and after.
        let baselineBefore = try Data(contentsOf: folder.url("seam-baseline.json"))
        let update = try await SeamCLI.run(
            ["audit", ".", "--baseline", "seam-baseline.json", "--update-baseline", "--format", "xcode"], in: folder.url
        )
        #expect(update.status == 1)
        #expect(update.stdout.contains("Sources/Other.swift:"), "\(update.stdout)")
        #expect(update.stderr.contains("new findings are not added"), "\(update.stderr)")
        #expect(
            try Data(contentsOf: folder.url("seam-baseline.json")) == baselineBefore, "nothing gone: left as it was")
        #expect(try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url).status == 1)
    }
}

/// `--strict`: fixed debt must leave the baseline too, so it cannot come back unnoticed.
@Suite("seam audit --baseline --strict")
struct StrictBaselineTests {
    private let files = [
        "Sources/Store.swift":
            "final class Store {\n    static let shared = Store()\n    private init() {}\n    func load() {}\n}\n",
        "Sources/Screen.swift": "final class Screen {\n    func show() {\n        Store.shared.load()\n    }\n}\n",
        "Sources/Detail.swift": "final class Detail {\n    func show() {\n        Store.shared.load()\n    }\n}\n",
    ]

    private func fingerprints(_ url: URL) throws -> [String: Int] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return try #require(object?["fingerprints"] as? [String: Int])
    }

    @Test func aFixedFindingFailsUntilTheBaselineIsShrunk() async throws {
        let folder = try TemporaryDirectory(files: files)
        defer { folder.remove() }
        let baselineURL = folder.url("seam-baseline.json")
        let strict = ["audit", ".", "--baseline", "seam-baseline.json", "--strict", "--format", "xcode"]
        let record = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(record.status == 0, "\(record.stderr)")
        let recorded = try fingerprints(baselineURL)
        #expect(recorded.keys.contains { $0.contains("|Sources/Detail.swift|") })
        #expect(try await SeamCLI.run(strict, in: folder.url).status == 0, "nothing fixed yet")

        // Fix Detail: it reaches the store no more.
        try folder.write("final class Detail {\n    func show() {}\n}\n", to: "Sources/Detail.swift")
        #expect(
            try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url).status == 0,
            "without --strict, fixed debt passes")

        let failed = try await SeamCLI.run(strict, in: folder.url)
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty, "no new finding: \(failed.stdout)")
        let lines = failed.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("seam: --strict: the baseline seam-baseline.json lists ") == true, "\(failed.stderr)"
        )
        #expect(lines.first?.contains("--update-baseline") == true)
        let goneLines = lines.dropFirst()
        #expect(
            !goneLines.isEmpty && goneLines.allSatisfy { $0.contains("|Sources/Detail.swift|") }, "\(failed.stderr)")
        // Each names the baseline file and the line of its entry.
        let baselineText = try String(contentsOf: baselineURL, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        for line in goneLines {
            let parts = line.split(separator: ":", maxSplits: 2).map(String.init)
            #expect(parts.count == 3 && parts[0] == "seam-baseline.json", "\(line)")
            let number = try #require(Int(parts[1]))
            #expect(baselineText[number - 1].contains(parts[2].trimmingCharacters(in: .whitespaces)), "\(line)")
        }

        let update = try await SeamCLI.run(
            ["audit", ".", "--baseline", "seam-baseline.json", "--update-baseline"], in: folder.url)
        #expect(update.status == 0, "\(update.stderr)")
        #expect(
            update.stderr.hasPrefix(
                "seam: removed \(goneLines.count) gone findings from the baseline seam-baseline.json"),
            "\(update.stderr)")
        let shrunk = try fingerprints(baselineURL)
        #expect(shrunk.count == recorded.count - goneLines.count)
        #expect(!shrunk.keys.contains { $0.contains("|Sources/Detail.swift|") })
        #expect(shrunk.allSatisfy { recorded[$0.key] == $0.value }, "only entries removed")
        #expect(try folder.fileNames().allSatisfy { !$0.hasSuffix(".tmp") }, "written atomically, no temporary left")

        let passes = try await SeamCLI.run(strict, in: folder.url)
        #expect(passes.status == 0, "\(passes.stderr)")
        #expect(passes.stderr.isEmpty)

        // And the fixed debt cannot come back unnoticed.
        try folder.write(files["Sources/Detail.swift"]!, to: "Sources/Detail.swift")
        let back = try await SeamCLI.run(strict, in: folder.url)
        #expect(back.status == 1)
        #expect(back.stdout.contains("Sources/Detail.swift:3:"), "\(back.stdout)")
    }

    @Test func aCorruptOrHostileBaselineIsACleanErrorNamingTheFile() async throws {
        let folder = try TemporaryDirectory(files: files)
        defer { folder.remove() }
        for (text, reason) in [
            ("{\"version\": 2, \"fingerprints\": {\"x\": 1,", "not a seam baseline: malformed JSON"),
            ("{\"version\": 2,\n \"fingerprints\": {\"x\": -1}}", "line 2: the count of 'x' is -1"),
        ] {
            try folder.write(text, to: "seam-baseline.json")
            for extra in [["--strict"], ["--update-baseline"]] {
                let result = try await SeamCLI.run(
                    ["audit", ".", "--baseline", "seam-baseline.json"] + extra, in: folder.url)
                #expect(result.status == 2)
                #expect(result.stderr.hasPrefix("seam: error: seam-baseline.json: \(reason)"), "\(result.stderr)")
                #expect(try String(contentsOf: folder.url("seam-baseline.json"), encoding: .utf8) == text, "left alone")
            }
        }
    }

    @Test func strictNeedsABaseline() async throws {
        let result = try await SeamCLI.run(["audit", PackageCheckout.legacyApp.path, "--strict"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--strict needs --baseline FILE"), "\(result.stderr)")
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
        let grown = try await SeamCLI.run(
            ["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(grown.status == 0, "\(grown.stdout)")
        #expect(grown.stdout.isEmpty)

        // Another fat view model is new.
        try Data(viewModel(properties: 13).replacingOccurrences(of: "FeedViewModel", with: "SpotViewModel").utf8)
            .write(to: folder.url("Sources/SpotViewModel.swift"))
        let other = try await SeamCLI.run(
            ["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(other.status == 1)
        #expect(other.stdout.contains("SpotViewModel"), "\(other.stdout)")
    }
}
