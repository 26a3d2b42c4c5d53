import Foundation
import Testing

@Suite("End to end: recipes-server")
struct ServerTests {
    @Test("--port 0 picks a free port and prints the API base URL first")
    func printsURL() async throws {
        let first = try await FixtureServer()
        let second = try await FixtureServer()
        #expect(first.baseURL.hasPrefix("http://127.0.0.1:"))
        #expect(first.baseURL.hasSuffix("/api/json/v1/1"))
        #expect(first.baseURL != second.baseURL)
    }

    @Test("a negative delay is a usage error")
    func badDelay() async throws {
        let result = try await run(Products.server, ["--delay=-1"], environment: [:])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--delay must be 0 or more seconds"))
    }
}
