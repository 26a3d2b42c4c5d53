import Foundation
@testable import SeamNetwork
import Testing

@Suite("TokenRefresher")
struct TokenRefresherTests {
    /// CI, stop 27: a 300 ms request rejected after its deadline (a loaded machine) waited out a 120 s refresh,
    /// because the deadline's canceller ran before the request was registered as a waiter.
    @Test("a request whose deadline passed before it began waiting for the refresh stops at once")
    func deadlinePassedBeforeWaiting() async throws {
        let refresher = TokenRefresher()
        let deadline = RequestDeadline()
        deadline.expire()
        let start = ContinuousClock.now
        await #expect(throws: CancellationError.self) {
            try await RequestDeadline.$current.withValue(deadline) {
                try await refresher.token(after: 0) {
                    try await Task.sleep(for: .seconds(120))
                    return "never"
                }
            }
        }
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("a waiter whose deadline has not passed gets the refreshed token")
    func refreshedToken() async throws {
        let refresher = TokenRefresher()
        let deadline = RequestDeadline()
        let token = try await RequestDeadline.$current.withValue(deadline) {
            try await refresher.token(after: 0) { "fresh" }
        }
        #expect(token == "fresh")
        #expect(refresher.generation == 1)
    }
}
