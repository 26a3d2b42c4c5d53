import Testing

@testable import SeamAnalysis

/// The byte search the generated-file check and the build-settings reader share.
@Suite("byte search")
struct ByteSearchTests {
    @Test(
        "the first occurrence at or after a start, found by memchr on the first byte",
        arguments: [
            ("SWIFT_X = NO; SWIFT_X = YES;", "SWIFT_X", 0, 0), ("SWIFT_X = NO; SWIFT_X = YES;", "SWIFT_X", 1, 14),
            ("aab", "ab", 0, 1), ("abc", "abcd", 0, nil), ("abc", "x", 0, nil), ("abc", "", 2, 2),
            ("", "a", 0, nil), ("abab", "ab", 3, nil), ("héllo wörld", "wörld", 0, 7),
        ] as [(String, String, Int, Int?)])
    func firstOffset(haystack: String, pattern: String, start: Int, expected: Int?) {
        let bytes = Array(haystack.utf8)
        let found = bytes.withUnsafeBufferPointer { $0.firstOffset(of: Array(pattern.utf8), from: start) }
        #expect(found == expected)
    }
}
