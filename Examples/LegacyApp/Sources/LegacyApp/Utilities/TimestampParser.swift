import Foundation

/// Parses the API's timestamps, which come in several shapes depending on the endpoint.
public enum TimestampParser {
    private static let formats = [
        "yyyy-MM-dd HH:mm:ss ZZZZZ 'UTC'",
        "yyyy-MM-dd'T'HH:mm:ssZ",
        "yyyy-MM-dd HH:mm",
    ]

    /// The first format that parses `timestamp`, or `nil`.
    public static func parse(_ timestamp: String) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_IE")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            if let date = formatter.date(from: timestamp) {
                return date
            }
        }
        return nil
    }
}
