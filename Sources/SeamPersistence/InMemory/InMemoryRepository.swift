import Foundation
import SeamLocking

/// A ``Repository`` in memory: the test double, and the reference the compatibility suite is written against.
///
/// Records go through the same JSON coding as in ``SQLiteRepository``, so a record that would not
/// survive the real store (a `Double.nan`, a failing `encode(to:)`) fails here too, and each read
/// returns a fresh copy. ``fetchAll()`` returns records in the order they were first saved.
///
/// ```swift
/// let favourites = InMemoryRepository<MealDetail>([arrabiata])     // preloaded
/// let model = FavouritesViewModel(favourites: favourites)
/// await model.toggle(teriyaki)
/// #expect(try await favourites.fetch(id: teriyaki.id) == teriyaki)
/// ```
public final class InMemoryRepository<Record: Codable & Identifiable & Sendable>: Repository where Record.ID: Sendable {
    private struct Entry {
        var body: Data
        var savedAt: Date
    }

    /// What one observation watches (`nil`: the whole collection) and the bodies it last yielded.
    private struct Observer {
        let id: Record.ID?
        var last: [Data]
        let yield: @Sendable ([Record]) -> Void
        let fail: @Sendable (any Error) -> Void
    }

    private struct State {
        var entries: [Record.ID: Entry] = [:]
        var order: [Record.ID] = []
        var observers: [Int: Observer] = [:]
        var nextObserver = 0

        func bodies(of id: Record.ID?) -> [Data] {
            if let id { return entries[id].map { [$0.body] } ?? [] }
            return order.map { entries[$0]!.body }
        }
    }

    private let state = Locked(State())
    private let codec: RecordCodec<Record>
    private let now: @Sendable () -> Date

    /// A repository holding `records`; `now` stamps ``StoredRecord/savedAt`` (inject a fixed clock in tests).
    public init(_ records: [Record] = [], now: @escaping @Sendable () -> Date = { Date() }) {
        self.codec = RecordCodec(collection: String(describing: Record.self))
        self.now = now
        let stamp = now()
        state.withLock { state in
            for record in records {
                // A preloaded record that can't be encoded is a bug in the test that wrote it.
                let body: Data
                do {
                    body = try codec.encode(record)
                } catch {
                    preconditionFailure("InMemoryRepository: a preloaded record does not encode: \(error)")
                }
                if state.entries.updateValue(Entry(body: body, savedAt: stamp), forKey: record.id) == nil {
                    state.order.append(record.id)
                }
            }
        }
    }

    /// Inserts or replaces `record`.
    public func save(_ record: Record) async throws {
        try await save(contentsOf: [record])
    }

    /// Saves `records`, all or none (they are all encoded before any is stored).
    public func save(contentsOf records: [Record]) async throws {
        let bodies = try records.map { record throws(PersistenceError) in (record.id, try codec.encode(record)) }
        let stamp = now()
        state.withLock { state in
            for (id, body) in bodies
            where state.entries.updateValue(Entry(body: body, savedAt: stamp), forKey: id) == nil {
                state.order.append(id)
            }
            notify(&state)
        }
    }

    /// Replaces the record with `record`'s id; `false` when there is none.
    public func update(_ record: Record) async throws -> Bool {
        let body = try codec.encode(record)
        let stamp = now()
        return state.withLock { state in
            guard state.entries[record.id] != nil else { return false }
            state.entries[record.id] = Entry(body: body, savedAt: stamp)
            notify(&state)
            return true
        }
    }

    /// Replaces the collection with `records`, or changes nothing when one fails to encode.
    public func replaceAll(with records: [Record]) async throws {
        let bodies = try records.map { record throws(PersistenceError) in (record.id, try codec.encode(record)) }
        let stamp = now()
        state.withLock { state in
            state.entries = [:]
            state.order = []
            for (id, body) in bodies
            where state.entries.updateValue(Entry(body: body, savedAt: stamp), forKey: id) == nil {
                state.order.append(id)
            }
            notify(&state)
        }
    }

    /// A fresh copy of the record with `id`.
    public func fetch(id: Record.ID) async throws -> Record? {
        try await fetchStored(id: id)?.record
    }

    /// A fresh copy of the record with `id`, and when it was saved.
    public func fetchStored(id: Record.ID) async throws -> StoredRecord<Record>? {
        guard let entry = state.withLock({ $0.entries[id] }) else { return nil }
        return StoredRecord(record: try codec.decode(entry.body, id: "\(id)"), savedAt: entry.savedAt)
    }

    /// Every record, in the order they were first saved.
    public func fetchAll() async throws -> [Record] {
        let bodies = state.withLock { $0.bodies(of: nil) }
        return try bodies.map { body throws(PersistenceError) in try codec.decode(body, id: nil) }
    }

    /// The number of records.
    public func count() async throws -> Int {
        state.withLock { $0.order.count }
    }

    /// Deletes the record with `id`; `true` when there was one.
    @discardableResult
    public func delete(id: Record.ID) async throws -> Bool {
        state.withLock { state in
            guard state.entries.removeValue(forKey: id) != nil else { return false }
            state.order.removeAll { $0 == id }
            notify(&state)
            return true
        }
    }

    /// Deletes every record.
    public func deleteAll() async throws {
        state.withLock { state in
            state.entries = [:]
            state.order = []
            notify(&state)
        }
    }

    /// Every record now, then after each change that alters the collection.
    public func observeAll() -> RecordObservation<[Record]> {
        observation(of: nil) { $0 }
    }

    /// The record with `id` now, then after each change that alters it.
    public func observe(id: Record.ID) -> RecordObservation<Record?> {
        observation(of: id) { $0.first }
    }

    /// An observation of one record or of all; `transform` turns the decoded records into the element.
    private func observation<Element: Sendable>(
        of id: Record.ID?, _ transform: @escaping @Sendable ([Record]) -> Element
    ) -> RecordObservation<Element> {
        RecordObservation { [self] in
            AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                let token = state.withLock { state -> Int? in
                    let bodies = state.bodies(of: id)
                    do {
                        continuation.yield(transform(try decode(bodies)))
                    } catch {
                        continuation.finish(throwing: error)
                        return nil
                    }
                    let token = state.nextObserver
                    state.nextObserver += 1
                    state.observers[token] = Observer(
                        id: id, last: bodies,
                        yield: { continuation.yield(transform($0)) },
                        fail: { continuation.finish(throwing: $0) }
                    )
                    return token
                }
                guard let token else { return }
                continuation.onTermination = { [weak self] _ in
                    _ = self?.state.withLock { $0.observers.removeValue(forKey: token) }
                }
            }
        }
    }

    /// Yields to every observer whose value changed. Runs under the lock, so observers see changes in order.
    private func notify(_ state: inout State) {
        for (token, observer) in state.observers {
            let bodies = state.bodies(of: observer.id)
            guard bodies != observer.last else { continue }
            state.observers[token]?.last = bodies
            do {
                observer.yield(try decode(bodies))
            } catch {
                observer.fail(error)
                state.observers[token] = nil
            }
        }
    }

    private func decode(_ bodies: [Data]) throws(PersistenceError) -> [Record] {
        try bodies.map { body throws(PersistenceError) in try codec.decode(body, id: nil) }
    }
}
