import Foundation
import HTTPTypes
@testable import SeamNetwork
import Testing

/// A deterministic generator (SplitMix64) for jitter.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("RetryPolicy and Retry-After")
struct RetryPolicyTests {
    @Test("without jitter, waits grow by the multiplier from the initial delay and stop at the maximum")
    func exponential() {
        let policy = RetryPolicy(
            maxAttempts: 10, initialDelay: .milliseconds(100), multiplier: 2, maxDelay: .milliseconds(700), jitter: 0)
        var generator = SeededGenerator(state: 1)
        let waits = (1...5).map { policy.backoff(afterAttempt: $0, using: &generator) }
        #expect(
            waits == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(700), .milliseconds(700),
            ])
    }

    @Test("jitter shortens each wait by a random part of at most `jitter` of it, and varies between calls")
    func jitter() {
        let policy = RetryPolicy(initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(60), jitter: 0.5)
        var generator = SeededGenerator(state: 42)
        let waits = (0..<200).map { _ in policy.backoff(afterAttempt: 3, using: &generator) }  // 4 s before jitter
        #expect(waits.allSatisfy { $0 >= .seconds(2) && $0 <= .seconds(4) })
        #expect(Set(waits).count > 150)
        #expect(waits.contains { $0 < .milliseconds(2_500) } && waits.contains { $0 > .milliseconds(3_500) })
    }

    @Test("out-of-range settings are clamped: at least one attempt, jitter within 0...1")
    func clamping() {
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(RetryPolicy(jitter: 7).jitter == 1)
        #expect(RetryPolicy(jitter: -1).jitter == 0)
        #expect(RetryPolicy.none.maxAttempts == 1)
    }

    private func response(retryAfter: String?) -> HTTPResponse {
        var fields = HTTPFields()
        if let retryAfter { fields[.retryAfter] = retryAfter }
        return HTTPResponse(status: .tooManyRequests, headerFields: fields)
    }

    @Test("Retry-After in seconds")
    func seconds() {
        #expect(RetryAfter.delay(in: response(retryAfter: "120"), now: Date()) == .seconds(120))
        #expect(RetryAfter.delay(in: response(retryAfter: " 0 "), now: Date()) == .zero)
        #expect(RetryAfter.delay(in: response(retryAfter: "-3"), now: Date()) == nil)
        #expect(RetryAfter.delay(in: response(retryAfter: "soon"), now: Date()) == nil)
        #expect(RetryAfter.delay(in: response(retryAfter: nil), now: Date()) == nil)
    }

    @Test("Retry-After as an HTTP date in all three RFC 9110 forms, relative to now; a past date means now")
    func httpDate() {
        let now = Date(timeIntervalSince1970: 784_111_747)  // Sun, 06 Nov 1994 08:49:07 GMT
        for form in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(RetryAfter.delay(in: response(retryAfter: form), now: now) == .seconds(30), "\(form)")
        }
        #expect(RetryAfter.delay(in: response(retryAfter: "Sun, 06 Nov 1994 08:00:00 GMT"), now: now) == .zero)
        #expect(HTTPDate.format(now) == "Sun, 06 Nov 1994 08:49:07 GMT")
    }
}
