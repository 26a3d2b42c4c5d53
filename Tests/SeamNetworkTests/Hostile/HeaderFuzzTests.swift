import Foundation
import HTTPTypes
import SeamCache
@testable import SeamNetwork
import SeamTestSupport
import Testing

/// The header parsers against garbage: `Cache-Control`, `Retry-After`, `Content-Length`, `ETag`, `Vary`
/// (and `Age`) as any server or proxy may send them. Every input gives a value or `nil`, never a trap.
@Suite("Header parsing: hostile values")
struct HeaderFuzzTests {
    /// A deterministic generator (SplitMix64), so a failing input can be found again from the seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces hostile values are made of: separators alone, signs, huge and odd numbers, quotes,
    /// non-ASCII, dates, known directive names.
    static let pieces = [
        "=", ",", ";", "\"", " ", "\t", "-", "+", "0", "1", "9", "00", "-1", "+5", "1.5", "1e9", "nan", "inf", "-inf",
        "9223372036854775807", "9223372036854775808", "99999999999999999999999999", "2147483648", "0x10",
        "max-age", "max-age=", "=max-age", "s-maxage", "no-store", "no-cache", "no-cache=\"a,b\"", "private", "public",
        "MAX-AGE", "max-age=\"60\"", "max-age==5", "W/\"", "\"\"", "*", "accept-encoding", "Accept-Encoding", "cookie",
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "Fri, 31 Dec 9999 23:59:59 GMT", "Mon, 01 Jan 0001 00:00:00 GMT", "Thu, 01 Jan 1970 00:00:00 GMT",
        "é", "日本", "🙂", "\u{0}", "\r", "\n", "\u{7F}", "GMT", "Feb 30", "",
    ]

    static func randomValue(using generator: inout SplitMix) -> String {
        let count = Int.random(in: 0...6, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test("the regression: `Cache-Control: =` and other unnamed directives parse to nothing")
    func unnamedDirectives() {
        for value in ["=", "==", "=5", " = ", ",=,", "max-age=5, =", "=, no-store"] {
            let control = CacheControl([.cacheControl: value])
            #expect(control.maxAge == (value.contains("max-age=5") ? 5 : nil), "\(value)")
        }
        #expect(CacheControl([.cacheControl: "=, no-store"]).noStore)
        #expect(
            CacheControl([.cacheControl: "max-age=99999999999999999999"]).maxAge == HeaderValues.maximumDeltaSeconds)
        #expect(CacheControl([.cacheControl: "max-age=-1"]).maxAge == nil)
        #expect(CacheControl([.cacheControl: "max-age=60, max-age=0"]).maxAge == 60)  // the first counts
    }

    @Test("Content-Length: digits only, equal list members, no overflow")
    func contentLength() {
        #expect(HeaderValues.contentLength([.contentLength: "42"]) == 42)
        #expect(HeaderValues.contentLength([.contentLength: "42, 42"]) == 42)
        #expect(HeaderValues.contentLength([.contentLength: "42, 43"]) == nil)
        #expect(HeaderValues.contentLength([.contentLength: "-1"]) == nil)
        #expect(HeaderValues.contentLength([.contentLength: "+1"]) == nil)
        #expect(HeaderValues.contentLength([.contentLength: "99999999999999999999"]) == nil)
        #expect(HeaderValues.contentLength([:]) == nil)
    }

    @Test("Retry-After: huge numbers and far dates are clamped, garbage is ignored")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        func delay(_ value: String) -> Duration? {
            RetryAfter.delay(
                in: HTTPResponse(status: .serviceUnavailable, headerFields: [.retryAfter: value]), now: now)
        }
        #expect(delay("5") == .seconds(5))
        #expect(delay("99999999999999999999999") == RetryAfter.maximumDelay)
        #expect(delay("Fri, 31 Dec 9999 23:59:59 GMT").map { $0 > .seconds(1_000_000) } == true)
        #expect(delay("-5") == nil && delay("nan") == nil && delay("=") == nil)
    }

    @Test(
        "100,000 random Cache-Control, Retry-After, Content-Length, ETag, Vary and Age values: no crash",
        .timeLimit(.minutes(10)))
    func fuzz() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let request = HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/fuzz")
        // The parsers, synchronously, on a thread of their own: a 100,000-round loop on one of the
        // cooperative pool's two threads would starve the tests running beside it.
        // Out-of-range results are counted there and checked here (an issue is recorded from the test's task).
        let (parsed, violations, storeInputs) = try await onOwnThread { () -> (Int, [String], [HTTPFields]) in
            var generator = SplitMix(state: 0x5EA3_2026_1126)
            var parsed = 0
            var violations: [String] = []
            var storeInputs: [HTTPFields] = []
            for round in 0..<100_000 {
                var fields = HTTPFields()
                for name in [HTTPField.Name.cacheControl, .retryAfter, .contentLength, .eTag, .vary, .age] {
                    // Absent, once or twice, as separate lines.
                    for _ in 0..<Int.random(in: 0...2, using: &generator) {
                        fields.append(HTTPField(name: name, value: Self.randomValue(using: &generator)))
                    }
                }
                let response = HTTPResponse(status: round % 7 == 0 ? .serviceUnavailable : .ok, headerFields: fields)
                let control = CacheControl(fields)
                if let maxAge = control.maxAge, !(0...HeaderValues.maximumDeltaSeconds).contains(maxAge) {
                    violations.append("max-age \(maxAge) from \(fields)")
                }
                if let length = HeaderValues.contentLength(fields), length < 0 {
                    violations.append("length \(length) from \(fields)")
                }
                if let delay = RetryAfter.delay(in: response, now: now),
                    delay < .zero || delay > RetryAfter.maximumDelay
                {
                    violations.append("Retry-After \(delay) from \(fields)")
                }
                let cached = CachedHTTPResponse(response: response, body: Data(), storedAt: now)
                _ = cached.isFresh(at: now.addingTimeInterval(Double(round % 1_000)))
                _ = HTTPResponseCache.conditional(request, revalidating: cached)
                if round % 20 == 0 { storeInputs.append(fields) }
                parsed += 1
            }
            return (parsed, violations, storeInputs)
        }
        #expect(parsed == 100_000)
        #expect(violations.isEmpty, "\(violations.prefix(5))")
        // The response cache's own path (may HTTP store it? for how long? revalidated by a 304) on 5,000 of them.
        let store = InMemoryCacheStore<String, CachedHTTPResponse>()
        let cache = HTTPResponseCache(store: store, clock: ManualCacheClock(start: now))
        for (index, fields) in storeInputs.enumerated() {
            await cache.store(HTTPResponse(status: .ok, headerFields: fields), body: Data(), for: request)
            if let stored = await cache.lookup(request) {
                _ = await cache.revalidated(
                    stored, by: HTTPResponse(status: .notModified, headerFields: fields), for: request)
            }
            if index % 100 == 0 { await Task.yield() }
        }
    }
}
