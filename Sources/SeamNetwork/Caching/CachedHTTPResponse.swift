import Foundation
import HTTPTypes

/// A response stored by ``HTTPResponseCache``: the response head, its body, and when it was stored.
/// `Codable`, so a `Cache` with a disk tier can keep it across launches.
public struct CachedHTTPResponse: Codable, Sendable, Hashable {
    /// The stored response (status and header fields).
    public var response: HTTPResponse
    /// The stored body.
    public var body: Data
    /// When the response was received (or last revalidated).
    public var storedAt: Date

    /// A stored response.
    public init(response: HTTPResponse, body: Data, storedAt: Date) {
        self.response = response
        self.body = body
        self.storedAt = storedAt
    }

    /// The response's `ETag`.
    public var entityTag: String? { response.headerFields[.eTag] }
    /// The response's `Last-Modified`.
    public var lastModified: String? { response.headerFields[.lastModified] }
    /// Whether the response can be revalidated (it has an `ETag` or a `Last-Modified`).
    public var hasValidator: Bool { entityTag != nil || lastModified != nil }

    /// Whether the response may be used without asking the server at `now`: it has a
    /// `Cache-Control: max-age` it has not outlived (counting its `Age` header), and no `no-cache`.
    public func isFresh(at now: Date) -> Bool {
        let control = CacheControl(response.headerFields)
        guard !control.noCache, let maxAge = control.maxAge else { return false }
        // A malformed `Age` is ignored (RFC 9111 §5.1); a valid one is delta-seconds, clamped.
        let initialAge =
            response.headerFields[.age].flatMap { HeaderValues.deltaSeconds($0.trimmingCharacters(in: .whitespaces)) }
            ?? 0
        return Double(initialAge) + now.timeIntervalSince(storedAt) < Double(maxAge)
    }
}
