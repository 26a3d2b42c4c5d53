import Foundation
import HTTPTypes

/// The `Retry-After` response header (RFC 9110 §10.2.3): a number of seconds or an HTTP date.
enum RetryAfter {
    /// How long `response` asks the client to wait, measured from `now`; `nil` without a valid header.
    /// A date in the past means "now" (zero); a number of seconds too large to represent, or a date
    /// further away than that, is clamped to ``maximumDelay`` (which no retry policy waits for).
    static func delay(in response: HTTPResponse, now: Date) -> Duration? {
        guard let value = response.headerFields[.retryAfter]?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            guard let seconds = Int64(value) else { return maximumDelay }
            return min(.seconds(seconds), maximumDelay)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let interval = date.timeIntervalSince(now)
        guard interval.isFinite else { return nil }
        return interval >= maximumDelay.seconds ? maximumDelay : .seconds(max(0, interval))
    }

    /// The longest delay a `Retry-After` is read as (about 31,700 years).
    static let maximumDelay = Duration.seconds(1_000_000_000_000)
}

/// HTTP dates (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms recipients must accept.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'",  // Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss 'GMT'",  // Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",  // Sun Nov  6 08:49:37 1994
    ]

    /// The date `value` names, or `nil`.
    static func parse(_ value: String) -> Date? {
        let collapsed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }

    /// `date` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = formats[0]
        return formatter.string(from: date)
    }
}

extension Character {
    /// Whether this is one of `0`–`9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
