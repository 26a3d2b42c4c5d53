import Synchronization
import SeamLocking

/// Where view models send the errors they handle, so the full detail (``AppError/diagnostic``,
/// ``AppError/underlying``) reaches the logs while the user sees only the message.
///
/// Inject ``ErrorReporter`` in the app and ``RecordingErrorReporter`` in tests.
public protocol ErrorReporting: Sendable {
    /// Records `error`, with the place it was handled.
    func report(_ error: AppError, file: StaticString, line: UInt)
}

extension ErrorReporting {
    /// Records `error` at the caller's location.
    public func report(_ error: AppError, fileID: StaticString = #fileID, line: UInt = #line) {
        report(error, file: fileID, line: line)
    }
}

/// The live reporter: writes one line per error (``AppError/debugDescription`` with its
/// location) to a sink — `print` by default; pass a closure that logs to swift-log or OSLog.
/// Cancellations are not reported.
public struct ErrorReporter: ErrorReporting {
    private let write: @Sendable (String) -> Void

    /// A reporter writing each line to `write`.
    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    /// Writes `file:line: <debug description>` unless the error is a cancellation.
    public func report(_ error: AppError, file: StaticString, line: UInt) {
        guard !error.isCancellation else { return }
        write("\(file):\(line): \(error.debugDescription)")
    }
}

/// A test double that records every reported error, in order.
///
/// ```swift
/// let reporter = RecordingErrorReporter()
/// await model.load()
/// #expect(reporter.errors.map(\.code) == [.offline])
/// ```
public final class RecordingErrorReporter: ErrorReporting {
    private let storage = Locked<[AppError]>([])

    /// Creates an empty recorder.
    public init() {}

    /// The reported errors, oldest first.
    public var errors: [AppError] { storage.withLock { $0 } }

    /// Appends `error` to ``errors``.
    public func report(_ error: AppError, file: StaticString, line: UInt) {
        storage.withLock { $0.append(error) }
    }
}
