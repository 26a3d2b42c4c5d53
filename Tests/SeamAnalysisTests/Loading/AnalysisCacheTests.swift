import Foundation
import Testing

@testable import SeamAnalysis

/// The cache of per-file facts (issue 22): the same report with and without it, unchanged files not parsed again,
/// and entries that cannot be read never trusted.
@Suite("analysis cache")
struct AnalysisCacheTests {
    /// Files that leave every kind of per-file fact: singletons and their accesses, closures passed off the main
    /// actor, UI state writes, a container, suppressions, literals, a syntax error.
    static let files: [String: String] = [
        "Store.swift": """
        final class Store {
            static let shared = Store()
            func save(_ value: String) {}
        }
        let appState = AppState()
        final class AppState {}
        """,
        "Feed.swift": """
        import Foundation
        final class FeedViewModel: ObservableObject {
            @Published var items: [String] = []
            private let store = Store.shared
            func load() {
                DispatchQueue.global().async { self.items = ["a"] }
                Store.shared.save("https://example.com/feed")
                _ = appState
                let value = try! JSONSerialization.data(withJSONObject: [1])
                _ = value
            }
            // seam:ignore force-cast
            func cast(_ any: Any) -> Int { any as! Int }
        }
        """,
        "Settings.swift": """
        final class SettingsViewModel {
            func save() { Store.shared.save("https://example.com/feed"); Store.shared.save("https://example.com/feed") }
        }
        """,
        "Broken.swift": "final class Broken { func f( {",
    ]

    private func json(_ report: AuditReport) throws -> String {
        var report = report
        report.root = "."
        return try JSONReporter().render(report, context: ReportContext())
    }

    private func audit(
        _ fixture: Fixture, cache: AnalysisCache?, configuration: AuditConfiguration = AuditConfiguration()
    )
        async throws -> String
    {
        try json(try await Auditor(configuration: configuration, threads: 2, cache: cache).audit(root: fixture.root))
    }

    /// Every reporter's output, so that a report read back from the cache is checked in each form users see.
    private func renderings(_ report: AuditReport) throws -> [String] {
        var report = report
        report.root = "."
        let context = ReportContext()
        return [
            try JSONReporter().render(report, context: context), TextReporter().render(report, context: context),
            try SARIFReporter().render(report, context: context), MarkdownReporter().render(report, context: context),
        ]
    }

