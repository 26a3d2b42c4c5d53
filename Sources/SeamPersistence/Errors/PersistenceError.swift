/// An error opening, reading or writing persisted data. Its message names the database file and,
/// for a record, the collection and id; `AppError/init(_:)` turns it into what the user sees.
///
/// ```text
/// /data/Recipes.sqlite: the file is corrupted or is not a SQLite database (file is not a database)
/// /data/Recipes.sqlite: written by a newer version of the app (unknown migrations: v3-ratings)
/// favourites/52772: the stored record does not decode as MealDetail: keyNotFound at ingredients[0].name
/// ```
///
/// A corrupted or newer database is never modified, repaired or erased: the error says so, and the app
/// decides (update, restore, or ``SQLiteDatabase/moveAside(fileURL:)`` and start again).
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, for matching in code and tests.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case corrupted, newerSchema, migrationFailed, invalidMigrations, cannotOpen, storageFull, busy
            case encoding, decoding, sqlite
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file is not a SQLite database, or its pages are damaged (`PRAGMA integrity_check` fails).
        public static let corrupted = Code(.corrupted)
        /// The database was migrated by a newer version of the app: it has migrations this one doesn't know.
        public static let newerSchema = Code(.newerSchema)
        /// A migration threw; its transaction was rolled back, so the file is as it was before.
        public static let migrationFailed = Code(.migrationFailed)
        /// The migration list itself is wrong (a duplicate identifier, or one in the reserved `seam.` namespace).
        public static let invalidMigrations = Code(.invalidMigrations)
        /// The file cannot be opened, created, read or written (missing permission, a folder in the way,
        /// read-only volume, I/O error).
        public static let cannotOpen = Code(.cannotOpen)
        /// The disk is full.
        public static let storageFull = Code(.storageFull)
        /// Another connection kept the database locked past the busy timeout.
        public static let busy = Code(.busy)
        /// A record could not be encoded to JSON.
        public static let encoding = Code(.encoding)
        /// A stored record no longer decodes as its type.
        public static let decoding = Code(.decoding)
        /// Any other SQLite error.
        public static let sqlite = Code(.sqlite)

        /// The code's name, for example `corrupted`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// What the error concerns: a database file path, `<memory>`, or `collection/id` for a record.
    public let subject: String
    /// What went wrong, without the subject.
    public let reason: String
    /// The error that caused this one (a GRDB `DatabaseError`, an `EncodingError`...), for logs.
    public let underlying: (any Error)?

    init(_ code: Code, subject: String, reason: String, underlying: (any Error)? = nil) {
        self.code = code
        self.subject = subject
        self.reason = reason
        self.underlying = underlying
    }

    /// `subject: reason`.
    public var description: String { "\(subject): \(reason)" }
}
