import Seam

/// A Seam key for one of the app's outboxes: adopt it in the app's own key, naming the operation
/// type and the database key.
///
/// ```swift
/// enum FavouritesOutboxKey: OutboxDependencyKey {
///     typealias Operation = FavouriteChange
///     typealias DatabaseKey = RecipesDatabaseKey
/// }
/// let outbox = try container.resolve(FavouritesOutboxKey.self)     // Outbox<FavouriteChange>
/// ```
///
/// It is an ``Outbox`` of ``queueName`` in the database of `DatabaseKey`, in every context: in tests that
/// database is the key's in-memory test value, so a test resolves the outbox to read what was queued.
public protocol OutboxDependencyKey: DependencyKey where Value == Outbox<Operation> {
    /// The queued operation type.
    associatedtype Operation: Codable & Sendable
    /// The key of the database the queue is stored in.
    associatedtype DatabaseKey: SQLiteDatabaseDependencyKey
    /// The queue's name; the operation type's name by default.
    static var queueName: String { get }
    /// After this many failed attempts a transient failure counts as permanent; `nil` (default): never.
    static var maxAttempts: Int? { get }
}

extension OutboxDependencyKey {
    /// The operation type's name.
    public static var queueName: String { String(describing: Operation.self) }

    /// `nil`: transient failures are retried forever.
    public static var maxAttempts: Int? { nil }

    /// `true`: tests build the real outbox over the database key's test value (in memory).
    public static var usesLiveFactoryInTests: Bool { true }

    /// An ``Outbox`` of ``queueName`` in the database of `DatabaseKey`.
    public static func live(_ r: borrowing Resolver) throws -> Outbox<Operation> {
        Outbox(database: try r.resolve(DatabaseKey.self), name: queueName, maxAttempts: maxAttempts)
    }
}
