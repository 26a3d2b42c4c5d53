import Foundation
import SeamArchitecture
import SeamLocking

/// Offline-first reads over a local ``Repository``: local first, network fallback, write-back, and
/// stale-while-revalidate, with every failure an `AppError` ready for a `LoadingState`.
///
/// The network side is a closure per read, so this layer doesn't depend on any HTTP client. Whisked's
/// favourites, stored whole so a saved recipe opens offline:
///
/// ```swift
/// let meals = OfflineFirst(local: favourites, policy: .staleWhileRevalidate(maxAge: .seconds(24 * 3600)),
///                          writeBack: .updateExisting, errors: reporter)
/// // A favourite: the stored meal at once, refreshed in the background once a day.
/// // Any other meal: from the network, not added to favourites.
/// let meal = try await meals.fetch(id: "52772") { try await api.mealDetail(id: "52772") }
/// ```
///
/// Background refreshes are coalesced per id, are not cancelled with the reading task, and report
/// their failures to `errors`; ``waitForRevalidations()`` awaits them (in tests).
public final class OfflineFirst<Record: Codable & Identifiable & Sendable>: Sendable where Record.ID: Sendable {
    /// The local repository.
    public let local: any Repository<Record>
    /// The default policy of ``fetch(id:policy:fetchRemote:)`` and ``fetchAll(policy:fetchRemote:)``.
    public let policy: ReadPolicy
    /// What is done with records fetched from the network.
    public let writeBack: WriteBack
    private let errors: (any ErrorReporting)?
    private let now: @Sendable () -> Date
    /// Background refreshes in flight, by id (`nil`: the whole collection).
    private let revalidations = Locked<[Record.ID?: Task<Void, Never>]>([:])
    /// When ``fetchAll(policy:fetchRemote:)`` last refreshed the collection from the network (this process only).
    private let collectionRefreshedAt = Locked<Date?>(nil)

    /// Reads of `local` with `policy`, writing network records back as `writeBack` says; failures of
    /// background work (refreshes, write-backs) go to `errors`. `now` decides staleness (inject it in tests).
    public init(
        local: any Repository<Record>,
        policy: ReadPolicy = .localFirst,
        writeBack: WriteBack = .always,
        errors: (any ErrorReporting)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.local = local
        self.policy = policy
        self.writeBack = writeBack
        self.errors = errors
        self.now = now
    }

    /// The record with `id`, from the local repository or the network as `policy` (default: the store's) says.
    ///
    /// - Throws: the `AppError` of the network failure when there is no local record to fall back to,
    ///   or of the local repository (`AppError/Code/storageCorrupted`...).
    public func fetch(
        id: Record.ID, policy: ReadPolicy? = nil, fetchRemote: @escaping @Sendable () async throws -> Record
    ) async throws(AppError) -> Record {
        switch policy ?? self.policy {
        case .localFirst:
            if let stored = try await localStored(id) { return stored.record }
            return try await remote(id, fetchRemote)
        case .staleWhileRevalidate(let maxAge):
            guard let stored = try await localStored(id) else { return try await remote(id, fetchRemote) }
            if isStale(stored.savedAt, maxAge) {
                revalidate(id) { [self] in try await store(try await fetchRemote()) }
            }
            return stored.record
        case .networkFirst:
            do {
                return try await remote(id, fetchRemote)
            } catch  where error.isRetryable {
                guard let stored = try await localStored(id) else { throw error }
                return stored.record
            }
        }
    }

    /// Every record, from the local repository or the network as `policy` says. The local collection
    /// counts as a hit when it is not empty; ``WriteBack/always`` replaces it with the network's list
    /// (the server is the truth for a cached list), ``WriteBack/updateExisting`` refreshes the records it has.
    /// Staleness of the collection is measured from the last network refresh of this process.
    public func fetchAll(
        policy: ReadPolicy? = nil, fetchRemote: @escaping @Sendable () async throws -> [Record]
    ) async throws(AppError) -> [Record] {
        switch policy ?? self.policy {
        case .localFirst:
            let records = try await localAll()
            return records.isEmpty ? try await remoteAll(fetchRemote) : records
        case .staleWhileRevalidate(let maxAge):
            let records = try await localAll()
            guard !records.isEmpty else { return try await remoteAll(fetchRemote) }
            if collectionRefreshedAt.withLock({ $0 }).map({ isStale($0, maxAge) }) ?? true {
                revalidate(nil) { [self] in try await storeAll(try await fetchRemote()) }
            }
            return records
        case .networkFirst:
            do {
                return try await remoteAll(fetchRemote)
            } catch  where error.isRetryable {
                let records = try await localAll()
                if records.isEmpty { throw error }
                return records
            }
        }
    }

    /// Waits until no background refresh is running (including ones started while waiting).
    public func waitForRevalidations() async {
        while let running = revalidations.withLock({ $0.values.first }) {
            await running.value
        }
    }
}

// MARK: - Steps

extension OfflineFirst {
    private func localStored(_ id: Record.ID) async throws(AppError) -> StoredRecord<Record>? {
        do {
            return try await local.fetchStored(id: id)
        } catch {
            throw AppError(error)
        }
    }

    private func localAll() async throws(AppError) -> [Record] {
        do {
            return try await local.fetchAll()
        } catch {
            throw AppError(error)
        }
    }

    /// Fetches from the network and writes back; a failed write-back is reported, and the record still returned.
    private func remote(_ id: Record.ID, _ fetchRemote: @Sendable () async throws -> Record) async throws(AppError)
        -> Record
    {
        let record: Record
        do {
            record = try await fetchRemote()
        } catch {
            throw AppError(error)
        }
        do {
            try await store(record)
        } catch {
            report(error)
        }
        return record
    }

    private func remoteAll(_ fetchRemote: @Sendable () async throws -> [Record]) async throws(AppError) -> [Record] {
        let records: [Record]
        do {
            records = try await fetchRemote()
        } catch {
            throw AppError(error)
        }
        do {
            try await storeAll(records)
        } catch {
            report(error)
        }
        return records
    }

    /// Writes `record` back as ``writeBack`` says.
    private func store(_ record: Record) async throws {
        switch writeBack {
        case .always: try await local.save(record)
        case .updateExisting: _ = try await local.update(record)
        case .never: break
        }
    }

    private func storeAll(_ records: [Record]) async throws {
        switch writeBack {
        case .always:
            try await local.replaceAll(with: records)
        case .updateExisting:
            for record in records { _ = try await local.update(record) }
        case .never:
            break
        }
        collectionRefreshedAt.withLock { $0 = now() }
    }

    private func isStale(_ savedAt: Date, _ maxAge: Duration) -> Bool {
        now().timeIntervalSince(savedAt) >= maxAge.timeInterval
    }

    /// Starts `refresh` in the background unless a refresh of `id` is already running.
    private func revalidate(_ id: Record.ID?, _ refresh: @escaping @Sendable () async throws -> Void) {
        revalidations.withLock { running in
            guard running[id] == nil else { return }
            running[id] = Task { [self] in
                do {
                    try await refresh()
                } catch {
                    report(error)
                }
                _ = revalidations.withLock { $0.removeValue(forKey: id) }
            }
        }
    }

    private func report(_ error: any Error) {
        let error = AppError(error)
        guard !error.isCancellation else { return }
        errors?.report(error)
    }
}
