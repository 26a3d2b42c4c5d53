import Foundation

/// The values a matched deep link carries: path parameters (`:id`) and query items, with typed
/// accessors that report a missing or ill-typed value as a ``DeepLinkError`` naming it.
///
/// ```swift
/// DeepLinkRule("/spots/:id/forecast") { link in
///     let id = try link.value("id")
///     let days = try link.optionalValue("days", as: Int.self) ?? 3
///     return [.spots, .spot(id: id), .forecast(spotID: id, days: days)]
/// }
/// ```
public struct DeepLinkParameters: Sendable {
    /// The link being resolved.
    public let url: URL
    /// The path parameters, by name (percent-decoded).
    public let path: [String: String]
    /// The query items, by name; a name repeated in the query has several values.
    public let query: [String: [String]]

    /// The value of `name`, from the path or else the query, converted to `type`.
    ///
    /// - Throws: ``DeepLinkError/Code/missingParameter`` or ``DeepLinkError/Code/invalidParameter``.
    public func value<Value: LosslessStringConvertible>(
        _ name: String, as type: Value.Type = String.self
    ) throws(DeepLinkError) -> Value {
        guard let value = try optionalValue(name, as: type) else {
            throw DeepLinkError(.missingParameter, link: url.absoluteString, "parameter '\(name)' is missing")
        }
        return value
    }

    /// The value of `name` converted to `type`, or `nil` when the link does not carry it.
    ///
    /// - Throws: ``DeepLinkError/Code/invalidParameter`` when present but not convertible.
    public func optionalValue<Value: LosslessStringConvertible>(
        _ name: String, as type: Value.Type = String.self
    ) throws(DeepLinkError) -> Value? {
        guard let raw = path[name] ?? query[name]?.first else { return nil }
        guard let value = Value(raw) else {
            throw DeepLinkError(
                .invalidParameter, link: url.absoluteString,
                "parameter '\(name)' is \"\(raw)\", expected \(Value.self)"
            )
        }
        return value
    }

    /// An error for a handler to throw when the link is well-formed but refused, with `reason`.
    public func reject(_ reason: String) -> DeepLinkError {
        DeepLinkError(.rejected, link: url.absoluteString, reason)
    }
}
