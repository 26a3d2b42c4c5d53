/// A dependency built from a caller-supplied argument (always ``Lifetime/unique``).
///
/// ```swift
/// enum SpotDetailKey: ParameterizedDependencyKey {
///     static func live(_ r: borrowing Resolver, _ spotID: String) throws -> SpotDetail {
///         SpotDetail(id: spotID, api: try r.resolve(APIClientKey.self))
///     }
/// }
/// let detail = try container.resolve(SpotDetailKey.self, argument: "pipeline")
/// ```
public protocol ParameterizedDependencyKey: TestDependencyKey {
    /// The type callers receive (restated so it is inferred from `live`).
    associatedtype Value
    /// The argument the factory takes.
    associatedtype Argument: Sendable
    /// Builds the live value for `argument`.
    static func live(_ r: borrowing Resolver, _ argument: Argument) throws -> Value
}

extension ParameterizedDependencyKey {
    /// Parameterized dependencies are built for each argument: always ``Lifetime/unique``.
    public static var lifetime: Lifetime { .unique }
}
