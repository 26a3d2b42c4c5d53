import Foundation
import GRDB
import SeamArchitecture
import SeamLocking

/// A durable queue of writes made while offline, replayed in order when the network is back.
///
/// Each entry is a row of the app's ``SQLiteDatabase`` (so it survives the app being killed) with an
/// idempotency key the server dedupes by. ``replay(_:)`` sends the entries oldest first:
/// - delivered: the entry leaves the queue;
/// - a transient failure (`AppError/isRetryable`: offline, timeout, 5xx, 429): the pass stops there and
///   the entry and everything after it wait, in order, for the next replay;
/// - a permanent failure (a 4xx, an operation that no longer decodes): the entry leaves the queue for
///   ``failed()``, the failure is reported as an `AppError`, and the next entries are still sent.
///
/// ```swift
/// enum FavouriteChange: Codable, Sendable { case add(MealDetail), remove(mealID: String) }
///
/// let outbox = Outbox<FavouriteChange>(database: database)
/// try await outbox.enqueue(.remove(mealID: "52772"))
///
/// // When the network is back (at launch, after a successful request, on a reachability change):
/// let replay = await outbox.replay { entry in
///     try await api.send(entry.operation, idempotencyKey: entry.idempotencyKey)
/// }
/// for failure in replay.failures { errors.report(failure.error) }
/// ```
///
/// Delivery is at least once: if the app is killed after the server applied an entry but before it
/// left the queue, it is sent again with the same key. Passes never overlap: a replay called while
/// another runs waits for it, then sends what is left.
///
/// Two `Outbox` instances on one queue, or two processes sharing the database file (an app and its
/// extension), never send an entry twice either: a pass claims each entry in the database (a write
/// transaction, so the claim is atomic across connections and processes) before sending it, and renews
/// the claim while `send` runs; a pass that finds the next entry claimed by another waits for it. A
/// claim whose holder stopped renewing it (the process was killed or suspended) expires after
/// ``claimTimeout``, and the entry is sent again with the same idempotency key.
public final class Outbox<Operation: Codable & Sendable>: Sendable {
    /// The database holding the queue.
    public let database: SQLiteDatabase
    /// The queue's name: outboxes with different names share the table, never their entries.
    public let name: String
    /// After this many failed attempts, a transient failure counts as permanent; `nil`: retry forever.
    public let maxAttempts: Int?
    /// How long a replay's claim on the entry it sends holds without renewal (it is renewed every third
    /// of this while `send` runs): after a holder is killed, the entry is sent again after at most this.
    public let claimTimeout: Duration
    private let lastPass = Locked<Task<OutboxReplay, Never>?>(nil)
    /// This instance's claims on entries: its passes never overlap, so they share one token, and an entry
    /// a cancelled pass of this instance still holds is claimed again at once by its next pass.
    private let claimToken = UUID().uuidString
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// The queue `name` (by default the operation type's name) in `database`; a replay's claim on an
    /// entry expires `claimTimeout` (at least 1 s) after its holder stops renewing it.
    public init(
        database: SQLiteDatabase, name: String = String(describing: Operation.self), maxAttempts: Int? = nil,
        claimTimeout: Duration = .seconds(30)
    ) {
        self.database = database
        self.name = name
        self.maxAttempts = maxAttempts
        self.claimTimeout = max(claimTimeout, .seconds(1))
    }

    /// Queues `operation`. Queuing again with the key of an entry still queued returns that entry and
    /// adds nothing, so a retried "save" never queues twice.
    @discardableResult
    public func enqueue(_ operation: Operation, idempotencyKey: String = UUID().uuidString) async throws -> OutboxEntry<
        Operation
    > {
        let body = try encode(operation)
        return try await database.write { transaction in
            try self.insert(body, idempotencyKey: idempotencyKey, in: transaction.db)
        }
    }

    /// The queued entries, in replay order.
    public func pending() async throws -> [OutboxEntry<Operation>] {
        try await entries(sql: "SELECT * FROM seam_outbox WHERE queue = ? AND failedAt IS NULL ORDER BY sequence")
    }

    /// The entries that failed permanently, oldest first: show them, ``retry(id:)`` or ``discard(id:)`` them.
    public func failed() async throws -> [OutboxEntry<Operation>] {
        try await entries(sql: "SELECT * FROM seam_outbox WHERE queue = ? AND failedAt IS NOT NULL ORDER BY sequence")
    }

