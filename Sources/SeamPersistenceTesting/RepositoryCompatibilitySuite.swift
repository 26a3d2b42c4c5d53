import Foundation
import SeamPersistence
import Testing

/// The checks every `Repository` implementation must pass, run with Swift Testing: Seam runs them on
/// `SQLiteRepository` and `InMemoryRepository`; run them on your own implementation the same way.
///
/// Each check gets a new, empty repository from the factory; ``run(_:sourceLocation:)`` records a test issue
/// for each broken promise of the `Repository` contract, ``findings(of:)`` returns them as text: round-trip fidelity, replace by id, atomic batches, `update`
/// only of existing records, `savedAt`, deletion, observation (current value first, then each change,
/// no repeats) and concurrent writes.
///
/// ```swift
/// import SeamPersistenceTesting
/// import Testing
///
/// @Test(arguments: RepositoryCompatibilitySuite.Check.allCases)
/// func keychainRepositoryIsCompatible(_ check: RepositoryCompatibilitySuite.Check) async throws {
///     let suite = RepositoryCompatibilitySuite { KeychainRepository<CompatibilityRecord>(service: "test-\(UUID())") }
///     try await suite.run(check)
/// }
/// ```
public struct RepositoryCompatibilitySuite: Sendable {
    /// The record type the checks store.
    public typealias Record = CompatibilityRecord

    /// One promise of the contract.
    public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A saved record reads back equal, from `fetch`, `fetchStored` and `fetchAll`; a missing id reads `nil`.
        case roundTrip
        /// Edge values survive: empty and non-ASCII strings, `nil`, sub-second dates, bytes, empty arrays.
        case fidelity
        /// Saving an existing id replaces the record; the count stays one.
        case replaceByID
        /// `fetchAll` returns each record once; `count` agrees.
        case fetchAll
        /// `save(contentsOf:)` stores every record, or none when one fails to encode.
        case atomicBatch
        /// `replaceAll(with:)` replaces the collection, or changes nothing when a record fails to encode.
        case atomicReplaceAll
        /// `update` replaces an existing record and refuses to insert a new one.
        case updateExistingOnly
        /// `savedAt` is the time of the last save.
        case savedAt
        /// `delete(id:)` reports whether it deleted; `deleteAll` empties; other records are untouched.
        case delete
        /// A record that fails to encode is an error, and nothing is stored.
        case encodingFailure
        /// `observeAll` yields the current records first, then after each change, never the same value twice in a row.
        case observeAll
        /// `observe(id:)` yields `nil` or the record, then each change of that record only.
        case observeOne
        /// 64 concurrent saves all land.
        case concurrentSaves

        /// The case name, shown by Swift Testing for each argument.
        public var testDescription: String { rawValue }
    }

    private let makeRepository: @Sendable () async throws -> any Repository<Record>

    /// A suite whose checks each run on a new, empty repository made by `makeRepository`.
    public init(makeRepository: @escaping @Sendable () async throws -> any Repository<Record>) {
        self.makeRepository = makeRepository
    }

    /// Runs every check, each on its own repository.
    public func runAll() async throws {
        for check in Check.allCases { try await run(check) }
    }

    /// Runs `check` on a new repository; each broken promise is recorded as a test issue.
    public func run(_ check: Check, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for finding in try await findings(of: check) {
            Issue.record(Comment(rawValue: "\(check): \(finding)"), sourceLocation: sourceLocation)
        }
    }

    /// Runs `check` on a new repository and returns the promises it found broken, in words; empty
    /// when the repository keeps them all. Errors the repository throws where it should not are rethrown.
    public func findings(of check: Check) async throws -> [String] {
        let repository = try await makeRepository()
        let findings = Findings()
        guard try await repository.count() == 0 else { return ["the repository made for the check is not empty"] }
        try await run(check, on: repository, findings)
        return findings.list
    }

    private func run(_ check: Check, on repository: any Repository<Record>, _ findings: Findings) async throws {
        let expect = findings.expect
        switch check {
        case .roundTrip: try await roundTrip(repository, expect)
        case .fidelity: try await fidelity(repository, expect)
        case .replaceByID: try await replaceByID(repository, expect)
        case .fetchAll: try await fetchAll(repository, expect)
        case .atomicBatch: try await atomicBatch(repository, expect)
        case .atomicReplaceAll: try await atomicReplaceAll(repository, expect)
        case .updateExistingOnly: try await updateExistingOnly(repository, expect)
        case .savedAt: try await savedAt(repository, expect)
        case .delete: try await delete(repository, expect)
        case .encodingFailure: try await encodingFailure(repository, expect)
        case .observeAll: try await observeAll(repository, expect)
        case .observeOne: try await observeOne(repository, expect)
        case .concurrentSaves: try await concurrentSaves(repository, expect)
        }
    }
}

