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

    @Test(
        "24 kills: the file stays sound, every committed batch is whole, no batch is partial", .timeLimit(.minutes(10)))
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
            let delay = Int(seed >> 33) % 150  // milliseconds after the first commit of this run
            let run = try await SeamTestSupport.onOwnThread {
                try Self.runAndKill(database: url, afterMilliseconds: delay)
            }
            #expect(run.wasKilled, "round \(round): the writer exited by itself: \(run.output.suffix(300))")
            committed.formUnion(run.committed)
            try await Self.verify(url, committed: committed, round: round)
        }
        #expect(committed.count >= 24, "the writer committed only \(committed.count) batches in 24 runs")
    }

    /// What one run of the writer reported before it was killed.
    struct Run: Sendable {
        let committed: Set<Int>
        let wasKilled: Bool
        let output: String
    }

    /// Starts the writer, waits for its first commit, sleeps `delay` ms, sends SIGKILL.
    static func runAndKill(database: URL, afterMilliseconds delay: Int) throws -> Run {
        let output = Pipe()
        let process = try ChildProcess(
            executable: writer, [database.path], in: database.deletingLastPathComponent(),
            standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor)
        )
        try output.fileHandleForWriting.close()
        // A writer that never commits is killed after 60 s, so the read below always ends.
        let watchdog = DispatchWorkItem { process.kill() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }

        var text = ""
        while !text.contains("committed") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        usleep(useconds_t(delay * 1_000))
        process.kill()
        let ending = process.waitUntilEnded()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // Only complete lines: a line cut by the kill was not fully reported.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return Run(
            committed: Set(lines.compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil }),
            wasKilled: ending == .signalled(SIGKILL),
            output: text
        )
    }

    static func verify(_ url: URL, committed: Set<Int>, round: Int) async throws {
        for problem in try await problems(in: url, committed: committed) {
            Issue.record("round \(round): \(problem)")
        }
    }

    /// What is wrong with the file after a kill: integrity, a committed batch missing, a batch in part, a
    /// record not whole, the outbox out of step with the records. Empty when the file is as it must be.
    static func problems(in url: URL, committed: Set<Int>) async throws -> [String] {
        var options = SQLiteDatabase.Options()
        options.integrityCheck = .full
        let database = try SQLiteDatabase(fileURL: url, options: options)
        defer { try? database.close() }
        var problems = try await database.integrityProblems()

        let records = try await SQLiteRepository<CrashRecord>(database: database, collection: "crash").fetchAll()
        let batches = Dictionary(grouping: records, by: \.batch)
        for batch in committed.sorted() where batches[batch] == nil {
            problems.append("committed batch \(batch) is missing")
        }
        for (batch, rows) in batches.sorted(by: { $0.key < $1.key }) {
            if rows.count != batchSize(batch) {
                problems.append("batch \(batch) has \(rows.count) of \(batchSize(batch)) records")
            }
            for row in rows where row.payload != payload(batch: batch, index: row.index) {
                problems.append("record \(row.id) is not whole (\(row.payload.count) characters)")
            }
        }
        let queued = try await Outbox<Int>(database: database, name: "crash").pending()
        if Set(queued.map(\.operation)) != Set(batches.keys) {
            problems.append("the outbox holds batches \(queued.map(\.operation)), the records \(batches.keys.sorted())")
        }
        return problems
    }

    @Test("the verification finds a missing batch, a partial batch, a cut record and a stray outbox entry")
    func verificationIsNotVacuous() async throws {
        let folder = try TemporaryDirectory(prefix: "crash")
        defer { folder.remove() }
        let database = try SQLiteDatabase(fileURL: folder.database())
        let records = SQLiteRepository<CrashRecord>(database: database, collection: "crash")
        let outbox = Outbox<Int>(database: database, name: "crash")
        // Batch 1 whole; batch 2 (3 records) with one missing; batch 3 with a cut payload; batch 4 only queued.
        func record(_ batch: Int, _ index: Int) -> CrashRecord {
            CrashRecord(
                id: "\(batch)-\(index)", batch: batch, index: index, payload: Self.payload(batch: batch, index: index))
        }
        try await records.save(contentsOf: [record(1, 0), record(1, 1), record(2, 0), record(2, 1)])
        var cut = record(3, 0)
        cut = CrashRecord(id: cut.id, batch: 3, index: 0, payload: String(cut.payload.prefix(10)))
        try await records.save(contentsOf: [cut] + (1..<Self.batchSize(3)).map { record(3, $0) })
        for batch in [1, 2, 3, 4] { try await outbox.enqueue(batch, idempotencyKey: "batch-\(batch)") }
        try database.close()

        let problems = try await Self.problems(in: folder.database(), committed: [1, 2, 3, 5])
        #expect(
            problems == [
                "committed batch 5 is missing",
                "batch 2 has 2 of 3 records",
                "record 3-0 is not whole (10 characters)",
                "the outbox holds batches [1, 2, 3, 4], the records [1, 2, 3]",
            ])
    }
}
