import Foundation
import SeamArchitecture

/// One write queued in an ``Outbox``: the operation, the idempotency key the server dedupes it by,
/// and its delivery history.
public struct OutboxEntry<Operation: Sendable>: Sendable, Identifiable {
    /// The entry's place in the queue: entries are replayed in increasing `id` order; never reused.
    public let id: Int64
    /// Sent with every attempt (for example as an `Idempotency-Key` header), so a server that already
    /// applied the operation (the app was killed before it could dequeue it) applies it only once.
    public let idempotencyKey: String
    /// The queued operation.
    public let operation: Operation
    /// When the operation was queued.
    public let enqueuedAt: Date
    /// How many delivery attempts failed so far.
    public let attempts: Int
    /// The last failure, without its underlying error (which is not stored).
    public let lastError: AppError?
    /// When the entry failed permanently and left the queue; `nil` while it waits in the queue.
    public let failedAt: Date?
}

extension OutboxEntry: Equatable where Operation: Equatable {}

/// What one ``Outbox/replay(_:)`` pass did.
public struct OutboxReplay: Sendable {
    /// The entries delivered and removed from the queue, in order.
    public internal(set) var delivered: [Int64] = []
    /// The entries that failed permanently during this pass: taken out of the queue (see ``Outbox/failed()``)
    /// so the entries after them were still delivered.
    public internal(set) var failures: [OutboxFailure] = []
    /// The transient failure (offline, timeout, server busy) or cancellation that ended the pass early;
    /// the entry it hit and every later one stay queued, in order, for the next replay. `nil` when the
    /// pass reached the end of the queue.
    public internal(set) var stoppedBy: AppError?
    /// Entries still queued when the pass ended.
    public internal(set) var remaining = 0

    /// Whether the pass reached the end of the queue.
    public var isComplete: Bool { stoppedBy == nil }
}

/// An outbox entry that failed permanently: a 4xx, an operation the server refuses, a stored
/// operation that no longer decodes.
public struct OutboxFailure: Sendable, Hashable {
    /// The entry's ``OutboxEntry/id``.
    public let entryID: Int64
    /// The entry's ``OutboxEntry/idempotencyKey``.
    public let idempotencyKey: String
    /// Why it failed, as the user sees it.
    public let error: AppError
}

/// An `AppError` as stored in `seam_outbox.lastError` (everything but `underlying`).
struct StoredAppError: Codable {
    var code: String
    var message: String
    var recoverySuggestion: String?
    var isRetryable: Bool
    var diagnostic: String?

    init(_ error: AppError) {
        code = error.code.rawValue
        message = error.message
        recoverySuggestion = error.recoverySuggestion
        isRetryable = error.isRetryable
        diagnostic = error.diagnostic
    }

    var appError: AppError {
        AppError(
            AppError.Code(rawValue: code), message: message, recoverySuggestion: recoverySuggestion,
            isRetryable: isRetryable, diagnostic: diagnostic
        )
    }
}
