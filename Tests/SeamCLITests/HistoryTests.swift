import Foundation
import SeamTestSupport
import Testing

/// `seam audit --history FILE`, run as a team's CI would: one JSON line per run, appended.
@Suite("seam audit --history")
struct HistoryTests {
    @Test func eachRunAppendsItsDateCommitAndTheJSONReportsMetrics() async throws {
        let folder = try TemporaryDirectory(prefix: "history-cli")
        defer { folder.remove() }
        let history = folder.url("seam-history.jsonl").path
        let first = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--history", history, "--format", "json"])
        #expect(first.status == 1, "\(first.stderr)")
        let afterOne = try Data(contentsOf: URL(fileURLWithPath: history))
        let second = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--history", history])
        #expect(second.status == 1, "\(second.stderr)")
        let afterTwo = try Data(contentsOf: URL(fileURLWithPath: history))
        #expect(afterTwo.prefix(afterOne.count) == afterOne)

        let lines = String(decoding: afterTwo, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        let report = try #require(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let head = try await Command.run("git", ["rev-parse", "HEAD"], in: PackageCheckout.root)
        for line in lines {
            let entry = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(
                NSDictionary(dictionary: try #require(entry["metrics"] as? [String: Any]))
                    .isEqual(to: try #require(report["metrics"] as? [String: Any])))
            let date = try #require(entry["date"] as? String)
            #expect(try Date(date, strategy: .iso8601).timeIntervalSinceNow > -600)
            if head.status == 0 {
                #expect(entry["commit"] as? String == head.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
    }

    @Test func aFolderOutsideGitRecordsNoCommit() async throws {
        let folder = try TemporaryDirectory(
            prefix: "history-nogit", files: ["App/Store.swift": "final class Store { static let shared = Store() }\n"])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["audit", "App", "--history", "h.jsonl"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        let line = try String(contentsOf: folder.url("h.jsonl"), encoding: .utf8)
        #expect(line.hasPrefix("{\"commit\":null,\"date\":\""))
        #expect(line.contains("\"singletons\":1"))
    }

    @Test func aHistoryThatIsAFolderIsAUsageErrorNamingIt() async throws {
        let folder = try TemporaryDirectory(prefix: "history-bad", files: ["App/A.swift": "struct A {}\n"])
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url("h.jsonl"), withIntermediateDirectories: true)
        let result = try await SeamCLI.run(["audit", "App", "--history", "h.jsonl"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == "seam: error: h.jsonl: not a regular file (a directory)\n")
    }
}
