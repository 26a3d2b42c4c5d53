import Foundation
import GRDB

/// A ``Repository`` in a ``SQLiteDatabase``: each record stored whole, as JSON, under its collection and id.
///
/// Records need no table or migration of their own: every repository shares Seam's `seam_record` table,
/// one row per record, keyed by `(collection, id)`. A save is one transaction; ``save(contentsOf:)``
/// and ``replaceAll(with:)`` are one transaction for the whole batch. Ids are any GRDB
/// `DatabaseValueConvertible` (`String`, `Int`, `UUID`...).
///
/// ```swift
/// let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
/// try await favourites.save(meal)                          // ingredients, instructions, everything
/// let offline = try await favourites.fetch(id: meal.id)    // the whole meal, no network needed
/// ```
///
/// Errors are ``PersistenceError``s naming the file, or the collection and id of a record that no
/// longer decodes (its type changed incompatibly).
public struct SQLiteRepository<Record: Codable & Identifiable & Sendable>: Repository
where Record.ID: DatabaseValueConvertible & Sendable {
    /// The database holding the records.
    public let database: SQLiteDatabase
    /// The collection's name: records of two repositories with different collections never mix.
    public let collection: String
    let codec: RecordCodec<Record>
    private let now: @Sendable () -> Date

    /// The repository of `collection` (by default the record type's name) in `database`; `now` stamps
    /// ``StoredRecord/savedAt``.
    public init(
        database: SQLiteDatabase,
        collection: String = String(describing: Record.self),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.collection = collection
        self.codec = RecordCodec(collection: collection)
        self.now = now
    }

    /// Inserts or replaces `record` in one write transaction.
    public func save(_ record: Record) async throws {
        let row = try encodedRow(record)
        try await database.write { transaction in try row.upsert(transaction.db) }
    }

    /// Saves `records` in one write transaction (the last of two with one id wins).
    public func save(contentsOf records: [Record]) async throws {
        let rows = try records.map(encodedRow)
        try await database.write { transaction in
            for row in rows { try row.upsert(transaction.db) }
        }
    }

    /// Replaces the stored record with `record`'s id in one `UPDATE`; `false` when there is none.
    public func update(_ record: Record) async throws -> Bool {
        let row = try encodedRow(record)
        return try await database.write { transaction in
            try transaction.db.cachedStatement(sql: SQL.update).execute(arguments: [
                row.body, row.savedAt, row.collection, row.id,
            ])
            return transaction.db.changesCount > 0
        }
    }

    /// Deletes the collection and saves `records`, in one write transaction.
    public func replaceAll(with records: [Record]) async throws {
        let rows = try records.map(encodedRow)
        let collection = collection
        try await database.write { transaction in
            try transaction.db.execute(sql: SQL.deleteAll, arguments: [collection])
            for row in rows { try row.upsert(transaction.db) }
        }
    }

    /// The record with `id`, decoded outside the read so readers are released at once.
    public func fetch(id: Record.ID) async throws -> Record? {
        let (collection, key) = (collection, id.databaseValue)
        let body = try await database.read { db in
            try Data.fetchOne(db.cachedStatement(sql: SQL.fetchBody), arguments: [collection, key])
        }
        return try body.map { body throws(PersistenceError) in try codec.decode(body, id: "\(id)") }
    }

    /// The record with `id` and its `savedAt`.
    public func fetchStored(id: Record.ID) async throws -> StoredRecord<Record>? {
        let (collection, key) = (collection, id.databaseValue)
        let subject = "\(collection)/\(id)"
        let row = try await database.read { db -> (Data, Double)? in
            // Typed reads: a hand-edited `savedAt = 'yesterday'` is a decoding error, not a trap.
            try Row.fetchOne(db.cachedStatement(sql: SQL.fetchStored), arguments: [collection, key]).map { row throws in
                (
                    try row.stored(at: 0, column: "body", as: Data.self, subject: subject),
                    try row.stored(at: 1, column: "savedAt", as: Double.self, subject: subject)
                )
            }
        }
        guard let (body, savedAt) = row else { return nil }
        return StoredRecord(record: try codec.decode(body, id: "\(id)"), savedAt: Date(timeIntervalSince1970: savedAt))
    }

    /// Every record of the collection, in id order (SQLite's order: integers numerically, text by bytes).
    public func fetchAll() async throws -> [Record] {
        let collection = collection
        let bodies = try await database.read { db in
            try Data.fetchAll(db.cachedStatement(sql: SQL.fetchAll), arguments: [collection])
        }
        return try decode(bodies)
    }

    /// The number of records in the collection.
    public func count() async throws -> Int {
        let collection = collection
        return try await database.read { db in
            try Int.fetchOne(db.cachedStatement(sql: SQL.count), arguments: [collection]) ?? 0
        }
    }

    /// Deletes the record with `id`; `true` when there was one.
    @discardableResult
    public func delete(id: Record.ID) async throws -> Bool {
        let (collection, key) = (collection, id.databaseValue)
        return try await database.write { transaction in
            try RecordRow.delete(collection: collection, id: key, in: transaction.db)
        }
    }

    /// Deletes every record of the collection (other collections are untouched).
    public func deleteAll() async throws {
        let collection = collection
        try await database.write { transaction in
            try transaction.db.execute(sql: SQL.deleteAll, arguments: [collection])
        }
    }

    /// A GRDB `ValueObservation` of the collection: a new value after each commit that changes it.
    public func observeAll() -> RecordObservation<[Record]> {
        observation(sql: SQL.fetchAll, arguments: [collection]) { [codec] bodies throws(PersistenceError) in
            try bodies.map { body throws(PersistenceError) in try codec.decode(body, id: nil) }
        }
    }

    /// A GRDB `ValueObservation` of one record: a new value after each commit that changes it.
    public func observe(id: Record.ID) -> RecordObservation<Record?> {
        observation(sql: SQL.fetchBody, arguments: [collection, id.databaseValue]) {
            [codec] bodies throws(PersistenceError) in
            try bodies.first.map { body throws(PersistenceError) in try codec.decode(body, id: "\(id)") }
        }
    }

    /// The row `record` is stored as, encoded before the write transaction starts.
    func encodedRow(_ record: Record) throws(PersistenceError) -> RecordRow {
        RecordRow(
            collection: collection, id: record.id.databaseValue,
            body: String(decoding: try codec.encode(record), as: UTF8.self),
            savedAt: now().timeIntervalSince1970
        )
    }

    private func decode(_ bodies: [Data]) throws(PersistenceError) -> [Record] {
        try bodies.map { body throws(PersistenceError) in try codec.decode(body, id: nil) }
    }

    /// A GRDB observation of the bodies `sql` selects, without repeats, decoded by `transform`.
    private func observation<Element: Sendable>(
        sql: String, arguments: StatementArguments,
        _ transform: @escaping @Sendable ([Data]) throws(PersistenceError) -> Element
    ) -> RecordObservation<Element> {
        let observation =
            ValueObservation
            .tracking { db in try Data.fetchAll(db.cachedStatement(sql: sql), arguments: arguments) }
            .removeDuplicates()
        let (writer, subject) = (database.writer, database.subject)
        return RecordObservation {
            AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                let queue = DispatchQueue(label: "SeamPersistence.observation")
                let cancellable = observation.start(
                    in: writer, scheduling: .async(onQueue: queue),
                    onError: { continuation.finish(throwing: PersistenceError.using($0, subject: subject)) },
                    onChange: { bodies in
                        do {
                            continuation.yield(try transform(bodies))
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                )
                continuation.onTermination = { _ in cancellable.cancel() }
            }
        }
    }
}

/// One row of `seam_record`, and the statements that write it (shared with ``SQLiteTransaction``).
struct RecordRow: Sendable {
    let collection: String
    let id: DatabaseValue
    let body: String
    let savedAt: Double

    func upsert(_ db: Database) throws {
        try db.cachedStatement(sql: SQL.upsert).execute(arguments: [collection, id, body, savedAt])
    }

    static func delete(collection: String, id: DatabaseValue, in db: Database) throws -> Bool {
        try db.cachedStatement(sql: SQL.delete).execute(arguments: [collection, id])
        return db.changesCount > 0
    }
}

private enum SQL {
    static let upsert = """
        INSERT INTO seam_record (collection, id, body, savedAt) VALUES (?, ?, ?, ?)
        ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body, savedAt = excluded.savedAt
        """
    static let update = "UPDATE seam_record SET body = ?, savedAt = ? WHERE collection = ? AND id = ?"
    static let fetchBody = "SELECT body FROM seam_record WHERE collection = ? AND id = ?"
    static let fetchStored = "SELECT body, savedAt FROM seam_record WHERE collection = ? AND id = ?"
    static let fetchAll = "SELECT body FROM seam_record WHERE collection = ? ORDER BY id"
    static let count = "SELECT COUNT(*) FROM seam_record WHERE collection = ?"
    static let delete = "DELETE FROM seam_record WHERE collection = ? AND id = ?"
    static let deleteAll = "DELETE FROM seam_record WHERE collection = ?"
}