    /// Puts a failed entry back in the queue, at its original place.
    public func retry(id: Int64) async throws {
        let name = name
        try await database.write { transaction in
            try transaction.db.execute(
                sql: "UPDATE seam_outbox SET failedAt = NULL WHERE queue = ? AND sequence = ?", arguments: [name, id]
            )
        }
    }

    /// Deletes an entry, queued or failed; `true` when there was one.
    @discardableResult
    public func discard(id: Int64) async throws -> Bool {
        let name = name
        return try await database.write { transaction in
            try transaction.db.execute(
                sql: "DELETE FROM seam_outbox WHERE queue = ? AND sequence = ?", arguments: [name, id])
            return transaction.db.changesCount > 0
        }
    }

    /// The number of queued entries now, then after each change (for a "3 changes waiting to sync" badge).
    public func observePendingCount() -> RecordObservation<Int> {
        let (name, writer, subject) = (name, database.writer, database.subject)
        let observation = ValueObservation.tracking { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM seam_outbox WHERE queue = ? AND failedAt IS NULL", arguments: [name])
                ?? 0
        }.removeDuplicates()
        return RecordObservation {
            AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                let cancellable = observation.start(
                    in: writer, scheduling: .async(onQueue: DispatchQueue(label: "SeamPersistence.outbox")),
                    onError: { continuation.finish(throwing: PersistenceError.using($0, subject: subject)) },
                    onChange: { continuation.yield($0) }
                )
                continuation.onTermination = { _ in cancellable.cancel() }
            }
        }
    }

    /// Sends the queued entries in order with `send`, until the queue is empty or a transient failure
    /// stops the pass; never throws: what happened is in the returned ``OutboxReplay``.
    ///
    /// `send` throws to report a failure; it is classified with `AppError/init(_:)`: retryable errors
    /// keep the entry queued, others fail it permanently. Cancelling the calling task stops the pass
    /// after the entry being sent (that entry stays queued unless `send` returned).
    public func replay(_ send: @escaping @Sendable (OutboxEntry<Operation>) async throws -> Void) async -> OutboxReplay
    {
        let pass = lastPass.withLock { last in
            let previous = last
            let pass = Task {
                _ = await previous?.value
                return await self.runPass(send)
            }
            last = pass
            return pass
        }
        return await withTaskCancellationHandler {
            await pass.value
        } onCancel: {
            pass.cancel()
        }
    }
}

// MARK: - Replay

extension Outbox {
    /// What ``claimNext(token:)`` found at the head of the queue.
    private enum Head {
        /// The queue is empty.
        case empty
        /// Another pass (another instance or process) holds a live claim on the first entry.
        case claimedElsewhere
        /// The first entry, now claimed by this pass.
        case claimed(OutboxRow)
        /// The first entry, claimed, whose columns hold values of the wrong type.
        case unreadable(sequence: Int64, idempotencyKey: String, PersistenceError)
    }

    private func runPass(_ send: @Sendable (OutboxEntry<Operation>) async throws -> Void) async -> OutboxReplay {
        var replay = OutboxReplay()
        let token = claimToken
        do {
            passLoop: while true {
                let row: OutboxRow
                switch try await claimNext(token: token) {
                case .empty:
                    break passLoop
                case .claimedElsewhere:
                    // Another replayer is sending the head of the queue: wait for it to finish (or for its
                    // claim to expire), as a second pass of this instance would.
                    try await Task.sleep(for: .milliseconds(20))
                    continue passLoop
                case .unreadable(let sequence, let key, let error):
                    try await fail(sequence: sequence, idempotencyKey: key, with: AppError(error), into: &replay)
                    continue passLoop
                case .claimed(let claimed):
                    row = claimed
                }
                let entry: OutboxEntry<Operation>
                do {
                    entry = try self.entry(row)
                } catch {
                    try await fail(
                        sequence: row.sequence, idempotencyKey: row.idempotencyKey, with: AppError(error), into: &replay
                    )
                    continue
                }
                if Task.isCancelled {
                    replay.stoppedBy = AppError(CancellationError())
                    break
                }
                do {
                    try await sendRenewingClaim(entry, row: row, token: token, send)
                } catch {
                    let failure = AppError(error)
                    if failure.isCancellation || Task.isCancelled {
                        replay.stoppedBy = failure
                        break
                    }
                    if failure.isRetryable && row.attempts + 1 < maxAttempts ?? .max {
                        try await recordAttempt(row, failure)
                        replay.stoppedBy = failure
                        break
                    }
                    try await fail(
                        sequence: row.sequence, idempotencyKey: row.idempotencyKey, with: failure, into: &replay)
                    continue
                }
                try await dequeue(row)
                replay.delivered.append(row.sequence)
            }
        } catch {
            replay.stoppedBy = AppError(error)
        }
        // Whatever this pass still holds (it stopped on a cancellation or an error) is free again; in a task
        // of its own, which a cancellation of this one does not stop.
        let database = database
        await Task {
            _ = try? await database.write { transaction in
                try transaction.db.execute(
                    sql: "UPDATE seam_outbox SET claimToken = NULL, claimExpiresAt = NULL WHERE claimToken = ?",
                    arguments: [token]
                )
            }
        }.value
        replay.remaining =
            (try? await database.read { [name] db in
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM seam_outbox WHERE queue = ? AND failedAt IS NULL", arguments: [name])
            } ?? 0) ?? 0
        return replay
    }

