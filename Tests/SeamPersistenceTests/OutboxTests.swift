import Foundation
import SeamArchitecture
import SeamLocking
import SeamPersistence
import SeamTestSupport
import Testing

@Suite("Outbox: durable, ordered, idempotent replay of offline writes")
struct OutboxTests {
    enum FavouriteChange: Codable, Sendable, Equatable {
        case add(String), remove(String)
    }

    /// Records what was sent, and answers each operation as told (success by default).
    final class Server: Sendable {
        private let state = Locked<(sent: [String], keys: [String], answers: [String: any Error])>(([], [], [:]))
        var sent: [String] { state.withLock { $0.sent } }
        var keys: [String] { state.withLock { $0.keys } }
        func answer(_ operation: String, with error: (any Error)?) { state.withLock { $0.answers[operation] = error } }

        func send(_ entry: OutboxEntry<FavouriteChange>) async throws {
            let name =
                switch entry.operation {
                case .add(let id): "add \(id)"
                case .remove(let id): "remove \(id)"
                }
            try state.withLock { state in
                state.sent.append(name)
                state.keys.append(entry.idempotencyKey)
                if let error = state.answers[name] { throw error }
            }
        }
    }

    @Test("entries replay in the order they were queued, each with its idempotency key, then leave the queue")
    func replaysInOrder() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory())
        try await outbox.enqueue(.add("1"), idempotencyKey: "k1")
        try await outbox.enqueue(.add("2"), idempotencyKey: "k2")
        try await outbox.enqueue(.remove("1"), idempotencyKey: "k3")
        #expect(try await outbox.pending().map(\.operation) == [.add("1"), .add("2"), .remove("1")])
        let server = Server()
        let replay = await outbox.replay(server.send)
        #expect(server.sent == ["add 1", "add 2", "remove 1"])
        #expect(server.keys == ["k1", "k2", "k3"])
        #expect(replay.delivered.count == 3)
        #expect(replay.isComplete)
        #expect(replay.remaining == 0)
        #expect(try await outbox.pending().isEmpty)
    }

    @Test("queuing again with the same key adds nothing")
    func enqueueIsIdempotent() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory())
        let first = try await outbox.enqueue(.add("1"), idempotencyKey: "tap-1")
        let again = try await outbox.enqueue(.add("1"), idempotencyKey: "tap-1")
        #expect(again == first)
        #expect(try await outbox.pending().count == 1)
    }

    @Test("a transient failure stops the pass and keeps the order; the next replay resumes where it stopped")
    func transientFailureKeepsOrder() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory())
        for change in [FavouriteChange.add("1"), .add("2"), .add("3")] { try await outbox.enqueue(change) }
        let server = Server()
        server.answer("add 2", with: offline)
        let first = await outbox.replay(server.send)
        #expect(server.sent == ["add 1", "add 2"])
        #expect(first.delivered.count == 1)
        #expect(first.stoppedBy?.code == .offline)
        #expect(first.remaining == 2)
        let waiting = try await outbox.pending()
        #expect(waiting.map(\.operation) == [.add("2"), .add("3")])
        #expect(waiting.first?.attempts == 1)
        #expect(waiting.first?.lastError?.code == .offline)

        server.answer("add 2", with: nil)  // the network is back
        let second = await outbox.replay(server.send)
        #expect(server.sent == ["add 1", "add 2", "add 2", "add 3"])
        #expect(second.isComplete)
        #expect(try await outbox.pending().isEmpty)
    }

    @Test("a permanent failure surfaces as an AppError and does not block the entries after it")
    func permanentFailureDoesNotBlock() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory())
        for change in [FavouriteChange.add("1"), .remove("404"), .add("3")] { try await outbox.enqueue(change) }
        let server = Server()
        server.answer("remove 404", with: AppError(httpStatus: 404)!)
        let replay = await outbox.replay(server.send)
        #expect(server.sent == ["add 1", "remove 404", "add 3"])
        #expect(replay.isComplete)
        #expect(replay.delivered.count == 2)
        #expect(replay.failures.map(\.error.code) == [.notFound])
        #expect(try await outbox.pending().isEmpty)
        let failed = try await outbox.failed()
        #expect(failed.map(\.operation) == [.remove("404")])
        #expect(failed.first?.lastError?.code == .notFound)
        #expect(failed.first?.failedAt != nil)

        // The user retries it: back in the queue, delivered by the next pass.
        server.answer("remove 404", with: nil)
        try await outbox.retry(id: try #require(failed.first?.id))
        #expect(await outbox.replay(server.send).delivered == [try #require(failed.first?.id)])
        #expect(try await outbox.failed().isEmpty)
    }

    @Test("after maxAttempts transient failures an entry fails permanently")
    func maxAttempts() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory(), maxAttempts: 2)
        try await outbox.enqueue(.add("500"))
        try await outbox.enqueue(.add("2"))
        let server = Server()
        server.answer("add 500", with: AppError(httpStatus: 503)!)
        #expect(await outbox.replay(server.send).stoppedBy?.code == .badServerResponse)
        let second = await outbox.replay(server.send)
        #expect(second.failures.map(\.error.code) == [.badServerResponse])
        #expect(server.sent == ["add 500", "add 500", "add 2"])
        #expect(try await outbox.failed().first?.attempts == 2)
    }

    @Test("an entry whose operation no longer decodes fails permanently and does not block")
    func undecodableEntry() async throws {
        let database = try SQLiteDatabase.inMemory()
        try await Outbox<Int>(database: database, name: "changes").enqueue(42)
        let outbox = Outbox<FavouriteChange>(database: database, name: "changes")
        try await outbox.enqueue(.add("1"))
        let server = Server()
        let replay = await outbox.replay(server.send)
        #expect(server.sent == ["add 1"])
        #expect(replay.failures.map(\.error.code) == [.decoding])
        #expect(replay.failures.first?.error.diagnostic?.hasPrefix("outbox changes/") == true)
    }

    @Test("concurrent replays never send an entry twice")
    func concurrentReplays() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory())
        for index in 0..<30 { try await outbox.enqueue(.add("\(index)")) }
        let server = Server()
        await withTaskGroup(of: OutboxReplay.self) { group in
            for _ in 0..<4 { group.addTask { await outbox.replay(server.send) } }
            await group.waitForAll()
        }
        #expect(server.sent == (0..<30).map { "add \($0)" })
    }

    @Test("a cancelled replay stops and leaves the rest queued")
    func cancelledReplay() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory())
        for index in 0..<3 { try await outbox.enqueue(.add("\(index)")) }
        let replay = await outbox.replay { _ in throw CancellationError() }
        #expect(replay.stoppedBy?.isCancellation == true)
        #expect(replay.failures.isEmpty)
        #expect(try await outbox.pending().map(\.attempts) == [0, 0, 0])
    }

    @Test("queued entries survive the app being closed and reopened")
    func durable() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        do {
            let database = try SQLiteDatabase(fileURL: folder.database())
            try await Outbox<FavouriteChange>(database: database).enqueue(.add("1"), idempotencyKey: "k1")
            try database.close()
        }
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase(fileURL: folder.database()))
        let server = Server()
        #expect(await outbox.replay(server.send).delivered.count == 1)
        #expect(server.keys == ["k1"])
    }

    @Test("outboxes with different names keep their own entries; discard removes one")
    func namedQueues() async throws {
        let database = try SQLiteDatabase.inMemory()
        let favourites = Outbox<FavouriteChange>(database: database, name: "favourites")
        let ratings = Outbox<FavouriteChange>(database: database, name: "ratings")
        let entry = try await favourites.enqueue(.add("1"))
        try await ratings.enqueue(.add("2"))
        #expect(try await favourites.pending().map(\.operation) == [.add("1")])
        #expect(try await ratings.discard(id: entry.id) == false)
        #expect(try await favourites.discard(id: entry.id) == true)
        #expect(try await favourites.pending().isEmpty)
        #expect(try await ratings.pending().count == 1)
    }

    @Test("the pending count is observable")
    func pendingCount() async throws {
        let outbox = Outbox<FavouriteChange>(database: try SQLiteDatabase.inMemory())
        var counts = outbox.observePendingCount().makeAsyncIterator()
        #expect(try await counts.next() == 0)
        try await outbox.enqueue(.add("1"))
        #expect(try await counts.next() == 1)
        _ = await outbox.replay { _ in }
        #expect(try await counts.next() == 0)
    }
}