    /// Drops the whole-run reports, so that the next audit goes to the per-file entries.
    private func forgetReports(_ cache: AnalysisCache) throws {
        let folder = cache.directory.appendingPathComponent("reports")
        for report in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            try FileManager.default.removeItem(at: report)
        }
    }

    private func entries(_ cache: AnalysisCache) throws -> [URL] {
        let folder = cache.directory.appendingPathComponent("facts")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.path < $1.path }
    }

    @Test("an unchanged codebase gets the stored report, the same in every format as an audit without the cache")
    func unchangedReport() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let auditor = Auditor(threads: 2)
        let expected = try renderings(try await auditor.audit(root: fixture.root))
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        var cached = auditor
        cached.cache = cache
        #expect(try renderings(try await cached.audit(root: fixture.root)) == expected)
        #expect(try renderings(try await cached.audit(root: fixture.root)) == expected)
        #expect(cache.statistics == AnalysisCache.Statistics(reused: 0, parsed: 4, ignored: 0, reusedReports: 1))
        #expect(cache.notes.isEmpty)
        #expect(expected[0].contains("singleton-access") && expected[0].contains("parse-error"))
    }

    @Test("a changed build file, a new file or a deleted one is a new audit; a touched but equal file is not")
    func reportKey() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        _ = try await audit(fixture, cache: cache)
        try fixture.write(Self.files["Feed.swift"]!, to: "Feed.swift")  // rewritten with the same bytes
        _ = try await audit(fixture, cache: cache)
        #expect(cache.statistics.reusedReports == 1)

        try fixture.write("// swift-tools-version:5.9\nimport PackageDescription\n", to: "Package.swift")
        #expect(try await audit(fixture, cache: cache) == (try await audit(fixture, cache: nil)))
        #expect(cache.statistics.reusedReports == 1)
        try fixture.write("final class Extra { func f() { Store.shared.save(\"x\") } }\n", to: "Extra.swift")
        let added = try await audit(fixture, cache: cache)
        #expect(added == (try await audit(fixture, cache: nil)))
        #expect(added.contains("Extra.swift"))
        try FileManager.default.removeItem(at: fixture.url("Extra.swift"))
        #expect(try await audit(fixture, cache: cache) == (try await audit(fixture, cache: nil)))
        #expect(cache.statistics.reusedReports == 1)
    }

    @Test("two roots sharing a cache folder each get their own report")
    func twoRoots() async throws {
        let first = try Fixture(Self.files)
        defer { first.remove() }
        let second = try Fixture(["Only.swift": "final class Only { static let shared = Only() }\n"])
        defer { second.remove() }
        let folder = try Fixture([:])
        defer { folder.remove() }
        let cache = AnalysisCache(directory: folder.url("cache"))
        let one = try await audit(first, cache: cache)
        let two = try await audit(second, cache: cache)
        #expect(try await audit(first, cache: cache) == one)
        #expect(try await audit(second, cache: cache) == two)
        #expect(one != two)
        #expect(cache.statistics.reusedReports == 2)
    }

    @Test("a damaged report is ignored with a note and replaced")
    func damagedReport() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let expected = try await audit(fixture, cache: nil)
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        _ = try await audit(fixture, cache: cache)
        let reports = try FileManager.default.contentsOfDirectory(
            at: cache.directory.appendingPathComponent("reports"), includingPropertiesForKeys: nil)
        #expect(reports.count == 1)
        var bytes = try Data(contentsOf: reports[0])
        bytes[bytes.count / 2] ^= 0x40
        try bytes.write(to: reports[0])
        let fresh = AnalysisCache(directory: cache.directory)
        #expect(try await audit(fixture, cache: fresh) == expected)
        #expect(fresh.statistics == AnalysisCache.Statistics(reused: 4, parsed: 0, ignored: 1, reusedReports: 0))
        #expect(
            fresh.notes == [
                "seam: ignored the cache's report for \(fixture.root.relativePath) (its checksum does not match); the files were audited again"
            ])
        let next = AnalysisCache(directory: cache.directory)
        #expect(try await audit(fixture, cache: next) == expected)
        #expect(next.statistics.reusedReports == 1)
    }

    @Test("a second audit takes every file's facts from the cache and reports the same bytes as no cache")
    func reuse() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let expected = try await audit(fixture, cache: nil)
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        #expect(try await audit(fixture, cache: cache) == expected)
        #expect(cache.statistics == AnalysisCache.Statistics(reused: 0, parsed: 4, ignored: 0))
        try forgetReports(cache)
        #expect(try await audit(fixture, cache: cache) == expected)
        #expect(cache.statistics == AnalysisCache.Statistics(reused: 4, parsed: 4, ignored: 0))
        #expect(cache.notes.isEmpty)
        #expect(expected.contains("injection-bypass") || expected.contains("singleton-access"))
        let ignore = try String(contentsOf: fixture.url(".seam-cache/.gitignore"), encoding: .utf8)
        #expect(ignore.hasSuffix("*\n"))
    }

    @Test("a changed file is parsed again, and what it changes in other files' findings shows")
    func changedFile() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        let before = try await audit(fixture, cache: cache)
        // `AppState` becomes a singleton: Feed.swift's unchanged `appState` read is now an access.
        try fixture.write(
            Self.files["Store.swift"]! + "\nextension AppState { static let shared = AppState() }\n", to: "Store.swift")
        let after = try await audit(fixture, cache: cache)
        #expect(cache.statistics == AnalysisCache.Statistics(reused: 3, parsed: 5, ignored: 0))
        #expect(after == (try await audit(fixture, cache: nil)))
        #expect(after != before)
    }

    @Test("another configuration parses again; the same one written in another order does not")
    func configuration() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        var first = AuditConfiguration()
        first.allowedSingletons = ["Logger", "Analytics", "Keychain"]
        _ = try await audit(fixture, cache: cache, configuration: first)
        var same = AuditConfiguration()
        for name in ["Keychain", "Analytics", "Logger"] { same.allowedSingletons.insert(name) }
        try forgetReports(cache)
        _ = try await audit(fixture, cache: cache, configuration: same)
        #expect(cache.statistics.reused == 4)
        _ = try await audit(fixture, cache: cache, configuration: same)
        #expect(cache.statistics.reusedReports == 1)
        #expect(cache.notes.isEmpty)
        var other = first
        other.allowedSingletons.insert("Store")
        #expect(
            try await audit(fixture, cache: cache, configuration: other)
                == (try await audit(fixture, cache: nil, configuration: other)))
        #expect(cache.statistics.reused == 4)
        #expect(cache.statistics.reusedReports == 1)
        // Stale entries are never trusted, and said so once, not once per file.
        #expect(cache.notes.count == 1)
        #expect(
            cache.notes.first?.contains("another build of seam or under another configuration") == true,
            "\(cache.notes)")
    }

    @Test("truncated, garbage, hostile and misplaced entries are ignored with a note, never trusted, and replaced")
    func corruptEntries() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let expected = try await audit(fixture, cache: nil)
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        _ = try await audit(fixture, cache: cache)
        let files = try entries(cache)
        #expect(files.count == 4)
        let valid = try Data(contentsOf: files[0])
        try valid.prefix(valid.count / 2).write(to: files[0])  // truncated
        try Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: files[1])  // garbage
        // The right magic and checksum around a payload claiming 4 billion elements.
        var hostile = Array("SEAMFACT".utf8)
        let payload: [UInt8] = [2, 65, 255, 255, 255, 255, 1, 2, 3]
        let checksum = ContentDigest(payload).low
        for byte in 0..<8 { hostile.append(UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(byte)))) }
        try Data(hostile + payload).write(to: files[2])
        try FileManager.default.removeItem(at: files[3])
        try FileManager.default.createDirectory(at: files[3], withIntermediateDirectories: false)  // a folder

        try forgetReports(cache)
        let fresh = AnalysisCache(directory: cache.directory)
        #expect(try await audit(fixture, cache: fresh) == expected)
        #expect(fresh.statistics == AnalysisCache.Statistics(reused: 0, parsed: 4, ignored: 4))
        let ignored = fresh.notes.filter { $0.hasPrefix("seam: ignored the cache entry for ") }
        #expect(ignored.count == 4)
        #expect(ignored.allSatisfy { $0.hasSuffix("the file was parsed again") })
        #expect(ignored.contains { $0.contains("it is a directory") })
        // The folder in the way of one entry cannot be replaced: a note, and the audit goes on.
        #expect(fresh.notes.count == 5)
        #expect(fresh.notes.filter { $0.hasPrefix("seam: could not write the cache entry for ") }.count == 1)

        // The three files rewritten are reused next time; the folder in the way of the fourth stays a note.
        try forgetReports(cache)
        let next = AnalysisCache(directory: cache.directory)
        #expect(try await audit(fixture, cache: next) == expected)
        #expect(next.statistics.reused == 3)
    }

    @Test("a cache folder that is a symbolic link is not used, and nothing is written through it")
    func linkedFolder() async throws {
        let fixture = try Fixture(Self.files)
        defer { fixture.remove() }
        let elsewhere = try Fixture([:])
        defer { elsewhere.remove() }
        try FileManager.default.createSymbolicLink(at: fixture.url(".seam-cache"), withDestinationURL: elsewhere.root)
        let cache = AnalysisCache(directory: fixture.url(".seam-cache"))
        #expect(try await audit(fixture, cache: cache) == (try await audit(fixture, cache: nil)))
        #expect(
            cache.notes == [
                "seam: the cache folder \(fixture.url(".seam-cache").path) is a symbolic link, not a folder; files were parsed without it"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.root.path).isEmpty)
    }
}