    /// Claims the first queued entry for the pass `token`, in one write transaction (atomic across
    /// connections and processes), unless another pass holds a claim on it that has not expired.
    private func claimNext(token: String) async throws -> Head {
        let (name, timeout) = (name, claimTimeout.timeInterval)
        return try await database.write { transaction in
            let db = transaction.db
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM seam_outbox WHERE queue = ? AND failedAt IS NULL ORDER BY sequence LIMIT 1",
                    arguments: [name]
                )
            else { return .empty }
            let now = Date().timeIntervalSince1970
            let sequence = try row.stored("sequence", as: Int64.self, subject: "outbox \(name)")
            let holder: String? = (try? row.storedIfPresent("claimToken", as: String.self, subject: "")) ?? nil
            // A claim column of the wrong type counts as no claim: the entry is claimed again.
            let expiry: Double? = (try? row.storedIfPresent("claimExpiresAt", as: Double.self, subject: "")) ?? nil
            if let holder, holder != token, let expiry, expiry > now {
                return .claimedElsewhere
            }
            try db.execute(
                sql: "UPDATE seam_outbox SET claimToken = ?, claimExpiresAt = ? WHERE sequence = ?",
                arguments: [token, now + timeout, sequence]
            )
            do throws(PersistenceError) {
                return .claimed(try OutboxRow(row, queue: name))
            } catch {
                let key = (try? row.stored("idempotencyKey", as: String.self, subject: "")) ?? ""
                return .unreadable(sequence: sequence, idempotencyKey: key, error)
            }
        }
    }

    /// Runs `send` while renewing the pass's claim on `row` every third of ``claimTimeout``.
    private func sendRenewingClaim(
        _ entry: OutboxEntry<Operation>, row: OutboxRow, token: String,
        _ send: @Sendable (OutboxEntry<Operation>) async throws -> Void
    ) async throws {
        let (database, timeout) = (database, claimTimeout)
        let renewal = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: timeout / 3)
                try await database.write { transaction in
                    try transaction.db.execute(
                        sql: "UPDATE seam_outbox SET claimExpiresAt = ? WHERE sequence = ? AND claimToken = ?",
                        arguments: [Date().timeIntervalSince1970 + timeout.timeInterval, row.sequence, token]
                    )
                }
            }
        }
        defer { renewal.cancel() }
        try await send(entry)
    }

    private func dequeue(_ row: OutboxRow) async throws {
        try await database.write { transaction in
            try transaction.db.execute(sql: "DELETE FROM seam_outbox WHERE sequence = ?", arguments: [row.sequence])
        }
    }

    private func recordAttempt(_ row: OutboxRow, _ failure: AppError) async throws {
        let lastError = try encoder.encode(StoredAppError(failure))
        try await database.write { transaction in
            try transaction.db.execute(
                sql: """
                    UPDATE seam_outbox SET attempts = attempts + 1, lastError = ?, claimToken = NULL, claimExpiresAt = NULL
                    WHERE sequence = ?
                    """,
                arguments: [lastError, row.sequence]
            )
        }
    }

    private func fail(
        sequence: Int64, idempotencyKey: String, with failure: AppError, into replay: inout OutboxReplay
    ) async throws {
        let lastError = try encoder.encode(StoredAppError(failure))
        let now = Date().timeIntervalSince1970
        try await database.write { transaction in
            try transaction.db.execute(
                sql: """
                    UPDATE seam_outbox SET attempts = attempts + 1, lastError = ?, failedAt = ?, claimToken = NULL,
                    claimExpiresAt = NULL WHERE sequence = ?
                    """,
                arguments: [lastError, now, sequence]
            )
        }
        replay.failures.append(OutboxFailure(entryID: sequence, idempotencyKey: idempotencyKey, error: failure))
    }
}

