import Foundation

/// A collection of `Codable` records stored whole, by id: what a view model or service depends on
/// instead of `UserDefaults` or a database.
///
/// ``SQLiteRepository`` is the live implementation (a SQLite file through GRDB); ``InMemoryRepository``
/// is the test double. Both pass `RepositoryCompatibilitySuite` (in `SeamPersistenceTesting`), which an
/// app's own implementation can run too.
///
/// ```swift
/// struct MealDetail: Codable, Identifiable, Sendable { let id: String; var name: String; var ingredients: [Ingredient] }
///
/// let favourites: any Repository<MealDetail> = SQLiteRepository(database: database, collection: "favourites")
/// try await favourites.save(meal)                       // the whole meal: readable offline
/// let saved = try await favourites.fetch(id: "52772")   // MealDetail?
/// for try await all in favourites.observeAll() { print(all.count) }   // now, then after every change
/// ```
///
/// The contract every implementation keeps (and the compatibility suite checks):
/// - ``save(_:)`` inserts or replaces the record with the same id; a record read back equals the one saved.
/// - ``update(_:)`` replaces an existing record only.
/// - ``save(contentsOf:)`` and ``replaceAll(with:)`` are atomic: all of it or none of it is stored.
/// - ``fetchAll()`` returns every record once, in no particular order.
/// - ``observeAll()`` and ``observe(id:)`` yield the current value first, then a value after each change
///   that alters it; values may be coalesced, but the last one written is always delivered.
/// - Errors are thrown, never trapped; the SQLite implementation throws ``PersistenceError``.
public protocol Repository<Record>: Sendable {
    /// The stored type.
    associatedtype Record: Codable & Identifiable & Sendable where Record.ID: Sendable

    /// Inserts `record`, or replaces the record with the same id.
    func save(_ record: Record) async throws
    /// Replaces the stored record with the same id as `record`; `false`, and nothing stored, when there is
    /// none. Atomic: a record deleted meanwhile is not brought back.
    func update(_ record: Record) async throws -> Bool
    /// Saves every record in one transaction: all of them, or none if one fails.
    func save(contentsOf records: [Record]) async throws
    /// Replaces the whole collection with `records` in one transaction.
    func replaceAll(with records: [Record]) async throws
    /// The record with `id`, or `nil`.
    func fetch(id: Record.ID) async throws -> Record?
    /// The record with `id` and when it was last saved, or `nil`.
    func fetchStored(id: Record.ID) async throws -> StoredRecord<Record>?
    /// Every record, in no particular order.
    func fetchAll() async throws -> [Record]
    /// The number of records.
    func count() async throws -> Int
    /// Deletes the record with `id`; `true` when there was one.
    @discardableResult
    func delete(id: Record.ID) async throws -> Bool
    /// Deletes every record of the collection.
    func deleteAll() async throws
    /// Every record now, then again after each change to the collection.
    func observeAll() -> RecordObservation<[Record]>
    /// The record with `id` now (`nil` when absent), then again after each change to it.
    func observe(id: Record.ID) -> RecordObservation<Record?>
}

/// A record as stored: the value and when it was last saved.
public struct StoredRecord<Record: Sendable>: Sendable {
    /// The record.
    public var record: Record
    /// When the record was last saved (the repository's clock; seconds precision or better).
    public var savedAt: Date

    /// A stored record.
    public init(record: Record, savedAt: Date) {
        self.record = record
        self.savedAt = savedAt
    }
}

extension StoredRecord: Equatable where Record: Equatable {}
extension StoredRecord: Hashable where Record: Hashable {}
