import Foundation
import HTTPTypes
import Logging
import SeamArchitecture
import SeamNetwork
import Testing

private struct FixedToken: AccessTokenProvider {
    func currentToken() -> String? { "tok-AUTH-1234" }
    func refreshToken(rejected: String) async throws -> String { "tok-AUTH-5678" }
}

@Suite("Request logging through swift-log")
struct RequestLoggingTests {
    @Test("every attempt is logged with method, URL, status, size and time; secrets never appear")
    func redacted() async throws {
        let capture = LogCapture()
        try await withTestServer({ request in
            .json(
                #"{"id":"a","name":"A"}"#,
                headers: [("Set-Cookie", "session=cookie-SECRET-9; HttpOnly"), ("X-Trace", "trace-1")])
        }) { server in
            let configuration = NetworkConfiguration(
                baseURL: server.baseURL,
                headers: [.cookie: "session=cookie-SECRET-1", HTTPField.Name("X-API-Key")!: "key-SECRET-2"],
                middleware: [AuthenticationMiddleware(tokens: FixedToken())],
                logger: capture.logger()
            )
            let client = NetworkClient(configuration: configuration)
            _ = try await client.send(
                Endpoint<Spot>.get("spots/a", query: ["access_token": "query-SECRET-3", "region": "clare"]))
            let seen = try #require(server.requests.first)
            #expect(seen.header("authorization") == "Bearer tok-AUTH-1234")  // sent for real...
            let log = capture.text
            for secret in ["tok-AUTH-1234", "cookie-SECRET-1", "key-SECRET-2", "query-SECRET-3", "cookie-SECRET-9"] {
                #expect(!log.contains(secret), "\(secret) was logged")  // ...but never logged
            }
            let url = "\(server.baseURL.absoluteString)/spots/a?access_token=<redacted>&region=clare"
            #expect(log.contains("[debug] GET \(url) → 200, 21 bytes,"), "\(log)")
            #expect(
                log.contains("Authorization: <redacted>") && log.contains("Cookie: <redacted>")
                    && log.contains("X-API-Key: <redacted>"))
            #expect(log.contains("Set-Cookie: <redacted>") && log.contains("X-Trace: trace-1"))
        }
    }

    @Test("retries and final failures are logged at debug, redacted; nothing at info or above")
    func retriesAndFailures() async throws {
        let capture = LogCapture()
        try await withTestServer({ _ in .text("busy", status: 503) }) { server in
            let client = NetworkClient.testing(server.baseURL, logger: capture.logger())
            _ = await appError { try await client.send(Endpoint<Spot>.get("a", query: ["token": "query-SECRET-4"])) }
            let entries = capture.entries
            #expect(entries.filter { $0.contains("→ 503") }.count == 3)
            #expect(entries.contains { $0.contains("attempt 1 failed (HTTP 503), retrying in") })
            #expect(
                entries.last?.contains("GET \(server.baseURL.absoluteString)/a?token=<redacted>: HTTP 503 busy") == true
            )
            #expect(!capture.text.contains("query-SECRET-4"))
            #expect(entries.allSatisfy { $0.hasPrefix("[debug]") || $0.hasPrefix("[trace]") })
        }
    }

    @Test("at the default info level nothing is logged for a successful request")
    func quietByDefault() async throws {
        let capture = LogCapture()
        try await withTestServer({ _ in .json(#"{"id":"a","name":"A"}"#) }) { server in
            _ = try await NetworkClient.testing(server.baseURL, logger: capture.logger(level: .info)).send(
                Endpoint<Spot>.get("a"))
            #expect(capture.entries.isEmpty)
        }
    }
}
