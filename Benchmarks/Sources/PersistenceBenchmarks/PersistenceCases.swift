import BenchHarness
import Foundation
import GRDB
import SeamPersistence

/// The measured operations, in threes, on the same database (same file, WAL and `synchronous` settings,
/// connection pool): the Seam repository (`.seam`); raw GRDB as an app would use it without Seam, a
/// Codable record in its own table, one column per property (`.grdb`: the target's baseline); and the
/// repository's own statements written by hand on its table (`.sql`), which isolates the abstraction's cost.
///
/// - `write`: one record saved in its own transaction (`save` / `upsert` in `write {}`);
/// - `read`: one record by id (`fetch(id:)` / `fetchOne(db, key:)`);
/// - `write100`: 100 records in one transaction (`save(contentsOf:)` / 100 `upsert`s in one `write {}`);
/// - `readAll`: the whole collection of 1,000 records (`fetchAll()` / `Meal.fetchAll(db)`).
struct PersistenceCases {
    let database: SQLiteDatabase
    let repository: SQLiteRepository<Meal>

    /// The pairs compared, as (Seam case, raw GRDB case); `--check` holds each ratio to ``targetRatio``.
    static let pairs = [
        ("write.seam", "write.grdb"), ("read.seam", "read.grdb"),
        ("write100.seam", "write100.grdb"), ("readAll.seam", "readAll.grdb"),
    ]
    static let targetRatio = 1.2

    init(database: SQLiteDatabase) {
        self.database = database
        self.repository = SQLiteRepository<Meal>(database: database, collection: "meal")
    }

    /// Fills both stores with every id, then checks that both read back the same meals.
    func prepare() async throws {
        let meals = (0..<Fixtures.idSpace).map(Meal.numbered)
        try await repository.save(contentsOf: meals)
        try await database.writer.write { db in for meal in meals { try meal.upsert(db) } }
        try await SQLCase.write(meals, database: database)
        for id in ["meal-0", "meal-999"] {
            let seam = try await repository.fetch(id: id)
            let grdb = try await database.writer.read { db in try Meal.fetchOne(db, key: id) }
            let sql = try await SQLCase.read(id, database: database)
            guard seam != nil, seam == grdb, seam == sql else { throw SanityError("\(id): the three stores disagree") }
        }
        let counts = try await (repository.fetchAll().count, database.writer.read { db in try Meal.fetchCount(db) })
        guard counts == (Fixtures.idSpace, Fixtures.idSpace) else { throw SanityError("collection sizes \(counts)") }
    }

    func benchmarks() -> [AsyncBenchmark] {
        let (repository, writer, database) = (repository, database.writer, database)
        let counter = Counter()
        return [
            AsyncBenchmark(name: "write.seam") { n in
                for _ in 0..<n { try await repository.save(Meal.numbered(counter.next())) }
            },
            AsyncBenchmark(name: "write.grdb") { n in
                for _ in 0..<n {
                    let meal = Meal.numbered(counter.next())
                    try await writer.write { db in try meal.upsert(db) }
                }
            },
            AsyncBenchmark(name: "write.sql") { n in
                for _ in 0..<n { try await SQLCase.write([Meal.numbered(counter.next())], database: database) }
            },
            AsyncBenchmark(name: "read.seam") { n in
                for _ in 0..<n {
                    blackHole(try await repository.fetch(id: "meal-\(counter.next() % Fixtures.idSpace)"))
                }
            },
            AsyncBenchmark(name: "read.grdb") { n in
                for _ in 0..<n {
                    let id = "meal-\(counter.next() % Fixtures.idSpace)"
                    blackHole(try await writer.read { db in try Meal.fetchOne(db, key: id) })
                }
            },
            AsyncBenchmark(name: "read.sql") { n in
                for _ in 0..<n {
                    blackHole(try await SQLCase.read("meal-\(counter.next() % Fixtures.idSpace)", database: database))
                }
            },
            AsyncBenchmark(name: "write100.seam") { n in
                for _ in 0..<n {
                    try await repository.save(contentsOf: (0..<100).map { _ in Meal.numbered(counter.next()) })
                }
            },
            AsyncBenchmark(name: "write100.grdb") { n in
                for _ in 0..<n {
                    let meals = (0..<100).map { _ in Meal.numbered(counter.next()) }
                    try await writer.write { db in for meal in meals { try meal.upsert(db) } }
                }
            },
            AsyncBenchmark(name: "write100.sql") { n in
                for _ in 0..<n {
                    try await SQLCase.write((0..<100).map { _ in Meal.numbered(counter.next()) }, database: database)
                }
            },
            AsyncBenchmark(name: "readAll.seam") { n in
                for _ in 0..<n { blackHole(try await repository.fetchAll()) }
            },
            AsyncBenchmark(name: "readAll.grdb") { n in
                for _ in 0..<n { blackHole(try await writer.read { db in try Meal.fetchAll(db) }) }
            },
            AsyncBenchmark(name: "readAll.sql") { n in
                for _ in 0..<n { blackHole(try await SQLCase.readAll(database: database)) }
            },
        ]
    }
}

/// The repository's statements written by hand on its table: JSON encoding, one upsert per record.
enum SQLCase {
    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()
    private static let upsert = """
        INSERT INTO seam_record (collection, id, body, savedAt) VALUES ('meal-sql', ?, ?, ?)
        ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body, savedAt = excluded.savedAt
        """

    static func write(_ meals: [Meal], database: SQLiteDatabase) async throws {
        let rows = try meals.map { ($0.id, String(decoding: try encoder.encode($0), as: UTF8.self)) }
        let now = Date().timeIntervalSince1970
        try await database.writer.write { db in
            for (id, body) in rows { try db.cachedStatement(sql: upsert).execute(arguments: [id, body, now]) }
        }
    }

    static func read(_ id: String, database: SQLiteDatabase) async throws -> Meal? {
        let body = try await database.writer.read { db in
            try Data.fetchOne(
                db.cachedStatement(sql: "SELECT body FROM seam_record WHERE collection = 'meal-sql' AND id = ?"),
                arguments: [id]
            )
        }
        return try body.map { try decoder.decode(Meal.self, from: $0) }
    }

    static func readAll(database: SQLiteDatabase) async throws -> [Meal] {
        let bodies = try await database.writer.read { db in
            try Data.fetchAll(db.cachedStatement(sql: "SELECT body FROM seam_record WHERE collection = 'meal-sql'"))
        }
        return try bodies.map { try decoder.decode(Meal.self, from: $0) }
    }
}

/// A counter shared by the cases, so every write and read touches a different id in turn.
final class Counter: @unchecked Sendable {
    private var value = 0
    func next() -> Int {
        value &+= 1
        return value
    }
}

struct SanityError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
