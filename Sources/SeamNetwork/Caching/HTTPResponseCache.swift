import Foundation
import HTTPTypes
import SeamCache

/// The client's private HTTP cache, on a `CacheStore`: stores `GET` responses the server
/// allows to be stored, serves them while fresh, and revalidates them when stale.
///
/// - Stored: `200` responses to `GET` with `Cache-Control: max-age` or a validator (`ETag`,
///   `Last-Modified`), unless `Cache-Control: no-store` or a `Vary` on anything but `Accept-Encoding`.
/// - Fresh (`max-age` not outlived, no `no-cache`): returned without a request.
/// - Stale with a validator: the request carries `If-None-Match` / `If-Modified-Since`; a `304` returns
///   the stored body (and refreshes the stored headers and age), a `200` replaces it.
///
/// ```swift
/// enum APIResponseCacheKey: CacheDependencyKey {
///     typealias CacheKey = String
///     typealias CachedValue = CachedHTTPResponse
/// }
/// NetworkConfiguration(baseURL: api, cache: HTTPResponseCache(store: try r.resolve(APIResponseCacheKey.self)))
/// ```
///
/// Keys are the method and the full URL: the cache is private to one client (one user); clear it at sign-out.
public struct HTTPResponseCache: Sendable {
    /// Where responses are stored.
    public let store: any CacheStore<String, CachedHTTPResponse>
    private let clock: any CacheClock
    private let retention: Duration

    /// A cache on `store`.
    ///
    /// - Parameters:
    ///   - store: Where responses are stored (a `Cache`, or `InMemoryCacheStore` in tests).
    ///   - clock: The source of "now" for freshness; inject `ManualCacheClock` in tests.
    ///   - retention: How long a response with a validator is kept for revalidation after it goes stale.
    public init(
        store: any CacheStore<String, CachedHTTPResponse>, clock: any CacheClock = SystemCacheClock(),
        retention: Duration = .seconds(7 * 24 * 3600)
    ) {
        self.store = store
        self.clock = clock
        self.retention = retention
    }

    /// The cache key of `request`: `GET https://host/path?query`.
    static func key(for request: HTTPRequest) -> String {
        "\(request.method) \(request.scheme ?? "")://\(request.authority ?? "")\(request.path ?? "")"
    }

    /// The stored response for `request`, if any (fresh or not).
    func lookup(_ request: HTTPRequest) async -> CachedHTTPResponse? {
        await store.value(for: Self.key(for: request))
    }

    /// Whether `cached` can be returned now without asking the server.
    func isFresh(_ cached: CachedHTTPResponse) -> Bool {
        cached.isFresh(at: clock.now)
    }

    /// `request` with the validators of `cached` added.
    static func conditional(_ request: HTTPRequest, revalidating cached: CachedHTTPResponse) -> HTTPRequest {
        var request = request
        if let entityTag = cached.entityTag { request.headerFields[.ifNoneMatch] = entityTag }
        if let lastModified = cached.lastModified { request.headerFields[.ifModifiedSince] = lastModified }
        return request
    }

    /// Stores `response` for `request` when HTTP allows it; removes a stored one that `no-store` forbids.
    func store(_ response: HTTPResponse, body: Data, for request: HTTPRequest) async {
        let key = Self.key(for: request)
        let control = CacheControl(response.headerFields)
        guard response.status == .ok, !control.noStore, Self.isStorable(vary: response.headerFields) else {
            if control.noStore { await store.removeValue(for: key) }
            return
        }
        let cached = CachedHTTPResponse(response: response, body: body, storedAt: clock.now)
        guard let ttl = timeToLive(cached, control) else { return }
        await store.insert(cached, for: key, ttl: ttl)
    }

    /// The stored response updated with the headers of the `304` that revalidated it, stored again.
    func revalidated(_ cached: CachedHTTPResponse, by notModified: HTTPResponse, for request: HTTPRequest) async
        -> CachedHTTPResponse
    {
        var updated = cached
        for name in [HTTPField.Name.cacheControl, .eTag, .lastModified, .expires, .date, .age] {
            let values = notModified.headerFields[values: name]
            if !values.isEmpty { updated.response.headerFields[values: name] = values }
        }
        if notModified.headerFields[.age] == nil { updated.response.headerFields[.age] = nil }
        updated.storedAt = clock.now
        let control = CacheControl(updated.response.headerFields)
        if let ttl = timeToLive(updated, control) {
            await store.insert(updated, for: Self.key(for: request), ttl: ttl)
        }
        return updated
    }

    /// How long the store keeps `cached`: while fresh, or for ``retention`` when it can be revalidated.
    private func timeToLive(_ cached: CachedHTTPResponse, _ control: CacheControl) -> Duration? {
        if cached.hasValidator { return retention }
        if let maxAge = control.maxAge, maxAge > 0, !control.noCache { return .seconds(maxAge) }
        return nil
    }

    private static func isStorable(vary fields: HTTPFields) -> Bool {
        fields[values: .vary].allSatisfy { line in
            line.split(separator: ",").allSatisfy {
                $0.trimmingCharacters(in: .whitespaces).lowercased() == "accept-encoding"
            }
        }
    }
}