// MARK: - Checks

extension RepositoryCompatibilitySuite {
    private func roundTrip(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        let record = Record(id: "52772")
        try await repository.save(record)
        expect.equal(try await repository.fetch(id: "52772"), record, "fetch(id:) after save")
        expect.equal(try await repository.fetchStored(id: "52772")?.record, record, "fetchStored(id:) after save")
        expect.equal(try await repository.fetchAll(), [record], "fetchAll() after one save")
        expect.equal(try await repository.fetch(id: "missing"), nil, "fetch(id:) of a missing id")
        expect(try await repository.fetchStored(id: "missing") == nil, "fetchStored(id:) of a missing id is not nil")
    }

    private func fidelity(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        let records = [
            Record(id: "", title: "", rating: nil, parts: [], createdAt: Date(timeIntervalSince1970: 0), bytes: Data()),
            Record(
                id: "crème-brûlée", title: "Crème brûlée 🍮 \"quoted\" \\ back\nslash\t\u{0}",
                rating: -0.000_123_456_789, parts: [.init(name: "ü", quantity: .max), .init(name: "", quantity: .min)],
                createdAt: Date(timeIntervalSinceReferenceDate: 812_345_678.987_654),
                bytes: Data((0...255).map(UInt8.init))
            ),
            Record(id: String(repeating: "long", count: 500), title: String(repeating: "x", count: 100_000)),
        ]
        for record in records { try await repository.save(record) }
        for record in records {
            expect(
                try await repository.fetch(id: record.id) == record,
                "record '\(record.id.prefix(20))' changed on the way")
        }
        expect(try await Set(repository.fetchAll()) == Set(records), "fetchAll() changed the records")
    }

    private func replaceByID(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        try await repository.save(Record(id: "a", title: "first"))
        try await repository.save(Record(id: "a", title: "second"))
        expect.equal(try await repository.fetch(id: "a")?.title, "second", "the title after saving the same id twice")
        expect.equal(try await repository.count(), 1, "count() after saving the same id twice")
        expect.equal(
            try await repository.fetchAll().map(\.title), ["second"], "fetchAll() after saving the same id twice")
    }

    private func fetchAll(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        expect.equal(try await repository.fetchAll(), [], "fetchAll() of an empty repository")
        let records = (0..<25).map { Record(id: "id-\($0)", title: "meal \($0)") }
        for record in records.shuffled() { try await repository.save(record) }
        let all = try await repository.fetchAll()
        expect.equal(all.count, 25, "fetchAll().count after 25 saves")
        expect(Set(all) == Set(records), "fetchAll() does not return the 25 records saved")
        expect.equal(try await repository.count(), 25, "count() after 25 saves")
    }

    private func atomicBatch(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        try await repository.save(contentsOf: [Record(id: "a"), Record(id: "b"), Record(id: "a", title: "later")])
        expect.equal(try await repository.count(), 2, "count() after a batch with one id twice")
        expect.equal(
            try await repository.fetch(id: "a")?.title, "later",
            "the record of an id saved twice in a batch (the last wins)")
        await expect.throwsError("save(contentsOf:) with a record that can't be encoded") {
            try await repository.save(contentsOf: [Record(id: "c"), Record(id: "d", rating: .nan), Record(id: "e")])
        }
        expect.equal(
            try await Set(repository.fetchAll().map(\.id)), ["a", "b"],
            "the ids after a failed batch (nothing of it stored)")
    }

    private func atomicReplaceAll(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        try await repository.save(contentsOf: [Record(id: "a"), Record(id: "b")])
        try await repository.replaceAll(with: [Record(id: "b", title: "new"), Record(id: "c")])
        expect.equal(try await Set(repository.fetchAll().map(\.id)), ["b", "c"], "the ids after replaceAll(with:)")
        expect.equal(try await repository.fetch(id: "b")?.title, "new", "a record replaced by replaceAll(with:)")
        await expect.throwsError("replaceAll(with:) with a record that can't be encoded") {
            try await repository.replaceAll(with: [Record(id: "x"), Record(id: "y", rating: .nan)])
        }
        expect.equal(
            try await Set(repository.fetchAll().map(\.id)), ["b", "c"], "the ids after a failed replaceAll (unchanged)")
        try await repository.replaceAll(with: [])
        expect.equal(try await repository.count(), 0, "count() after replaceAll(with: [])")
    }

    private func updateExistingOnly(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        expect.equal(try await repository.update(Record(id: "a")), false, "update(_:) of a missing record")
        expect.equal(
            try await repository.fetch(id: "a"), nil, "fetch(id:) after update(_:) of a missing record (not inserted)")
        try await repository.save(Record(id: "a", title: "old"))
        expect.equal(
            try await repository.update(Record(id: "a", title: "new")), true, "update(_:) of an existing record")
        expect.equal(try await repository.fetch(id: "a")?.title, "new", "the title after update(_:)")
    }

