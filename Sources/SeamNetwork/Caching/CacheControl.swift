import Foundation
import HTTPTypes

/// The `Cache-Control` directives the client cache obeys (RFC 9111 §5.2.2).
///
/// Parsing never fails: a directive that is empty, unnamed (`=`, `=5`), unknown or with a malformed
/// value is ignored, and when a directive appears more than once the first valid value counts
/// (RFC 9111 §4.2.1).
struct CacheControl: Hashable, Sendable {
    var maxAge: Int?
    var noStore = false
    var noCache = false

    /// The directives of `fields`' `Cache-Control` lines (all of them, comma-separated, case-insensitive).
    init(_ fields: HTTPFields) {
        for line in fields[values: .cacheControl] {
            for directive in line.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let first = parts.first else { continue }
                let name = first.trimmingCharacters(in: .whitespaces).lowercased()
                guard !name.isEmpty else { continue }
                let value =
                    parts.count > 1
                    ? parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                        in: CharacterSet(charactersIn: "\""))
                    : nil
                switch name {
                case "max-age": if maxAge == nil { maxAge = value.flatMap(HeaderValues.deltaSeconds) }
                case "no-store": noStore = true
                case "no-cache": noCache = true
                default: break
                }
            }
        }
    }
}

/// Defensive parsers for the header values the client reads itself: every input, however garbled,
/// gives a value or `nil`, never a trap.
enum HeaderValues {
    /// The largest delta-seconds value kept as is; larger ones are this (RFC 9111 §1.2.2: 2³¹).
    static let maximumDeltaSeconds = 2_147_483_648

    /// A `delta-seconds` value (RFC 9111 §1.2.2): one or more ASCII digits, clamped to
    /// ``maximumDeltaSeconds``; `nil` for anything else (signs, spaces inside, fractions, `nan`, empty).
    static func deltaSeconds<Text: StringProtocol>(_ text: Text) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = min(maximumDeltaSeconds, value * 10 + Int(byte - UInt8(ascii: "0")))
        }
        return value
    }

    /// The body length a response declares in `Content-Length` (RFC 9110 §8.6): `nil` when there is
    /// none, or when it is malformed (not digits, too large, or a list of differing values).
    static func contentLength(_ fields: HTTPFields) -> Int64? {
        var length: Int64?
        for line in fields[values: .contentLength] {
            for item in line.split(separator: ",", omittingEmptySubsequences: false) {
                let text = item.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                    let value = Int64(text)
                else { return nil }
                if let length, length != value { return nil }
                length = value
            }
        }
        return length
    }
}
