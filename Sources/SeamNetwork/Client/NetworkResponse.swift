import HTTPTypes

/// A decoded value with the response it came from, as ``NetworkClient/response(for:)`` returns it.
///
/// ```swift
/// let forecast = try await api.response(for: .forecast(spot: "lahinch"))
/// if forecast.source == .cache { banner = "Saved forecast" }
/// ```
public struct NetworkResponse<Value: Sendable>: Sendable {
    /// Where a response came from.
    public enum Source: Sendable, Hashable {
        /// The server sent it now.
        case network
        /// The response cache had it fresh; no request was made.
        case cache
        /// The cache had it stale; the server confirmed it with `304 Not Modified`.
        case revalidated
    }

    /// The decoded value.
    public var value: Value
    /// The response (for a revalidated one: the stored response with the `304`'s updated headers).
    public var response: HTTPResponse
    /// Where the response came from.
    public var source: Source
    /// The attempts made (0 when served from the cache, 2 or more after retries).
    public var attempts: Int
}
