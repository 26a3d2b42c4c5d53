import Foundation
import SeamTestSupport
import Testing

/// `seam audit --cache` keeps each file's facts in `<path>/.seam-cache` (or `--cache-dir`), and prints the same report
/// with or without it (issue 22). Without either option nothing is written.
@Suite("seam audit's cache")
struct CacheTests {
    static let files = [
        "Store.swift": "final class Store { static let shared = Store(); func save() {} }\n",
        "Feed.swift": "final class FeedViewModel { func load() { Store.shared.save() } }\n",
    ]

    @Test func theReportIsTheSameWithTheCacheWithoutItAndFromIt() async throws {
        let folder = try TemporaryDirectory(files: Self.files)
        defer { folder.remove() }
        let none = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        #expect(!FileManager.default.fileExists(atPath: folder.url(".seam-cache").path), "no cache unless asked")
        let filling = try await SeamCLI.run(["audit", ".", "--format", "json", "--cache"], in: folder.url)
        let reusing = try await SeamCLI.run(["audit", ".", "--format", "json", "--cache"], in: folder.url)
        #expect(none.status == 1)
        #expect(none.stdout.contains("singleton-access"))
        #expect(filling.stdout == none.stdout)
        #expect(reusing.stdout == none.stdout)
        #expect(filling.stderr.isEmpty && reusing.stderr.isEmpty, "\(filling.stderr)\(reusing.stderr)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url(".seam-cache/facts").path)
        #expect(entries.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.url(".seam-cache/.gitignore").path))
    }

    @Test func aCacheDirElsewhereIsUsedAndACorruptEntryIsANote() async throws {
        let folder = try TemporaryDirectory(files: Self.files)
        defer { folder.remove() }
        let cache = try TemporaryDirectory(prefix: "cache")
        defer { cache.remove() }
        let first = try await SeamCLI.run(["audit", ".", "--cache-dir", cache.path], in: folder.url)
        #expect(!FileManager.default.fileExists(atPath: folder.url(".seam-cache").path))
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.url("facts").path)
        #expect(entries.count == 2)
        // Unchanged files: the last report is printed again, parsing nothing.
        let unchanged = try await SeamCLI.run(["audit", ".", "--cache-dir", cache.path], in: folder.url)
        #expect(unchanged.stdout == first.stdout)
        #expect(unchanged.stderr.isEmpty, "\(unchanged.stderr)")
        let reports = try FileManager.default.contentsOfDirectory(atPath: cache.url("reports").path)
        #expect(reports.count == 1)
        // Without the report, the per-file entries are read, and a corrupt one is a note.
        try FileManager.default.removeItem(at: cache.url("reports/\(reports[0])"))
        try Data("garbage".utf8).write(to: cache.url("facts/\(entries[0])"))
        let second = try await SeamCLI.run(["audit", ".", "--cache-dir", cache.path], in: folder.url)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.hasPrefix("seam: ignored the cache entry for "), "\(second.stderr)")
        #expect(
            second.stderr.hasSuffix("(it is not a seam cache entry); the file was parsed again\n"), "\(second.stderr)")
    }

    @Test func noCacheAndCacheDirTogetherAreAUsageError() async throws {
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--no-cache", "--cache-dir", "/tmp/x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--no-cache and --cache-dir cannot be used together"))
    }
}
