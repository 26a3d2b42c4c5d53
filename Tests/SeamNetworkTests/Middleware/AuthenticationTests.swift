import Foundation
import HTTPTypes
import SeamArchitecture
import SeamLocking
import SeamNetwork
import Testing

/// The app's session: the current access token, renewed by `POST /oauth/token` on the same server
/// through a client without the authentication middleware.
private actor Session: AccessTokenProvider {
    private var token: String?
    private let auth: NetworkClient?
    private let failure: (any Error)?
    private(set) var refreshes = 0

    init(token: String?, auth: NetworkClient? = nil, failure: (any Error)? = nil) {
        self.token = token
        self.auth = auth
        self.failure = failure
    }

    func currentToken() -> String? { token }

    func refreshToken(rejected: String) async throws -> String {
        refreshes += 1
        if let failure {
            try await Task.sleep(for: .milliseconds(100))
            throw failure
        }
        struct Tokens: Codable { var accessToken: String }
        let tokens = try await auth!.send(Endpoint<Tokens>.post("oauth/token", body: ["rejected": rejected]))
        token = tokens.accessToken
        return tokens.accessToken
    }
}

@Suite("AuthenticationMiddleware against a loopback server")
struct AuthenticationTests {
    /// `/me` answers only `Bearer fresh`; `/oauth/token` hands out `fresh`, slowly, so that 401s pile up.
    private static let handler: TestServer.Handler = { request in
        switch request.path {
        case "/oauth/token":
            try await Task.sleep(for: .milliseconds(150))
            return .json(#"{"accessToken":"fresh"}"#)
        default:
            guard request.header("authorization") == "Bearer fresh" else {
                return .json(#"{"error":"expired"}"#, status: 401)
            }
            return .json(#"{"id":"me","name":"\#(request.query["n"] ?? "")"}"#)
        }
    }

    private func send50(_ client: NetworkClient) async -> [Result<Spot, AppError>] {
        await withTaskGroup(of: Result<Spot, AppError>.self) { group in
            for index in 0..<50 {
                group.addTask {
                    do {
                        return .success(try await client.send(Endpoint<Spot>.get("me", query: ["n": "\(index)"])))
                    } catch { return .failure(error as! AppError) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("50 concurrent requests rejected with 401: exactly one refresh, then each is replayed once and succeeds")
    func singleFlightRefresh() async throws {
        try await withTestServer(Self.handler) { server in
            let session = Session(token: "stale", auth: NetworkClient.testing(server.baseURL))
            let client = NetworkClient.testing(server.baseURL, middleware: [AuthenticationMiddleware(tokens: session)])
            let results = await send50(client)
            let names = Set(results.compactMap { try? $0.get().name })
            #expect(names == Set((0..<50).map(String.init)))
            #expect(await session.refreshes == 1)
            let requests = server.requests
            #expect(requests.filter { $0.path == "/oauth/token" }.count == 1)
            #expect(requests.filter { $0.path == "/me" && $0.header("authorization") == "Bearer stale" }.count == 50)
            #expect(requests.filter { $0.path == "/me" && $0.header("authorization") == "Bearer fresh" }.count == 50)

            // Later requests use the new token directly.
            _ = try await client.send(Endpoint<Spot>.get("me"))
            #expect(await session.refreshes == 1)
            #expect(server.requests.last?.header("authorization") == "Bearer fresh")
        }
    }

    @Test("a failing refresh fails every waiting request once, with unauthorized, and nothing is retried")
    func failingRefresh() async throws {
        try await withTestServer(Self.handler) { server in
            let session = Session(
                token: "stale", failure: AppError(.unauthorized, message: "Session over.", isRetryable: false))
            let client = NetworkClient.testing(server.baseURL, middleware: [AuthenticationMiddleware(tokens: session)])
            let results = await send50(client)
            let errors = results.compactMap { result -> AppError? in
                if case .failure(let error) = result { error } else { nil }
            }
            #expect(errors.count == 50)
            #expect(errors.allSatisfy { $0.code == .unauthorized && $0.message == "You need to sign in." })
            #expect(errors.allSatisfy { $0.networkError?.code == .authentication })
            #expect(await session.refreshes == 1)
            #expect(server.requests.count == 50)  // no replay, no retry

            // The next request, sent after that failure, may try again.
            _ = await appError { try await client.send(Endpoint<Spot>.get("me")) }
            #expect(await session.refreshes == 2)
        }
    }

    @Test("a refresh that fails because the device is offline says offline, not signed out")
    func offlineRefresh() async throws {
        try await withTestServer(Self.handler) { server in
            let session = Session(token: "stale", failure: URLError(.notConnectedToInternet))
            let client = NetworkClient.testing(server.baseURL, middleware: [AuthenticationMiddleware(tokens: session)])
            let error = try #require(await appError { try await client.send(Endpoint<Spot>.get("me")) })
            #expect(error.code == .offline)
            #expect(error.diagnostic?.contains("token refresh failed") == true)
        }
    }

    @Test("a replayed request rejected again returns its 401: one refresh, no loop")
    func rejectedAgain() async throws {
        try await withTestServer({ request in
            request.path == "/oauth/token" ? .json(#"{"accessToken":"also-bad"}"#) : .json("{}", status: 401)
        }) { server in
            let session = Session(token: "stale", auth: NetworkClient.testing(server.baseURL))
            let client = NetworkClient.testing(server.baseURL, middleware: [AuthenticationMiddleware(tokens: session)])
            let error = try #require(await appError { try await client.send(Endpoint<Spot>.get("me")) })
            #expect(error.code == .unauthorized && error.networkError?.status == .unauthorized)
            #expect(await session.refreshes == 1)
            #expect(server.requests.map(\.path) == ["/me", "/oauth/token", "/me"])
        }
    }

    @Test("signed out (no token): requests go without Authorization and a 401 triggers no refresh")
    func signedOut() async throws {
        try await withTestServer(Self.handler) { server in
            let session = Session(token: nil)
            let client = NetworkClient.testing(server.baseURL, middleware: [AuthenticationMiddleware(tokens: session)])
            let error = try #require(await appError { try await client.send(Endpoint<Spot>.get("me")) })
            #expect(error.code == .unauthorized)
            #expect(server.requests.first?.header("authorization") == nil)
            #expect(await session.refreshes == 0)
        }
    }

    @Test("a custom header scheme")
    func customScheme() async throws {
        try await withTestServer({ request in .json(#"{"id":"\#(request.header("x-api-token") ?? "")","name":""}"#) }) {
            server in
            let middleware = AuthenticationMiddleware(tokens: Session(token: "t-1")) { request, token in
                request.headerFields[HTTPField.Name("X-API-Token")!] = token
            }
            let spot = try await NetworkClient.testing(server.baseURL, middleware: [middleware]).send(
                Endpoint<Spot>.get("me"))
            #expect(spot.id == "t-1")
        }
    }

    @Test("a caller cancelled while the refresh runs stops waiting at once; the others still get the new token")
    func cancelledWaiter() async throws {
        try await withTestServer(Self.handler) { server in
            let session = Session(token: "stale", auth: NetworkClient.testing(server.baseURL))
            let client = NetworkClient.testing(server.baseURL, middleware: [AuthenticationMiddleware(tokens: session)])
            let cancelled = Task { try await client.send(Endpoint<Spot>.get("me", query: ["n": "cancelled"])) }
            let kept = Task { try await client.send(Endpoint<Spot>.get("me", query: ["n": "kept"])) }
            while server.requests.filter({ $0.path == "/oauth/token" }).isEmpty {
                try await Task.sleep(for: .milliseconds(5))
            }
            cancelled.cancel()
            let error = try #require(await appError { try await cancelled.value })
            #expect(error.code == .cancelled)
            #expect(try await kept.value.name == "kept")
            #expect(await session.refreshes == 1)
        }
    }
}
