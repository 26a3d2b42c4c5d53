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

@Suite("Repository compatibility suite catches broken repositories")
struct RepositoryCompatibilitySuiteFailureTests {
    typealias Check = RepositoryCompatibilitySuite.Check

    @Test(
        "each defect fails the check that guards it",
        arguments: [
            (BrokenRepository.Defect.nonAtomicBatch, Check.atomicBatch),
            (.nonAtomicReplaceAll, .atomicReplaceAll),
            (.updateInserts, .updateExistingOnly),
            (.fetchAllDropsOne, .fetchAll),
            (.observationRepeats, .observeAll),
            (.observationOfOneSeesAll, .observeOne),
            (.keepsFirstSave, .replaceByID),
            (.staleSavedAt, .savedAt),
        ]
    )
    func defectIsCaught(_ defect: BrokenRepository.Defect, _ check: Check) async throws {
        let suite = RepositoryCompatibilitySuite { BrokenRepository(defect) }
        let findings = try await suite.findings(of: check)
        #expect(!findings.isEmpty, "\(defect) passed \(check)")
        // The defect breaks only what it breaks: every other check still passes.
        for other in Check.allCases where other != check && !defect.mayAlsoBreak(other) {
            #expect(try await suite.findings(of: other) == [], "\(defect) failed \(other)")
        }
    }
}

/// An in-memory repository with one deliberate defect, to show the suite is not vacuous.
final class BrokenRepository: Repository {
    typealias Record = CompatibilityRecord

    enum Defect: Sendable, CustomTestStringConvertible {
        case nonAtomicBatch, nonAtomicReplaceAll, updateInserts, fetchAllDropsOne, observationRepeats
        case observationOfOneSeesAll, keepsFirstSave, staleSavedAt
        var testDescription: String { "\(self)" }

        /// Whether the defect may also break `check`, besides the one it is paired with.
        func mayAlsoBreak(_ check: RepositoryCompatibilitySuite.Check) -> Bool {
            switch self {
            case .keepsFirstSave: [.savedAt, .observeAll, .observeOne, .fetchAll, .atomicReplaceAll].contains(check)
            case .updateInserts: check == .encodingFailure
            case .fetchAllDropsOne: check == .concurrentSaves
            default: false
            }
        }
    }

    private let base = InMemoryRepository<Record>(now: { Date(timeIntervalSince1970: 1_000) })
    private let correct = InMemoryRepository<Record>()
    private let defect: Defect

    init(_ defect: Defect) { self.defect = defect }

    private var store: InMemoryRepository<Record> { defect == .staleSavedAt ? base : correct }

    func save(_ record: Record) async throws {
        if defect == .keepsFirstSave, try await store.fetch(id: record.id) != nil { return }
        try await store.save(record)
    }

    func update(_ record: Record) async throws -> Bool {
        if defect == .updateInserts {
            try await store.save(record)
            return true
        }
        return try await store.update(record)
    }

    func save(contentsOf records: [Record]) async throws {
        if defect == .nonAtomicBatch {
            for record in records { try await store.save(record) }
        } else {
            try await store.save(contentsOf: records)
        }
    }

    func replaceAll(with records: [Record]) async throws {
        if defect == .nonAtomicReplaceAll {
            try await store.deleteAll()
            for record in records { try await store.save(record) }
        } else {
            try await store.replaceAll(with: records)
        }
    }

    func fetch(id: Record.ID) async throws -> Record? { try await store.fetch(id: id) }
    func fetchStored(id: Record.ID) async throws -> StoredRecord<Record>? { try await store.fetchStored(id: id) }

    func fetchAll() async throws -> [Record] {
        let all = try await store.fetchAll()
        return defect == .fetchAllDropsOne && all.count > 3 ? Array(all.dropLast()) : all
    }

    func count() async throws -> Int { try await store.count() }
    func delete(id: Record.ID) async throws -> Bool { try await store.delete(id: id) }
    func deleteAll() async throws { try await store.deleteAll() }

    func observeAll() -> RecordObservation<[Record]> {
        guard defect == .observationRepeats else { return store.observeAll() }
        let inner = store.observeAll()
        return RecordObservation {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await value in inner {
                            continuation.yield(value)
                            continuation.yield(value)
                        }
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    func observe(id: Record.ID) -> RecordObservation<Record?> {
        guard defect == .observationOfOneSeesAll else { return store.observe(id: id) }
        // Re-reads the record on every change of the collection: repeats it when another record changes.
        let (all, store) = (store.observeAll(), store)
        return RecordObservation {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await _ in all { continuation.yield(try await store.fetch(id: id)) }
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}
