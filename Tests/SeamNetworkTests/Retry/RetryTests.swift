import Foundation
import HTTPTypes
import SeamArchitecture
import SeamLocking
import SeamNetwork
import Testing

@Suite("Retries against a loopback server")
struct RetryTests {
    /// Answers the n-th request (from 1) with `answer(n)`.
    private func counting(_ answer: @escaping @Sendable (Int) -> ServerResponse) -> TestServer.Handler {
        let count = Locked(0)
        return { _ in
            answer(
                count.withLock {
                    $0 += 1; return $0
                })
        }
    }

    @Test("5xx then success: an idempotent GET is retried and succeeds")
    func serverErrorThenSuccess() async throws {
        try await withTestServer(counting { $0 < 3 ? .text("busy", status: 503) : .json(#"{"id":"a","name":"A"}"#) }) {
            server in
            let response = try await NetworkClient.testing(server.baseURL).response(for: Endpoint<Spot>.get("spots/a"))
            #expect(response.value.id == "a" && response.attempts == 3)
            #expect(server.requests.count == 3)
        }
    }

    @Test("attempts run out: the last failure is returned, after exactly maxAttempts requests")
    func exhausted() async throws {
        try await withTestServer(counting { _ in .text("down", status: 502) }) { server in
            let error = try #require(
                await appError { try await NetworkClient.testing(server.baseURL).send(Endpoint<Spot>.get("a")) })
            #expect(error.code == .badServerResponse && error.networkError?.status?.code == 502)
            #expect(server.requests.count == 3)
        }
    }

    @Test("a POST is never retried; a POST marked idempotent is")
    func idempotentOnly() async throws {
        try await withTestServer(counting { $0 == 1 ? .text("busy", status: 503) : .json(#"{"id":"p","name":"P"}"#) }) {
            server in
            let client = NetworkClient.testing(server.baseURL)
            let error = try #require(
                await appError { try await client.send(Endpoint<Spot>.post("orders", body: ["x": 1])) })
            #expect(error.code == .badServerResponse)
            #expect(server.requests.count == 1)
        }
        try await withTestServer(counting { $0 == 1 ? .text("busy", status: 503) : .json(#"{"id":"p","name":"P"}"#) }) {
            server in
            var endpoint = Endpoint<Spot>.post(
                "orders", body: ["x": 1], headers: [HTTPField.Name("Idempotency-Key")!: "k-1"])
            endpoint.isIdempotent = true
            let spot = try await NetworkClient.testing(server.baseURL).send(endpoint)
            #expect(spot.id == "p")
            #expect(server.requests.map { $0.header("idempotency-key") } == ["k-1", "k-1"])
        }
    }

    @Test("429 with Retry-After in seconds: waits that long, then succeeds")
    func retryAfterSeconds() async throws {
        try await withTestServer(
            counting {
                $0 == 1
                    ? .text("slow down", status: 429, headers: [("Retry-After", "1")])
                    : .json(#"{"id":"r","name":"R"}"#)
            }
        ) { server in
            let start = ContinuousClock.now
            let spot = try await NetworkClient.testing(server.baseURL).send(Endpoint<Spot>.get("r"))
            let elapsed = ContinuousClock.now - start
            #expect(spot.id == "r")
            #expect(elapsed >= .milliseconds(950), "retried after \(elapsed), before Retry-After's 1 s")
            #expect(server.requests.count == 2)
        }
    }

    @Test("503 with Retry-After as an HTTP date: honoured (a date already past retries at once)")
    func retryAfterDate() async throws {
        let past = "Sun, 06 Nov 1994 08:49:37 GMT"
        try await withTestServer(
            counting {
                $0 == 1
                    ? .text("later", status: 503, headers: [("Retry-After", past)]) : .json(#"{"id":"d","name":"D"}"#)
            }
        ) { server in
            // Backoff alone would wait 120 s.
            let policy = RetryPolicy(maxAttempts: 2, initialDelay: .seconds(120), jitter: 0)
            let start = ContinuousClock.now
            let spot = try await NetworkClient.testing(server.baseURL, retryPolicy: policy).send(
                Endpoint<Spot>.get("d"))
            #expect(spot.id == "d")
            #expect(ContinuousClock.now - start < .seconds(60))
        }
    }

    @Test("a Retry-After beyond maxRetryAfter or the deadline fails at once with rateLimited, without waiting")
    func retryAfterTooLong() async throws {
        try await withTestServer(
            counting { _ in .text("come back tomorrow", status: 429, headers: [("Retry-After", "86400")]) }
        ) { server in
            let start = ContinuousClock.now
            let error = try #require(
                await appError { try await NetworkClient.testing(server.baseURL).send(Endpoint<Spot>.get("a")) })
            #expect(error.code == .rateLimited && error.message == "Too many requests right now.")
            #expect(ContinuousClock.now - start < .seconds(30))  // far below the 60 s maxRetryAfter
            #expect(server.requests.count == 1)
        }
        try await withTestServer(counting { _ in .text("wait", status: 503, headers: [("Retry-After", "50")]) }) {
            server in
            let client = NetworkClient.testing(server.baseURL, timeout: .seconds(30))  // 50 s would pass the deadline
            let error = try #require(await appError { try await client.send(Endpoint<Spot>.get("a")) })
            #expect(error.code == .badServerResponse)
            #expect(server.requests.count == 1)
        }
    }

    @Test("a dropped connection is retried for a GET: the second connection answers")
    func droppedThenSuccess() async throws {
        let connections = Locked(0)
        let server = try await RawServer.start { connection in
            _ = try await connection.readRequestHead()
            guard
                connections.withLock({
                    $0 += 1; return $0
                }) > 1
            else { return }  // the first is closed unanswered
            let body = #"{"id":"ok","name":"OK"}"#
            try await connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            )
        }
        defer { server.stop() }
        let response = try await NetworkClient.testing(server.baseURL).response(for: Endpoint<Spot>.get("x"))
        #expect(response.value.id == "ok" && response.attempts == 2)
        #expect(connections.withLock { $0 } == 2)
    }

    @Test("4xx other than 408 and 429 are not retried")
    func clientErrorsNotRetried() async throws {
        try await withTestServer(counting { _ in .json("{}", status: 404) }) { server in
            _ = await appError { try await NetworkClient.testing(server.baseURL).send(Endpoint<Spot>.get("a")) }
            #expect(server.requests.count == 1)
        }
    }
}
