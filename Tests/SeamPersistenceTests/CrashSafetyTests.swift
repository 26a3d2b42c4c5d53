import Foundation
import GRDB
import SeamPersistence
import SeamTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `seam-persistence-crash-writer` (Tests/SeamPersistenceCrashWriter) and kills it with SIGKILL at
/// random moments: mid-transaction, mid-commit, mid-checkpoint. After each kill the file must pass
/// `PRAGMA integrity_check`, every batch the writer reported committed must be there whole, and no batch
/// may be there in part.
@Suite("Crash safety: kill -9 of a writer")
struct CrashSafetyTests {
    /// Mirrors the writer's record and its deterministic content.
    struct CrashRecord: Codable, Identifiable, Sendable {
        let id: String
        let batch: Int
        let index: Int
        let payload: String
    }

    static func batchSize(_ batch: Int) -> Int { 1 + batch % 5 }

    static func payload(batch: Int, index: Int) -> String {
        let length = 1 + (batch &* 7_919 &+ index &* 104_729) % 24_000
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { alphabet[($0 &+ batch &+ index) % alphabet.count] })
    }

    static var writer: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("seam-persistence-crash-writer")
    }

    @Test("24 kills: the file stays sound, every committed batch is whole, no batch is partial", .timeLimit(.minutes(5)))
    func killedWriter() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.writer.path),
            "build the writer first: swift build --product seam-persistence-crash-writer"
        )
        let folder = try TemporaryDirectory(prefix: "crash")
        defer { folder.remove() }
        let url = folder.database()
        var seed = UInt64(Date().timeIntervalSince1970)
        print("crash-safety seed \(seed)")
        var committed = Set<Int>()
        for round in 0..<24 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let delay = Int(seed >> 33) % 150   // milliseconds after the first commit of this run
            let reported = try Self.runAndKill(database: url, afterMilliseconds: delay)
            committed.formUnion(reported)
            try await Self.verify(url, committed: committed, round: round)
        }
        #expect(committed.count >= 24, "the writer committed only \(committed.count) batches in 24 runs")
    }

    /// Starts the writer, waits for its first commit, sleeps `delay` ms, sends SIGKILL; returns the batches it reported.
    static func runAndKill(database: URL, afterMilliseconds delay: Int) throws -> Set<Int> {
        let process = Process()
        process.executableURL = writer
        process.arguments = [database.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A writer that never commits is killed after 60 s, so the read below always ends.
        let watchdog = DispatchWorkItem { kill(process.processIdentifier, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }

        var text = ""
        while !text.contains("committed") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        usleep(useconds_t(delay * 1_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal, "the writer exited by itself: \(text.suffix(300))")
        // Only complete lines: a line cut by the kill was not fully reported.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return Set(lines.compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil })
    }

    static func verify(_ url: URL, committed: Set<Int>, round: Int) async throws {
        var options = SQLiteDatabase.Options()
        options.integrityCheck = .full
        let database = try SQLiteDatabase(fileURL: url, options: options)
        defer { try? database.close() }
        #expect(try await database.integrityProblems() == [], "round \(round)")

        let records = try await SQLiteRepository<CrashRecord>(database: database, collection: "crash").fetchAll()
        let batches = Dictionary(grouping: records, by: \.batch)
        for batch in committed {
            #expect(batches[batch] != nil, "round \(round): committed batch \(batch) is missing")
        }
        for (batch, rows) in batches {
            #expect(rows.count == batchSize(batch), "round \(round): batch \(batch) has \(rows.count) of \(batchSize(batch)) records")
            for row in rows where row.payload != payload(batch: batch, index: row.index) {
                Issue.record("round \(round): record \(row.id) is not whole (\(row.payload.count) characters)")
            }
        }
        let queued = try await Outbox<Int>(database: database, name: "crash").pending()
        #expect(Set(queued.map(\.operation)) == Set(batches.keys), "round \(round): outbox and records disagree")
        #expect(queued.map(\.idempotencyKey) == queued.map { "batch-\($0.operation)" })
    }
}
