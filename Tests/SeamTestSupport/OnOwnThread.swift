import Foundation

/// Runs `body`, which blocks (waits for a child process such as `swift build`, reads a pipe, sleeps), on a
/// thread of its own rather than on one of the few threads Swift's cooperative pool has (two on a two-core
/// machine): a long blocking wait there starves every asynchronous test running beside it.
///
/// ```swift
/// let build = try await onOwnThread { try Command.run("swift", ["build"], in: package.url) }
/// ```
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
