/// A dependency whose live value is built by an `async` factory; resolved with `await`.
///
/// ```swift
/// enum DatabaseKey: AsyncDependencyKey {
///     static func live(_ r: borrowing AsyncResolver) async throws -> Database { try await Database.open() }
/// }
/// let db = try await container.resolve(DatabaseKey.self)
/// ```
public protocol AsyncDependencyKey: TestDependencyKey {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// Builds the live value asynchronously.
    static func live(_ r: borrowing AsyncResolver) async throws -> Value
}

extension AsyncDependencyKey {
    /// Always ``DependencyIsolation/async``: resolved with `await`.
    public static var isolation: DependencyIsolation { .async }
}
