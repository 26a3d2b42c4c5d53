import Foundation
import GRDB
import SeamArchitecture
import SeamLocking
import SeamPersistence
import SeamTestSupport
import Testing

/// What a test's `send` closures saw, shared between them.
final class SentLog: Sendable {
    private let entries = Locked<[Int]>([])
    func append(_ value: Int) { entries.withLock { $0.append(value) } }
    var all: [Int] { entries.withLock { $0 } }
}

/// Seam's own tables edited by hand or by another program: wrongly typed values give a typed
/// ``PersistenceError`` (code `decoding`), never a trap in GRDB's row accessors.
@Suite("Wrongly typed values in Seam's tables")
struct HostileRowsTests {
    struct Note: Codable, Identifiable, Sendable, Equatable {
        var id: String
        var text: String
    }

    @Test("a record's savedAt = 'yesterday': fetchStored throws a decoding error naming the column")
    func savedAtText() async throws {
        let database = try SQLiteDatabase.inMemory()
        let notes = SQLiteRepository<Note>(database: database, collection: "notes")
        try await notes.save(Note(id: "1", text: "hi"))
        try await database.write { try $0.db.execute(sql: "UPDATE seam_record SET savedAt = 'yesterday'") }
        do {
            _ = try await notes.fetchStored(id: "1")
            Issue.record("fetchStored succeeded")
        } catch let error as SeamPersistence.PersistenceError {
            #expect(error.code == .decoding)
            #expect(error.description.contains("savedAt") && error.description.contains("yesterday"), "\(error)")
        }
        #expect(try await notes.fetch(id: "1") == Note(id: "1", text: "hi"))  // the body is fine
    }

    @Test(
        "outbox enqueuedAt = 'abc' or attempts = 'many': pending() throws a typed error; replay fails the entry and goes on"
    )
    func outboxColumns() async throws {
        for (column, value) in [("enqueuedAt", "'abc'"), ("attempts", "'many'"), ("failedAt", "'never'")] {
            let database = try SQLiteDatabase.inMemory()
            let outbox = Outbox<Int>(database: database, name: "numbers")
            try await outbox.enqueue(1, idempotencyKey: "one")
            try await outbox.enqueue(2, idempotencyKey: "two")
            try await database.write {
                try $0.db.execute(sql: "UPDATE seam_outbox SET \(column) = \(value) WHERE idempotencyKey = 'one'")
            }
            if column != "failedAt" {  // a failedAt of any value takes the entry out of the queue
                do {
                    _ = try await outbox.pending()
                    Issue.record("\(column): pending() succeeded")
                } catch let error as SeamPersistence.PersistenceError {
                    #expect(error.code == .decoding && error.description.contains(column), "\(error)")
                }
                let sent = SentLog()
                let replay = await outbox.replay { entry in sent.append(entry.operation) }
                #expect(sent.all == [2], "\(column)")
                #expect(replay.failures.map(\.idempotencyKey) == ["one"], "\(column)")
                #expect(
                    replay.failures.first?.error.diagnostic?.contains(column) == true,
                    "\(String(describing: replay.failures))")
            } else {
                do {
                    _ = try await outbox.failed()
                    Issue.record("failedAt: failed() succeeded")
                } catch let error as SeamPersistence.PersistenceError {
                    #expect(error.code == .decoding && error.description.contains("failedAt"), "\(error)")
                }
            }
        }
    }
}

/// Two replayers of one queue, in one process or two, never send an entry twice.
@Suite("Outbox: concurrent replayers claim entries", .serialized)
struct OutboxClaimTests {
    static var writer: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("seam-persistence-crash-writer")
    }

    @Test("two Outbox instances replaying one database at once: each of 20 entries sent exactly once, in order")
    func twoInstances() async throws {
        let folder = try TemporaryDirectory(prefix: "claims")
        defer { folder.remove() }
        let first = try SQLiteDatabase(fileURL: folder.database())
        let second = try SQLiteDatabase(fileURL: folder.database())
        let outboxes = [Outbox<Int>(database: first, name: "q"), Outbox<Int>(database: second, name: "q")]
        for number in 0..<20 { try await outboxes[0].enqueue(number, idempotencyKey: "k\(number)") }
        let sent = SentLog()
        await withTaskGroup(of: OutboxReplay.self) { group in
            for outbox in outboxes {
                group.addTask {
                    await outbox.replay { entry in
                        sent.append(entry.operation)
                        try await Task.sleep(for: .milliseconds(5))
                    }
                }
            }
            for await replay in group { #expect(replay.isComplete, "\(String(describing: replay.stoppedBy))") }
        }
        #expect(sent.all == Array(0..<20))
        #expect(try await outboxes[1].pending().isEmpty)
    }

    @Test(
        "two processes replaying one database at once: each of 20 entries sent exactly once", .timeLimit(.minutes(10)))
    func twoProcesses() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.writer.path),
            "swift build --product seam-persistence-crash-writer")
        let folder = try TemporaryDirectory(prefix: "claims")
        defer { folder.remove() }
        do {
            let database = try SQLiteDatabase(fileURL: folder.database())
            let outbox = Outbox<Int>(database: database, name: "dup")
            for number in 0..<20 { try await outbox.enqueue(number, idempotencyKey: "k\(number)") }
            try database.close()
        }
        let children = try (0..<2).map { _ in
            try RunningProcess(executable: Self.writer, ["--replay", folder.database().path, "dup"], in: folder.url)
        }
        var keys: [String] = []
        for child in children {
            let result = await child.exit()
            #expect(result.status == 0, "\(result.stderr)")
            keys += result.stdout.split(separator: "\n").compactMap {
                $0.hasPrefix("sent ") ? String($0.dropFirst(5)) : nil
            }
        }
        #expect(keys.sorted() == (0..<20).map { "k\($0)" }.sorted(), "sent: \(keys)")
    }
}
