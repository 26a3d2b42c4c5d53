import GRDB

/// One write transaction of a ``SQLiteDatabase``, given to the closure of ``SQLiteDatabase/write(_:)``:
/// everything done through it is committed together or not at all, even if the process is killed.
///
/// ```swift
/// try await database.write { transaction in
///     try transaction.save(meal, in: favourites)
///     try transaction.enqueue(.add(mealID: meal.id), in: favouritesOutbox)
///     try transaction.db.execute(sql: "UPDATE stats SET favourites = favourites + 1")   // GRDB itself
/// }
/// ```
public struct SQLiteTransaction {
    /// The GRDB connection, inside the transaction.
    public let db: Database
    let database: SQLiteDatabase

    /// Inserts or replaces `record` in `repository`.
    public func save<Record>(_ record: Record, in repository: SQLiteRepository<Record>) throws {
        try check(repository.database, repository.collection)
        try repository.encodedRow(record).upsert(db)
    }

    /// Deletes the record with `id` from `repository`; `true` when there was one.
    @discardableResult
    public func delete<Record>(id: Record.ID, in repository: SQLiteRepository<Record>) throws -> Bool {
        try check(repository.database, repository.collection)
        return try RecordRow.delete(collection: repository.collection, id: id.databaseValue, in: db)
    }

    /// Throws when `owner` is another database than this transaction's: its writes would land in the wrong file.
    func check(_ owner: SQLiteDatabase, _ name: String) throws(PersistenceError) {
        guard owner === database else {
            throw PersistenceError(
                .sqlite, subject: database.subject, reason: "'\(name)' belongs to another database (\(owner.subject))"
            )
        }
    }
}