/// The binary form the cache writes: what it reads back is what was written, and bytes it did not write never trap.
@Suite("compact coding")
struct CompactCodingTests {
    struct Sample: Codable, Equatable, Sendable {
        enum Kind: Codable, Equatable, Sendable {
            case plain
            case named(String, count: Int)
            indirect case nested([Kind], then: Kind)
        }

        var text: String
        var number: Int
        var negative: Int64
        var flag: Bool
        var optional: String?
        var missing: Int?
        var kinds: [Kind]
        var ranges: [Range<Int>]
        var optionals: [String?]
        var set: Set<String>
        var ratio: Double
        var small: UInt8
    }

    static let sample = Sample(
        text: "héllo \u{1F600}", number: 300, negative: -1 << 40, flag: true, optional: "x", missing: nil,
        kinds: [.plain, .named("a", count: -2), .nested([.plain, .named("b", count: 0)], then: .plain)],
        ranges: [0..<3, 10..<200_000], optionals: ["a", nil, "c"], set: ["one"], ratio: 0.25, small: 255)

    @Test("values read back equal to what was written")
    func roundTrip() throws {
        let bytes = try CompactCoding.encode(Self.sample)
        #expect(try CompactCoding.decode(Sample.self, from: bytes) == Self.sample)
    }

    @Test("every truncation and every single-byte change is an error or a value, never a trap")
    func damagedBytes() throws {
        let bytes = try CompactCoding.encode(Self.sample)
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self) { try CompactCoding.decode(Sample.self, from: Array(bytes[..<length])) }
        }
        for index in bytes.indices {
            for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF] {
                var damaged = bytes
                damaged[index] = value
                _ = try? CompactCoding.decode(Sample.self, from: damaged)
            }
        }
        #expect(throws: CompactCodingError.trailingBytes) { try CompactCoding.decode(Sample.self, from: bytes + [0]) }
    }
}
