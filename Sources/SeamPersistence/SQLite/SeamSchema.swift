import GRDB

/// Seam's own tables, created by migrations in the reserved `seam.` namespace before the app's.
///
/// - `seam_record`: every ``SQLiteRepository``'s records, one row per record, the record whole as JSON text
///   (so `json_extract(body, '$.name')` works in the app's own queries).
/// - `seam_outbox`: every ``Outbox``'s entries; `sequence` is the replay order and is never reused;
///   `claimToken` and `claimExpiresAt` name the replay pass sending an entry and how long its claim holds.
enum SeamSchema {
    static let reservedPrefix = "seam."

    static let migrations: [SQLiteMigrations.Migration] = [
        .init(identifier: "seam.records.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE seam_record (
                        collection TEXT NOT NULL,
                        id NOT NULL,
                        body TEXT NOT NULL,
                        savedAt REAL NOT NULL,
                        PRIMARY KEY (collection, id)
                    )
                    """)
        },
        .init(identifier: "seam.outbox.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE seam_outbox (
                        sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                        queue TEXT NOT NULL,
                        idempotencyKey TEXT NOT NULL UNIQUE,
                        operation TEXT NOT NULL,
                        enqueuedAt REAL NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        lastError TEXT,
                        failedAt REAL
                    );
                    CREATE INDEX seam_outbox_queue ON seam_outbox (queue, failedAt, sequence);
                    """)
        },
        // The replayer sending an entry (a token per pass) and until when its claim holds unless renewed:
        // outboxes in other instances or processes wait instead of sending the entry too.
        .init(identifier: "seam.outbox.v2-claims") { db in
            try db.execute(
                sql: """
                    ALTER TABLE seam_outbox ADD COLUMN claimToken TEXT;
                    ALTER TABLE seam_outbox ADD COLUMN claimExpiresAt REAL;
                    """)
        },
    ]
}
