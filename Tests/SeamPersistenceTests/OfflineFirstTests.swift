import Foundation
import SeamArchitecture
import SeamPersistence
import SeamTestSupport
import Testing

@Suite("OfflineFirst: local first, network fallback, write-back, stale-while-revalidate")
struct OfflineFirstTests {
    let meal = MealDetail.sample()

    @Test("local first: a stored record is returned without touching the network")
    func localHit() async throws {
        let local = InMemoryRepository([meal])
        let remote = RemoteStub<MealDetail>(.failure(offline))
        let store = OfflineFirst(local: local)
        #expect(try await store.fetch(id: meal.id, fetchRemote: remote.fetch) == meal)
        #expect(remote.calls == 0)
    }

    @Test("local first: a miss goes to the network and writes the record back")
    func localMiss() async throws {
        let local = InMemoryRepository<MealDetail>()
        let remote = RemoteStub(.success(meal))
        let store = OfflineFirst(local: local)
        #expect(try await store.fetch(id: meal.id, fetchRemote: remote.fetch) == meal)
        #expect(try await local.fetch(id: meal.id) == meal)
        #expect(try await store.fetch(id: meal.id, fetchRemote: remote.fetch) == meal)
        #expect(remote.calls == 1)
    }

    @Test("a miss while offline is the network's AppError")
    func missOffline() async throws {
        let store = OfflineFirst(local: InMemoryRepository<MealDetail>())
        let error = try await #require(throws: AppError.self) {
            try await store.fetch(id: "52772", fetchRemote: RemoteStub<MealDetail>(.failure(offline)).fetch)
        }
        #expect(error.code == .offline)
        #expect(error.isRetryable)
    }

    @Test("write-back .updateExisting refreshes favourites but never adds a browsed meal; .never writes nothing")
    func writeBackModes() async throws {
        let favourites = InMemoryRepository([meal])
        let fresh = MealDetail.sample(meal.id, name: "Teriyaki Chicken Casserole (new photo)")
        let other = MealDetail.sample("53000", name: "Browsed")
        let store = OfflineFirst(local: favourites, policy: .networkFirst, writeBack: .updateExisting)
        #expect(try await store.fetch(id: other.id, fetchRemote: RemoteStub(.success(other)).fetch) == other)
        #expect(try await store.fetch(id: meal.id, fetchRemote: RemoteStub(.success(fresh)).fetch) == fresh)
        #expect(try await favourites.fetchAll() == [fresh])

        let readOnly = OfflineFirst(local: InMemoryRepository<MealDetail>(), writeBack: .never)
        _ = try await readOnly.fetch(id: other.id, fetchRemote: RemoteStub(.success(other)).fetch)
        #expect(try await readOnly.local.count() == 0)
    }

    @Test("stale-while-revalidate: a stale record is returned at once and refreshed in the background")
    func staleWhileRevalidate() async throws {
        let clock = TestClock()
        let local = InMemoryRepository<MealDetail>([meal], now: { clock.now })
        let fresh = MealDetail.sample(meal.id, name: "fresh")
        let remote = RemoteStub(.success(fresh))
        let store = OfflineFirst(
            local: local, policy: .staleWhileRevalidate(maxAge: .seconds(3600)), now: { clock.now })

        clock.advance(by: 60)  // fresh enough: no network
        #expect(try await store.fetch(id: meal.id, fetchRemote: remote.fetch) == meal)
        await store.waitForRevalidations()
        #expect(remote.calls == 0)

        clock.advance(by: 3600)  // stale: the old record now, the fresh one saved in the background
        #expect(try await store.fetch(id: meal.id, fetchRemote: remote.fetch) == meal)
        await store.waitForRevalidations()
        #expect(remote.calls == 1)
        #expect(try await local.fetch(id: meal.id) == fresh)
        #expect(try await store.fetch(id: meal.id, fetchRemote: remote.fetch) == fresh)
        await store.waitForRevalidations()
        #expect(remote.calls == 1)  // just saved: fresh again
    }

    @Test("concurrent stale reads of one record start one refresh")
    func revalidationsAreCoalesced() async throws {
        let local = InMemoryRepository<MealDetail>([meal], now: { Date(timeIntervalSince1970: 0) })
        let gate = AsyncGate()
        let remote = RemoteStub(.success(meal))
        let store = OfflineFirst(local: local, policy: .staleWhileRevalidate(maxAge: .zero))
        let fetch: @Sendable () async throws -> MealDetail = {
            await gate.wait()
            return try await remote.fetch()
        }
        for _ in 0..<10 { _ = try await store.fetch(id: meal.id, fetchRemote: fetch) }
        await gate.open()
        await store.waitForRevalidations()
        #expect(remote.calls == 1)
    }

    @Test("a failed background refresh keeps the local record and is reported")
    func revalidationFailureReported() async throws {
        let local = InMemoryRepository<MealDetail>([meal], now: { Date(timeIntervalSince1970: 0) })
        let reporter = RecordingErrorReporter()
        let store = OfflineFirst(local: local, policy: .staleWhileRevalidate(maxAge: .zero), errors: reporter)
        #expect(
            try await store.fetch(id: meal.id, fetchRemote: RemoteStub<MealDetail>(.failure(offline)).fetch) == meal)
        await store.waitForRevalidations()
        #expect(reporter.errors.map(\.code) == [.offline])
        #expect(try await local.fetch(id: meal.id) == meal)
    }

    @Test("network first: offline falls back to the local record; a 404 does not")
    func networkFirst() async throws {
        let local = InMemoryRepository([meal])
        let store = OfflineFirst(local: local, policy: .networkFirst)
        #expect(
            try await store.fetch(id: meal.id, fetchRemote: RemoteStub<MealDetail>(.failure(offline)).fetch) == meal)
        let gone = AppError(httpStatus: 404)!
        let error = try await #require(throws: AppError.self) {
            try await store.fetch(id: meal.id, fetchRemote: RemoteStub<MealDetail>(.failure(gone)).fetch)
        }
        #expect(error.code == .notFound)
    }

    @Test("a damaged local database is the storage AppError, not a silent network read")
    func localFailure() async throws {
        let local = InMemoryRepository<MealDetail>()
        let store = OfflineFirst(local: BrokenLocal(base: local), policy: .localFirst)
        let remote = RemoteStub(.success(meal))
        let error = try await #require(throws: AppError.self) {
            try await store.fetch(id: meal.id, fetchRemote: remote.fetch)
        }
        #expect(error.code == .storageCorrupted)
        #expect(remote.calls == 0)
    }

    @Test("lists: local first, replaced from the network on a miss, revalidated when stale")
    func lists() async throws {
        let local = InMemoryRepository<MealDetail>()
        let remote = RemoteStub(.success([MealDetail.sample("1"), .sample("2")]))
        let store = OfflineFirst(local: local, policy: .staleWhileRevalidate(maxAge: .seconds(3600)))
        #expect(try await store.fetchAll(fetchRemote: remote.fetch).map(\.id) == ["1", "2"])
        remote.set(.success([MealDetail.sample("2")]))
        #expect(try await Set(store.fetchAll(fetchRemote: remote.fetch).map(\.id)) == ["1", "2"])  // fresh: local
        await store.waitForRevalidations()
        #expect(remote.calls == 1)

        let networkFirst = try await store.fetchAll(policy: .networkFirst, fetchRemote: remote.fetch)
        #expect(networkFirst.map(\.id) == ["2"])
        #expect(try await local.fetchAll().map(\.id) == ["2"])  // .always: the server's list replaces the cache
        remote.set(.failure(offline))
        #expect(try await store.fetchAll(policy: .networkFirst, fetchRemote: remote.fetch).map(\.id) == ["2"])
    }

    @Test("favourites stored whole open offline after a restart (SQLite file, network down)")
    func favouritesOffline() async throws {
        let folder = try TemporaryDirectory(prefix: "persistence")
        defer { folder.remove() }
        do {
            let database = try SQLiteDatabase(fileURL: folder.database())
            let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
            let online = OfflineFirst(local: favourites, policy: .networkFirst, writeBack: .always)
            _ = try await online.fetch(id: meal.id, fetchRemote: RemoteStub(.success(meal)).fetch)
            try database.close()
        }
        let database = try SQLiteDatabase(fileURL: folder.database())
        let favourites = SQLiteRepository<MealDetail>(database: database, collection: "favourites")
        let store = OfflineFirst(
            local: favourites, policy: .staleWhileRevalidate(maxAge: .seconds(86_400)), writeBack: .updateExisting)
        let remote = RemoteStub<MealDetail>(.failure(offline))
        let offlineMeal = try await store.fetch(id: meal.id, fetchRemote: remote.fetch)
        #expect(offlineMeal == meal)
        #expect(offlineMeal.instructions == meal.instructions)
        #expect(offlineMeal.ingredients == meal.ingredients)
        #expect(remote.calls == 0)
    }
}

/// A local repository whose reads fail as a damaged file would.
struct BrokenLocal: Repository {
    let base: InMemoryRepository<MealDetail>
    private var damaged: Error {
        AppError(.storageCorrupted, message: "Your saved data can't be read.", isRetryable: false)
    }
    func save(_ record: MealDetail) async throws { try await base.save(record) }
    func update(_ record: MealDetail) async throws -> Bool { try await base.update(record) }
    func save(contentsOf records: [MealDetail]) async throws { try await base.save(contentsOf: records) }
    func replaceAll(with records: [MealDetail]) async throws { try await base.replaceAll(with: records) }
    func fetch(id: String) async throws -> MealDetail? { throw damaged }
    func fetchStored(id: String) async throws -> StoredRecord<MealDetail>? { throw damaged }
    func fetchAll() async throws -> [MealDetail] { throw damaged }
    func count() async throws -> Int { throw damaged }
    func delete(id: String) async throws -> Bool { try await base.delete(id: id) }
    func deleteAll() async throws { try await base.deleteAll() }
    func observeAll() -> RecordObservation<[MealDetail]> { base.observeAll() }
    func observe(id: String) -> RecordObservation<MealDetail?> { base.observe(id: id) }
}

/// Suspends callers of `wait()` until `open()`.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
