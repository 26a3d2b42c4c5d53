import Foundation
import HTTPTypes
import SeamArchitecture
import SeamNetwork
import Testing

@Suite("Errors mapped into AppError, against a loopback server")
struct ErrorMappingTests {
    @Test("a status outside 2xx: the status's code and message, the body kept for the caller and in the diagnostic")
    func status() async throws {
        try await withTestServer({ request in
            switch request.path {
            case "/missing": .json(#"{"error":"no such spot"}"#, status: 404)
            case "/private": .json(#"{"error":"sign in"}"#, status: 401)
            default: .text("maintenance until 10:00", status: 500)
            }
        }) { server in
            let client = NetworkClient.testing(server.baseURL, retryPolicy: .none)
            let missing = try #require(await appError { try await client.send(Endpoint<Spot>.get("missing")) })
            #expect(
                missing.code == .notFound && missing.message == "This item no longer exists." && !missing.isRetryable)
            #expect(missing.networkError?.status == .notFound)
            #expect(missing.networkError?.body == Data(#"{"error":"no such spot"}"#.utf8))
            #expect(
                missing.diagnostic
                    == #"GET \#(server.baseURL.absoluteString)/missing: HTTP 404 {"error":"no such spot"}"#)

            let unauthorized = try #require(await appError { try await client.send(Endpoint<Spot>.get("private")) })
            #expect(unauthorized.code == .unauthorized && unauthorized.recoverySuggestion == "Sign in and try again.")

            let failed = try #require(await appError { try await client.send(Endpoint<Spot>.get("boom")) })
            #expect(
                failed.code == .badServerResponse && failed.message == "The server had a problem." && failed.isRetryable
            )
            #expect(failed.diagnostic?.hasSuffix("HTTP 500 maintenance until 10:00") == true)
        }
    }

    @Test("a malformed body: decoding, with the key path in the diagnostic and the body kept")
    func malformed() async throws {
        let body = #"{"spot":"lahinch","hours":[{"time":"06:00","swell":{"height":1.5}},{"time":"07:00","swell":{}}]}"#
        try await withTestServer({ request in
            request.path == "/garbage" ? .json("<html>oops</html>") : .json(body)
        }) { server in
            let client = NetworkClient.testing(server.baseURL)
            let error = try #require(await appError { try await client.send(Endpoint<Forecast>.get("forecast")) })
            #expect(error.code == .decoding && error.message == "The data received couldn't be read.")
            #expect(error.diagnostic?.contains("keyNotFound at hours[1].swell.height") == true)
            #expect(error.networkError?.body == Data(body.utf8))
            let garbage = try #require(await appError { try await client.send(Endpoint<Forecast>.get("garbage")) })
            #expect(garbage.code == .decoding && garbage.diagnostic?.contains("dataCorrupted at <root>") == true)
            #expect(server.requests.count == 2)  // decoding failures are not retried
        }
    }

    @Test("a body cut short by the server: badServerResponse (the server failed, the device is not offline)")
    func truncated() async throws {
        try await withTestServer({ _ in
            ServerResponse(
                headers: [("Content-Type", "application/json")], streaming: .truncated(declared: 1_000, sent: 100))
        }) { server in
            let client = NetworkClient.testing(server.baseURL, retryPolicy: .none)
            let error = try #require(await appError { try await client.send(Endpoint<Data>.data(.get, "cut")) })
            #expect(error.code == .badServerResponse && error.isRetryable, "\(String(reflecting: error))")
            #expect(error.networkError?.code == .transport)
        }
    }

    @Test("a connection dropped before any answer: badServerResponse")
    func dropped() async throws {
        let server = try await RawServer.start { connection in
            _ = try await connection.readRequestHead()
            connection.close()
        }
        defer { server.stop() }
        let client = NetworkClient.testing(server.baseURL, retryPolicy: .none)
        let error = try #require(await appError { try await client.send(Endpoint<Data>.data(.get, "x")) })
        #expect(error.code == .badServerResponse)
        #expect(error.networkError?.code == .transport)
    }

    @Test("a refused connection (nothing listening): serverUnreachable")
    func refused() async throws {
        let server = try await TestServer.start { _ in ServerResponse() }
        let url = server.baseURL
        await server.stop()
        let client = NetworkClient.testing(url, retryPolicy: .none)
        let error = try #require(await appError { try await client.send(Endpoint<Data>.data(.get, "x")) })
        #expect(error.code == .serverUnreachable && error.message == "The server can't be reached right now.")
        #expect(error.diagnostic?.contains("URLError -1004 (connection refused)") == true)
    }

    @Test("a TLS handshake that fails (https to a plain-HTTP server): insecureConnection")
    func tls() async throws {
        try await withTestServer({ _ in ServerResponse() }) { server in
            var https = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
            https.scheme = "https"
            let client = NetworkClient.testing(https.url!, retryPolicy: .none)
            let error = try #require(await appError { try await client.send(Endpoint<Data>.data(.get, "x")) })
            #expect(error.code == .insecureConnection, "\(String(reflecting: error))")
            #expect(error.message == "A secure connection to the server couldn't be made.")
        }
    }

    @Test("offline (the transport reports no connection): offline, retryable")
    func offline() async throws {
        let transport = RecordingTransport().stub(.get, "spots", error: URLError(.notConnectedToInternet))
        let client = NetworkClient.testing(
            URL(string: "https://api.example")!, retryPolicy: .none, transport: transport)
        let error = try #require(await appError { try await client.send(Endpoint<[Spot]>.get("spots")) })
        #expect(error.code == .offline && error.message == "You're offline." && error.isRetryable)
        #expect(error.recoverySuggestion == "Check your internet connection and try again.")
    }

    @Test("diagnostics never carry secrets from the URL")
    func redactedDiagnostic() async throws {
        let transport = RecordingTransport().stub(.get, "spots", error: URLError(.timedOut))
        let client = NetworkClient.testing(
            URL(string: "https://api.example")!, retryPolicy: .none, transport: transport)
        let error = try #require(
            await appError { try await client.send(Endpoint<[Spot]>.get("spots", query: ["access_token": "s3cr3t"])) })
        #expect(error.code == .timeout)
        #expect(error.diagnostic == "GET https://api.example/spots?access_token=<redacted>: URLError -1001 (timed out)")
        #expect(!String(reflecting: error).contains("s3cr3t"))
    }

    @Test("a URL error without a name is its number alone, never `URLError -1 (code -1)`")
    func unnamedURLError() async throws {
        for (code, expected) in [
            (URLError.Code.unknown, "URLError -1 (unknown error)"),
            (URLError.Code.resourceUnavailable, "URLError -1008"),
        ] {
            let transport = RecordingTransport().stub(.get, "spots", error: URLError(code))
            let client = NetworkClient.testing(
                URL(string: "https://api.example")!, retryPolicy: .none, transport: transport)
            let error = try #require(await appError { try await client.send(Endpoint<[Spot]>.get("spots")) })
            #expect(
                error.diagnostic == "GET https://api.example/spots: \(expected)",
                "\(String(describing: error.diagnostic))")
            #expect(error.diagnostic?.contains("(code ") == false)
        }
    }
}
