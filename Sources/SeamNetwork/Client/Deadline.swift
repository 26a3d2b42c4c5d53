/// The marker a request's deadline timer throws.
struct DeadlineExceeded: Error {}

/// Runs an operation against a deadline: when `timeout` passes first, the operation's task is
/// cancelled (so its request in flight is cancelled) and ``DeadlineExceeded`` is thrown.
enum Deadline {
    static func run<Value: Sendable>(
        _ timeout: Duration, operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw DeadlineExceeded()
            }
            defer { group.cancelAll() }
            guard let value = try await group.next() else { throw CancellationError() }
            return value
        }
    }
}