    private func savedAt(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        let before = Date()
        try await repository.save(Record(id: "a"))
        let after = Date()
        guard let first = try await repository.fetchStored(id: "a")?.savedAt else {
            return expect(false, "fetchStored(id:) after save is nil")
        }
        expect(
            first >= before.addingTimeInterval(-1) && first <= after.addingTimeInterval(1),
            "savedAt \(first) is not the time of the save (\(before)–\(after))"
        )
        try await Task.sleep(for: .milliseconds(20))
        try await repository.save(Record(id: "a", title: "again"))
        let second = try await repository.fetchStored(id: "a")?.savedAt
        expect(
            second.map { $0 > first } ?? false,
            "saving again did not move savedAt (\(first) → \(String(describing: second)))")
    }

    private func delete(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        try await repository.save(contentsOf: [Record(id: "a"), Record(id: "b")])
        expect.equal(try await repository.delete(id: "a"), true, "delete(id:) of an existing record")
        expect.equal(try await repository.delete(id: "a"), false, "delete(id:) of a deleted record")
        expect.equal(try await repository.fetch(id: "a"), nil, "fetch(id:) of a deleted record")
        expect.equal(try await repository.fetch(id: "b"), Record(id: "b"), "the other record after delete(id:)")
        try await repository.deleteAll()
        expect.equal(try await repository.count(), 0, "count() after deleteAll()")
        expect.equal(try await repository.fetchAll(), [], "fetchAll() after deleteAll()")
    }

    private func encodingFailure(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        await expect.throwsError("save(_:) of a record that can't be encoded") {
            try await repository.save(Record(id: "nan", rating: .nan))
        }
        expect.equal(try await repository.fetch(id: "nan"), nil, "fetch(id:) after a failed save")
        expect.equal(try await repository.update(Record(id: "nan", rating: 1)), false, "update(_:) after a failed save")
    }

    private func observeAll(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        try await repository.save(Record(id: "a"))
        let recorder = ObservationRecorder(repository.observeAll())
        defer { recorder.cancel() }
        expect(await recorder.waitForLatest { $0.map(\.id) == ["a"] }, "the first value is not the current records")
        try await repository.save(Record(id: "b"))
        expect(await recorder.waitForLatest { Set($0.map(\.id)) == ["a", "b"] }, "a save was not observed")
        try await repository.save(Record(id: "a", title: "renamed"))
        expect(
            await recorder.waitForLatest { $0.contains(Record(id: "a", title: "renamed")) },
            "a replace was not observed")
        try await repository.delete(id: "b")
        expect(await recorder.waitForLatest { $0.map(\.id) == ["a"] }, "a delete was not observed")
        try await repository.deleteAll()
        expect(await recorder.waitForLatest { $0.isEmpty }, "deleteAll() was not observed")
        expect(recorder.error == nil, "the observation failed: \(String(describing: recorder.error))")
        let values = recorder.seen.map { Set($0) }
        expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 }, "the same records were yielded twice in a row")
    }

    private func observeOne(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        let recorder = ObservationRecorder(repository.observe(id: "a"))
        defer { recorder.cancel() }
        expect(await recorder.waitForLatest { $0 == nil }, "the first value of a missing record is not nil")
        try await repository.save(Record(id: "other"))
        try await repository.save(Record(id: "a"))
        expect(await recorder.waitForLatest { $0 == Record(id: "a") }, "a save was not observed")
        try await repository.save(Record(id: "other", title: "changed"))
        try await repository.save(Record(id: "a", title: "renamed"))
        expect(await recorder.waitForLatest { $0?.title == "renamed" }, "a replace was not observed")
        try await repository.delete(id: "a")
        expect(await recorder.waitForLatest { $0 == nil }, "a delete was not observed")
        expect(recorder.error == nil, "the observation failed: \(String(describing: recorder.error))")
        let values = recorder.seen
        expect(
            zip(values, values.dropFirst()).allSatisfy { $0 != $1 },
            "the same value was yielded twice in a row (a change of another record?): \(values.map { $0?.title ?? "nil" })"
        )
    }

    private func concurrentSaves(_ repository: any Repository<Record>, _ expect: Expect) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask { try await repository.save(Record(id: "concurrent-\(index)", title: "\(index)")) }
            }
            try await group.waitForAll()
        }
        expect.equal(try await repository.count(), 64, "count() after 64 concurrent saves")
        expect(
            try await Set(repository.fetchAll().map(\.title)) == Set((0..<64).map(String.init)),
            "fetchAll() after 64 concurrent saves does not return them all"
        )
    }
}
