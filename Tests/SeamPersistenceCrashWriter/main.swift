// Writes to a SQLite database until it is killed; the crash-safety tests run it and `kill -9` it.
//
//     seam-persistence-crash-writer DATABASE
//
// Each batch is one transaction: 1-5 records of the `crash` collection (payloads of up to 24 KB, so
// batches span pages and trigger WAL checkpoints) and one outbox entry keyed `batch-N`. After a commit
// returns it prints `committed N` with one write(2), so every line the test reads is a batch that
// must survive. It continues numbering after the highest batch already in the file.
import Foundation
import GRDB
import SeamPersistence

struct CrashRecord: Codable, Identifiable, Sendable {
    let id: String
    let batch: Int
    let index: Int
    let payload: String
}

/// How many records batch `batch` has, and each record's deterministic payload (the test rebuilds them).
func batchSize(_ batch: Int) -> Int { 1 + batch % 5 }

func payload(batch: Int, index: Int) -> String {
    let length = 1 + (batch &* 7_919 &+ index &* 104_729) % 24_000
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    return String((0..<length).map { alphabet[($0 &+ batch &+ index) % alphabet.count] })
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("seam-persistence-crash-writer: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    fail("usage: seam-persistence-crash-writer DATABASE | --replay DATABASE QUEUE")
}

// `--replay DATABASE QUEUE`: replays the `Outbox<Int>` named QUEUE once, printing `sent KEY` (one write(2)
// per line) for every entry it sends, taking 10 ms per send; the outbox tests run two of these at once.
if path == "--replay" {
    let rest = Array(arguments.dropFirst())
    guard rest.count == 2 else { fail("usage: seam-persistence-crash-writer --replay DATABASE QUEUE") }
    do {
        let database = try SQLiteDatabase(fileURL: URL(fileURLWithPath: rest[0]))
        let outbox = Outbox<Int>(database: database, name: rest[1])
        let replay = await outbox.replay { entry in
            FileHandle.standardOutput.write(Data("sent \(entry.idempotencyKey)\n".utf8))
            try await Task.sleep(for: .milliseconds(10))
        }
        if let stopped = replay.stoppedBy { fail("replay stopped: \(stopped)") }
        exit(0)
    } catch {
        fail("\(error)")
    }
}

do {
    let database = try SQLiteDatabase(fileURL: URL(fileURLWithPath: path))
    let records = SQLiteRepository<CrashRecord>(database: database, collection: "crash")
    let outbox = Outbox<Int>(database: database, name: "crash")
    let last = try await database.read { db in
        try Int.fetchOne(
            db, sql: "SELECT MAX(json_extract(body, '$.batch')) FROM seam_record WHERE collection = 'crash'")
    }
    var batch = (last ?? 0) + 1
    while true {
        let current = batch
        try await database.write { transaction in
            for index in 0..<batchSize(current) {
                let record = CrashRecord(
                    id: "\(current)-\(index)", batch: current, index: index,
                    payload: payload(batch: current, index: index))
                try transaction.save(record, in: records)
            }
            try transaction.enqueue(current, idempotencyKey: "batch-\(current)", in: outbox)
        }
        FileHandle.standardOutput.write(Data("committed \(current)\n".utf8))
        batch += 1
    }
} catch {
    fail("\(error)")
}