// MARK: - Rows

extension Outbox {
    func encode(_ operation: Operation) throws(PersistenceError) -> Data {
        do {
            return try encoder.encode(operation)
        } catch {
            throw .encoding(error, collection: "outbox \(name)", id: "new entry", type: Operation.self)
        }
    }

    /// Inserts an entry in the current transaction, or returns the queued entry that has the same key.
    func insert(_ body: Data, idempotencyKey: String, in db: Database) throws -> OutboxEntry<Operation> {
        try db.execute(
            sql: """
                INSERT INTO seam_outbox (queue, idempotencyKey, operation, enqueuedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (idempotencyKey) DO NOTHING
                """,
            arguments: [name, idempotencyKey, String(decoding: body, as: UTF8.self), Date().timeIntervalSince1970]
        )
        let name = name
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM seam_outbox WHERE idempotencyKey = ?", arguments: [idempotencyKey]
            )
            .map({ row throws(PersistenceError) in try OutboxRow(row, queue: name) }), row.queue == name
        else {
            throw PersistenceError(
                .sqlite, subject: "outbox \(name)", reason: "idempotency key \(idempotencyKey) is used by another queue"
            )
        }
        return try entry(row)
    }

    private func entries(sql: String) async throws -> [OutboxEntry<Operation>] {
        let name = name
        let rows = try await database.read { db in
            try Row.fetchAll(db, sql: sql, arguments: [name]).map { row throws(PersistenceError) in
                try OutboxRow(row, queue: name)
            }
        }
        return try rows.map(entry)
    }

    func entry(_ row: OutboxRow) throws(PersistenceError) -> OutboxEntry<Operation> {
        let operation: Operation
        do {
            operation = try decoder.decode(Operation.self, from: row.operation)
        } catch {
            throw .decoding(error, collection: "outbox \(name)", id: "\(row.sequence)", type: Operation.self)
        }
        return OutboxEntry(
            id: row.sequence, idempotencyKey: row.idempotencyKey, operation: operation,
            enqueuedAt: Date(timeIntervalSince1970: row.enqueuedAt), attempts: row.attempts,
            lastError: row.lastError.flatMap { try? decoder.decode(StoredAppError.self, from: $0).appError },
            failedAt: row.failedAt.map(Date.init(timeIntervalSince1970:))
        )
    }
}

/// One row of `seam_outbox`.
struct OutboxRow: Sendable {
    let sequence: Int64
    let queue: String
    let idempotencyKey: String
    let operation: Data
    let enqueuedAt: Double
    let attempts: Int
    let lastError: Data?
    let failedAt: Double?

    /// The columns of `row` (of the outbox `queue`), read without GRDB's trapping accessors: a value of the
    /// wrong type (`enqueuedAt = 'abc'`, `attempts = 'many'`) throws ``PersistenceError/Code-swift.struct/decoding``.
    init(_ row: Row, queue name: String) throws(PersistenceError) {
        sequence = try row.stored("sequence", subject: "outbox \(name)")
        let subject = "outbox \(name)/\(sequence)"
        queue = try row.stored("queue", subject: subject)
        idempotencyKey = try row.stored("idempotencyKey", subject: subject)
        operation = try row.stored("operation", subject: subject)
        enqueuedAt = try row.stored("enqueuedAt", subject: subject)
        attempts = try row.stored("attempts", subject: subject)
        lastError = try row.storedIfPresent("lastError", subject: subject)
        failedAt = try row.storedIfPresent("failedAt", subject: subject)
    }
}

extension SQLiteTransaction {
    /// Queues `operation` in `outbox` inside this transaction (see ``Outbox/enqueue(_:idempotencyKey:)``).
    @discardableResult
    public func enqueue<Operation>(
        _ operation: Operation, idempotencyKey: String = UUID().uuidString, in outbox: Outbox<Operation>
    ) throws -> OutboxEntry<Operation> {
        try check(outbox.database, "outbox \(outbox.name)")
        return try outbox.insert(try outbox.encode(operation), idempotencyKey: idempotencyKey, in: db)
    }
}
