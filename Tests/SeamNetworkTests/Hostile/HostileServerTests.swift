import Foundation
import HTTPTypes
import SeamArchitecture
import SeamCache
import SeamLocking
import SeamNetwork
import SeamTestSupport
import Testing

/// Servers that misbehave on purpose: garbage headers, garbled replies, redirect loops, extreme
/// timeouts. None may crash the client or be mistaken for a client-side mistake.
@Suite("Hostile servers: the client survives and says what happened")
struct HostileServerTests {
    @Test("`Cache-Control: =` (and other garbage) on a cached GET: the response is returned, nothing traps")
    func garbageCacheControl() async throws {
        let values = ["=", "==", "=60", ",,,", "max-age", "max-age=", "max-age=-5", "max-age=1e9", "max-age=\"", "\""]
        try await withTestServer({ request in
            let index = Int(request.path.dropFirst()) ?? 0
            return .json(
                #"{"id":"1","name":"x"}"#, headers: [("Cache-Control", values[index % values.count]), ("Age", "nan")])
        }) { server in
            let cache = HTTPResponseCache(
                store: InMemoryCacheStore<String, CachedHTTPResponse>(), clock: ManualCacheClock())
            let client = NetworkClient.testing(server.baseURL, cache: cache)
            for index in values.indices {
                let spot = try await client.send(Endpoint<Spot>.get("\(index)"))
                #expect(spot.id == "1")
                _ = try await client.send(Endpoint<Spot>.get("\(index)"))  // the stored one, looked up again
            }
        }
    }

    @Test("timeout .seconds(Int64.max) means no deadline: the request completes and nothing traps")
    func hugeTimeout() async throws {
        try await withTestServer({ _ in .json(#"{"id":"1","name":"x"}"#) }) { server in
            let client = NetworkClient.testing(server.baseURL, timeout: .seconds(Int64.max))
            #expect(try await client.send(Endpoint<Spot>.get("a")).id == "1")
            var endpoint = Endpoint<Spot>.get("b")
            endpoint.timeout = Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)
            #expect(try await client.send(endpoint).id == "1")
            // The deadline thread now waits for the farthest deadline it was given: it must not trap.
            try await Task.sleep(for: .milliseconds(200))
            #expect(
                try await NetworkClient.testing(server.baseURL, timeout: .seconds(120)).send(Endpoint<Spot>.get("c")).id
                    == "1")
        }
    }

    @Test("a negative or zero timeout: deadlineExceeded at once, the request is never sent")
    func negativeTimeout() async throws {
        try await withTestServer({ _ in .json(#"{"id":"1","name":"x"}"#) }) { server in
            for timeout in [Duration.seconds(-1), .zero, .seconds(Int64.min), .milliseconds(-1)] {
                let client = NetworkClient.testing(server.baseURL, timeout: timeout)
                let error = try #require(await appError { try await client.send(Endpoint<Spot>.get("a")) })
                #expect(error.networkError?.code == .deadlineExceeded, "\(timeout): \(String(reflecting: error))")
                #expect(error.code == .timeout)
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test("a garbled status line or a reply that is not HTTP: badServerResponse, not invalidRequest")
    func garbledReplies() async throws {
        let replies = [
            "HTTX/1.1 2OO OK\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 abc\r\nContent-Length: 2\r\n\r\n{}",
            "SSH-2.0-OpenSSH_9.6\r\n",
            "\u{16}\u{3}\u{1}\u{0}\u{5}garbage-bytes-that-are-not-http\r\n\r\n",
        ]
        for reply in replies {
            let server = try await RawServer.start { connection in
                _ = try await connection.readRequestHead()
                try await connection.write(reply)
            }
            defer { server.stop() }
            let client = NetworkClient.testing(server.baseURL, retryPolicy: .none)
            let error = try #require(await appError { try await client.send(Endpoint<Spot>.get("a")) })
            #expect(error.code == .badServerResponse, "\(reply.debugDescription): \(String(reflecting: error))")
            #expect(error.code != .invalidRequest)
            #expect(error.networkError?.code == .transport)
        }
    }

    @Test("a redirect loop: badServerResponse, not retryable (the next attempt loops the same way)")
    func redirectLoop() async throws {
        try await withTestServer({ request in
            ServerResponse(status: 302, headers: [("Location", request.path == "/a" ? "/b" : "/a")])
        }) { server in
            let client = NetworkClient.testing(server.baseURL)
            let error = try #require(await appError { try await client.send(Endpoint<Spot>.get("a")) })
            #expect(error.code == .badServerResponse && !error.isRetryable, "\(String(reflecting: error))")
            #expect(error.networkError?.code == .transport)
            #expect((error.networkError?.underlying as? URLError)?.code == .httpTooManyRedirects)
            #expect(server.requests.count < 100)  // the loop was cut, and not retried
        }
    }
}
