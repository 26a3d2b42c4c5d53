// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamPersistenceTesting/SeamPersistenceTesting.docc/GettingStarted.md, compiled and run:
// each block is here verbatim (SeamTests' DocCCatalogTests checks every line is here).
import Foundation
import SeamLocking
import SeamPersistence
import SeamPersistenceTesting
import Testing

enum PersistenceTestingArticle {
    struct LoggingRepository<Record: Codable & Identifiable & Sendable>: Repository where Record.ID: Sendable {
        let base: any Repository<Record>
        let log: @Sendable (String) -> Void

        func save(_ record: Record) async throws { log("save \(record.id)"); try await base.save(record) }
        func update(_ record: Record) async throws -> Bool { log("update \(record.id)"); return try await base.update(record) }
        func save(contentsOf records: [Record]) async throws { log("save \(records.count)"); try await base.save(contentsOf: records) }
        func replaceAll(with records: [Record]) async throws { log("replace all"); try await base.replaceAll(with: records) }
        func fetch(id: Record.ID) async throws -> Record? { try await base.fetch(id: id) }
        func fetchStored(id: Record.ID) async throws -> StoredRecord<Record>? { try await base.fetchStored(id: id) }
        func fetchAll() async throws -> [Record] { try await base.fetchAll() }
        func count() async throws -> Int { try await base.count() }
        func delete(id: Record.ID) async throws -> Bool { log("delete \(id)"); return try await base.delete(id: id) }
        func deleteAll() async throws { log("delete all"); try await base.deleteAll() }
        func observeAll() -> RecordObservation<[Record]> { base.observeAll() }
        func observe(id: Record.ID) -> RecordObservation<Record?> { base.observe(id: id) }
    }

    @Suite("Article: Getting started with SeamPersistenceTesting")
    struct Tests {
        @Test(arguments: RepositoryCompatibilitySuite.Check.allCases)
        func loggingRepositoryIsCompatible(_ check: RepositoryCompatibilitySuite.Check) async throws {
            let suite = RepositoryCompatibilitySuite {
                LoggingRepository<CompatibilityRecord>(base: InMemoryRepository(), log: { _ in })
            }
            try await suite.run(check)
        }

        @Test("the decorator logs the writes of the checks it runs")
        func logs() async throws {
            let lines = Locked<[String]>([])
            let suite = RepositoryCompatibilitySuite {
                LoggingRepository<CompatibilityRecord>(base: InMemoryRepository(), log: { line in lines.withLock { $0.append(line) } })
            }
            #expect(try await suite.findings(of: .updateExistingOnly).isEmpty)
            #expect(lines.withLock { $0 }.contains { $0.hasPrefix("update ") })
        }
    }
}
