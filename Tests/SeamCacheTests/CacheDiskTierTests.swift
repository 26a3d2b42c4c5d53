import Foundation
import Logging
import SeamTestSupport
import Testing

@testable import SeamCache

@Suite("Cache disk tier")
struct CacheDiskTierTests {
    let clock = ManualCacheClock()

    private func makeCache(
        _ directory: TemporaryDirectory,
        sizeLimit: Int = 1_000_000,
        options: CacheOptions<BuoyReading> = CacheOptions(),
        logger: Logger = Logger(label: "test")
    ) throws -> Cache<String, BuoyReading> {
        try Cache(
            options: options,
            disk: DiskCacheOptions(directory: directory.url, sizeLimit: sizeLimit),
            clock: clock,
            logger: logger
        )
    }

    private func entryFiles(_ directory: TemporaryDirectory) throws -> [URL] {
        try directory.fileNames().filter { $0.hasSuffix(".entry") }.map { directory.url($0) }
    }

    @Test("entries survive a restart: a new cache on the same directory reads them")
    func survivesRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reading = BuoyReading(buoy: "M6", waveHeight: 3.2)

        let first = try makeCache(directory)
        await first.insert(reading, for: "M6", ttl: .seconds(600))

        let second = try makeCache(directory)
        #expect(await second.diskCount == 1)
        #expect(await second.memoryCount == 0)
        #expect(await second.value(for: "M6") == reading)
        // The disk hit is promoted to memory.
        #expect(await second.memoryCount == 1)
    }

    @Test("expiry is kept across a restart")
    func expiryAcrossRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try makeCache(directory)
        await first.insert(BuoyReading(buoy: "M6", waveHeight: 3.2), for: "M6", ttl: .seconds(60))

        clock.advance(by: .seconds(61))
        let second = try makeCache(directory)
        #expect(await second.value(for: "M6") == nil)
        // The expired file is deleted on read.
        #expect(try entryFiles(directory).isEmpty)
        #expect(await second.diskCount == 0)
    }

    @Test("a promoted entry keeps its original expiry, not a fresh time to live")
    func promotionKeepsExpiry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try makeCache(directory)
        await first.insert(BuoyReading(buoy: "M6", waveHeight: 3.2), for: "M6", ttl: .seconds(60))

        let second = try makeCache(directory, options: CacheOptions(defaultTTL: .seconds(3600)))
        clock.advance(by: .seconds(30))
        #expect(await second.value(for: "M6") != nil)
        clock.advance(by: .seconds(31))
        #expect(await second.value(for: "M6") == nil)
    }

    @Test("a file truncated mid-write is dropped with a log line, not a crash")
    func truncatedEntry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try makeCache(directory)
        await first.insert(BuoyReading(buoy: "M6", waveHeight: 3.2), for: "M6", ttl: .seconds(600))
        let file = try #require(try entryFiles(directory).first)
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count / 2).write(to: file)

        let log = RecordingLogHandler()
        let second = try makeCache(directory, logger: log.logger)
        #expect(await second.value(for: "M6") == nil)

        let warnings = log.records.filter { $0.level == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message == "Dropped a corrupted cache entry")
        #expect(warnings.first?.metadata["reason"]?.description.hasPrefix("truncated") == true)
        #expect(warnings.first?.metadata["file"]?.description == file.path)
        #expect(try entryFiles(directory).isEmpty)
    }

    @Test("a file with a flipped byte fails its checksum and is dropped with a log line")
    func corruptedEntry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try makeCache(directory)
        await first.insert(BuoyReading(buoy: "M6", waveHeight: 3.2), for: "M6", ttl: .seconds(600))
        let file = try #require(try entryFiles(directory).first)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 12] ^= 0xFF
        try bytes.write(to: file)

        let log = RecordingLogHandler()
        let second = try makeCache(directory, logger: log.logger)
        #expect(await second.value(for: "M6") == nil)
        #expect(log.records.contains { $0.metadata["reason"]?.description == "checksum mismatch" })
        #expect(try entryFiles(directory).isEmpty)
    }

    @Test("a well-formed entry whose value no longer decodes is dropped with a log line")
    func undecodableValue() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let strings = try Cache<String, String>(
            disk: DiskCacheOptions(directory: directory.url), keyCodec: .json, valueCodec: .utf8, clock: clock
        )
        await strings.insert("not a reading", for: "M6", ttl: .seconds(600))

        let log = RecordingLogHandler()
        let readings = try makeCache(directory, logger: log.logger)
        #expect(await readings.value(for: "M6") == nil)
        #expect(
            log.records.contains { $0.metadata["reason"]?.description.hasPrefix("value cannot be decoded") == true })
    }

    @Test("a temporary file left by a crash during a write is removed on open")
    func interruptedWriteCleanedUp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let leftover = directory.url(".0123456789abcdef.entry.ABC.tmp")
        try Data("half an entry".utf8).write(to: leftover)

        let cache = try makeCache(directory)
        #expect(try directory.fileNames().isEmpty)
        #expect(await cache.diskCount == 0)
    }

    @Test("writes are atomic: no temporary files remain and a rewrite replaces the entry")
    func atomicRewrite() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try makeCache(directory)
        await cache.insert(BuoyReading(buoy: "M6", waveHeight: 1), for: "M6", ttl: .seconds(600))
        await cache.insert(BuoyReading(buoy: "M6", waveHeight: 2), for: "M6", ttl: .seconds(600))

        let names = try directory.fileNames()
        #expect(names.count == 1)
        #expect(names.allSatisfy { $0.hasSuffix(".entry") })
        let reopened = try makeCache(directory)
        #expect(await reopened.value(for: "M6")?.waveHeight == 2)
        #expect(await reopened.diskSize == (try Data(contentsOf: try #require(try entryFiles(directory).first))).count)
    }

    @Test("over the size limit, the least recently used files are evicted")
    func sizeLimit() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let probe = try makeCache(directory)
        await probe.insert(BuoyReading(buoy: "B1", waveHeight: 1), for: "B1", ttl: .seconds(600))
        let entrySize = await probe.diskSize
        await probe.removeAll()

        // Room for two entries of this size, not three.
        let limit = entrySize * 2 + entrySize / 2
        let writer = try makeCache(directory, sizeLimit: limit)
        await writer.insert(BuoyReading(buoy: "B1", waveHeight: 1), for: "B1", ttl: .seconds(600))
        clock.advance(by: .seconds(1))
        await writer.insert(BuoyReading(buoy: "B2", waveHeight: 2), for: "B2", ttl: .seconds(600))
        clock.advance(by: .seconds(1))

        // Read B1 from disk (a fresh cache has an empty memory tier) so B2 becomes least recently used.
        let reopened = try makeCache(directory, sizeLimit: limit)
        #expect(await reopened.value(for: "B1") != nil)
        clock.advance(by: .seconds(1))
        await reopened.insert(BuoyReading(buoy: "B3", waveHeight: 3), for: "B3", ttl: .seconds(600))

        #expect(await reopened.diskCount == 2)
        #expect(await reopened.diskSize <= limit)
        let fresh = try makeCache(directory)
        #expect(await fresh.value(for: "B2") == nil)
        #expect(await fresh.value(for: "B1") != nil)
        #expect(await fresh.value(for: "B3") != nil)
    }

    @Test("opening with a lower size limit evicts the least recently used files at once")
    func lowerLimitOnOpen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try makeCache(directory)
        for (index, buoy) in ["B1", "B2", "B3"].enumerated() {
            await writer.insert(BuoyReading(buoy: buoy, waveHeight: Double(index)), for: buoy, ttl: .seconds(600))
            clock.advance(by: .seconds(1))
        }
        let entrySize = await writer.diskSize / 3

        let smaller = try makeCache(directory, sizeLimit: entrySize)
        #expect(await smaller.diskCount == 1)
        #expect(await smaller.value(for: "B3") != nil)
        #expect(await smaller.value(for: "B1") == nil)
        #expect(try entryFiles(directory).count == 1)
    }

    @Test("an entry larger than the whole size limit is not written")
    func oversizedEntry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try Cache<String, Data>(
            disk: DiskCacheOptions(directory: directory.url, sizeLimit: 100),
            keyCodec: .json, valueCodec: .data, clock: clock
        )
        await cache.insert(Data(count: 500), for: "lahinch.jpg", ttl: .seconds(600))
        #expect(await cache.diskCount == 0)
        #expect(try directory.fileNames().isEmpty)
        // Still served from memory.
        #expect(await cache.value(for: "lahinch.jpg")?.count == 500)
    }

    @Test("removeValue and removeExpired delete files")
    func removalDeletesFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try makeCache(directory)
        await cache.insert(BuoyReading(buoy: "B1", waveHeight: 1), for: "B1", ttl: .seconds(10))
        await cache.insert(BuoyReading(buoy: "B2", waveHeight: 2), for: "B2", ttl: .seconds(100))
        await cache.insert(BuoyReading(buoy: "B3", waveHeight: 3), for: "B3", ttl: .seconds(100))
        #expect(try entryFiles(directory).count == 3)

        await cache.removeValue(for: "B3")
        clock.advance(by: .seconds(20))
        await cache.removeExpired()
        #expect(try entryFiles(directory).count == 1)
        #expect(await cache.diskCount == 1)
        #expect(try await makeCache(directory).value(for: "B2")?.waveHeight == 2)
    }

    @Test("an unusable directory is reported with its path")
    func unusableDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url("not-a-directory")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: CacheError.self) {
            try Cache<String, BuoyReading>(disk: DiskCacheOptions(directory: file))
        }
        #expect(error?.code == .directoryUnavailable)
        #expect(error?.description.contains(file.path) == true)
    }
}
