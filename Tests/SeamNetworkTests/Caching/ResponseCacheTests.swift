import Foundation
import HTTPTypes
import SeamCache
import SeamLocking
import SeamNetwork
import Testing

@Suite("HTTPResponseCache on SeamCache, against a loopback server")
struct ResponseCacheTests {
    /// `version` is the resource's current version; responses carry the headers of `path`.
    private static func handler(version: VersionBox) -> TestServer.Handler {
        { request in
            let current = version.value.withLock { $0 }
            let tag = "\"v\(current)\""
            let body = #"{"id":"v\#(current)","name":"\#(request.path)"}"#
            let validated = request.header("if-none-match") == tag
            switch request.path {
            case "/etag":
                return validated
                    ? ServerResponse(status: 304, headers: [("ETag", tag)]) : .json(body, headers: [("ETag", tag)])
            case "/max-age": return .json(body, headers: [("Cache-Control", "max-age=60")])
            case "/max-age-etag":
                let headers = [("Cache-Control", "public, max-age=60"), ("ETag", tag)]
                return validated ? ServerResponse(status: 304, headers: headers) : .json(body, headers: headers)
            case "/no-store": return .json(body, headers: [("Cache-Control", "no-store"), ("ETag", tag)])
            case "/no-cache":
                let headers = [("Cache-Control", "no-cache, max-age=600"), ("ETag", tag)]
                return validated ? ServerResponse(status: 304, headers: headers) : .json(body, headers: headers)
            case "/vary": return .json(body, headers: [("Cache-Control", "max-age=60"), ("Vary", "Authorization")])
            default: return .json(body)
            }
        }
    }

    private func withCache(_ body: (TestServer, NetworkClient, ManualCacheClock, VersionBox) async throws -> Void)
        async throws
    {
        let version = VersionBox()
        try await withTestServer(Self.handler(version: version)) { server in
            let clock = ManualCacheClock()
            let cache = HTTPResponseCache(store: InMemoryCacheStore<String, CachedHTTPResponse>(), clock: clock)
            try await body(server, NetworkClient.testing(server.baseURL, cache: cache), clock, version)
        }
    }

    @Test("ETag: the next request sends If-None-Match, and a 304 returns the stored body")
    func etag() async throws {
        try await withCache { server, client, _, _ in
            let first = try await client.response(for: Endpoint<Spot>.get("etag"))
            let second = try await client.response(for: Endpoint<Spot>.get("etag"))
            #expect(first.source == .network && second.source == .revalidated)
            #expect(first.value == second.value && second.value.id == "v1")
            #expect(second.response.status == .ok)
            #expect(server.requests.map { $0.header("if-none-match") } == [nil, "\"v1\""])
        }
    }

    @Test("a changed resource answers 200 to If-None-Match and replaces the stored one")
    func changed() async throws {
        try await withCache { server, client, _, version in
            #expect(try await client.send(Endpoint<Spot>.get("etag")).id == "v1")
            version.value.withLock { $0 = 2 }
            let changed = try await client.response(for: Endpoint<Spot>.get("etag"))
            #expect(changed.value.id == "v2" && changed.source == .network)
            _ = try await client.send(Endpoint<Spot>.get("etag"))
            #expect(server.requests.map { $0.header("if-none-match") } == [nil, "\"v1\"", "\"v2\""])
        }
    }

    @Test("Cache-Control max-age: served from the cache while fresh, requested again once stale")
    func maxAge() async throws {
        try await withCache { server, client, clock, _ in
            _ = try await client.send(Endpoint<Spot>.get("max-age"))
            clock.advance(by: .seconds(59))
            let cached = try await client.response(for: Endpoint<Spot>.get("max-age"))
            #expect(cached.source == .cache && cached.attempts == 0 && cached.value.name == "/max-age")
            #expect(server.requests.count == 1)
            clock.advance(by: .seconds(2))
            #expect(try await client.response(for: Endpoint<Spot>.get("max-age")).source == .network)
            #expect(server.requests.count == 2)
        }
    }

    @Test("max-age and ETag: stale → revalidated by a 304, which makes it fresh again")
    func maxAgeAndETag() async throws {
        try await withCache { server, client, clock, _ in
            _ = try await client.send(Endpoint<Spot>.get("max-age-etag"))
            clock.advance(by: .seconds(61))
            #expect(try await client.response(for: Endpoint<Spot>.get("max-age-etag")).source == .revalidated)
            clock.advance(by: .seconds(30))
            #expect(try await client.response(for: Endpoint<Spot>.get("max-age-etag")).source == .cache)
            #expect(server.requests.map { $0.header("if-none-match") } == [nil, "\"v1\""])
        }
    }

    @Test("no-store is never stored; no-cache is stored but always revalidated")
    func noStoreNoCache() async throws {
        try await withCache { server, client, _, _ in
            _ = try await client.send(Endpoint<Spot>.get("no-store"))
            #expect(try await client.response(for: Endpoint<Spot>.get("no-store")).source == .network)
            _ = try await client.send(Endpoint<Spot>.get("no-cache"))
            #expect(try await client.response(for: Endpoint<Spot>.get("no-cache")).source == .revalidated)
            #expect(
                server.requests.map { "\($0.path) \($0.header("if-none-match") ?? "-")" }
                    == ["/no-store -", "/no-store -", "/no-cache -", "/no-cache \"v1\""])
        }
    }

    @Test("not stored: responses varying on a request header, POSTs, and requests that bypass the cache")
    func notStored() async throws {
        try await withCache { server, client, _, _ in
            _ = try await client.send(Endpoint<Spot>.get("vary"))
            #expect(try await client.response(for: Endpoint<Spot>.get("vary")).source == .network)
            _ = try await client.send(Endpoint<Spot>.post("max-age", body: ["a": 1]))
            #expect(try await client.response(for: Endpoint<Spot>.get("max-age")).source == .network)
            var bypass = Endpoint<Spot>.get("max-age")
            bypass.cachePolicy = .bypass
            #expect(try await client.response(for: bypass).source == .network)
            var revalidate = Endpoint<Spot>.get("max-age-etag")
            _ = try await client.send(revalidate)
            revalidate.cachePolicy = .revalidate
            #expect(try await client.response(for: revalidate).source == .revalidated)  // fresh, but asked anyway
            #expect(server.requests.count == 7)
        }
    }

    @Test("on a disk-backed SeamCache, a stored response survives a restart")
    func diskTier() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "seam-network-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withTestServer(Self.handler(version: VersionBox())) { server in
            let clock = ManualCacheClock()
            func client() throws -> NetworkClient {
                let store = try Cache<String, CachedHTTPResponse>(
                    disk: DiskCacheOptions(directory: directory), clock: clock)
                return NetworkClient.testing(server.baseURL, cache: HTTPResponseCache(store: store, clock: clock))
            }
            _ = try await client().send(Endpoint<Spot>.get("max-age"))
            let relaunched = try await client().response(for: Endpoint<Spot>.get("max-age"))
            #expect(relaunched.source == .cache && relaunched.value.name == "/max-age")
            #expect(server.requests.count == 1)
        }
    }
}

/// The server's resource version, shared with the handler.
final class VersionBox: Sendable {
    let value = Locked(1)
}
