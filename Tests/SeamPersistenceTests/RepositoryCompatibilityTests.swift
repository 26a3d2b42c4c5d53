import Foundation
import SeamPersistence
import SeamPersistenceTesting
import SeamTestSupport
import Testing

@Suite("Repository compatibility")
struct RepositoryCompatibilityTests {
    typealias Check = RepositoryCompatibilitySuite.Check

    @Test("InMemoryRepository passes the compatibility suite", arguments: Check.allCases)
    func inMemory(_ check: Check) async throws {
        try await RepositoryCompatibilitySuite { InMemoryRepository<CompatibilityRecord>() }.run(check)
    }

    @Test("SQLiteRepository on a file passes the compatibility suite", arguments: Check.allCases)
    func sqliteFile(_ check: Check) async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        let database = try SQLiteDatabase(fileURL: folder.url("app.sqlite"))
        try await RepositoryCompatibilitySuite { SQLiteRepository<CompatibilityRecord>(database: database) }.run(check)
    }

    @Test("SQLiteRepository in memory passes the compatibility suite", arguments: Check.allCases)
    func sqliteInMemory(_ check: Check) async throws {
        let database = try SQLiteDatabase.inMemory()
        try await RepositoryCompatibilitySuite { SQLiteRepository<CompatibilityRecord>(database: database) }.run(check)
    }
}
