import Foundation

/// Formatting helpers shared by the view models.
public enum DataFormatter {
    private static let compassPoints = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
        "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]

    /// The 16-point compass name of a direction in degrees (`225` → `SW`).
    public static func compassPoint(for degrees: Double) -> String {
        let normalized = degrees.truncatingRemainder(dividingBy: 360)
        let positive = normalized < 0 ? normalized + 360 : normalized
        let index = Int((positive + 11.25) / 22.5) % compassPoints.count
        return compassPoints[index]
    }

    /// The direction in degrees of a compass point (`SW` → `225`), or `nil` for an unknown name.
    public static func degrees(forCompassPoint name: String) -> Double? {
        guard let index = compassPoints.firstIndex(of: name.uppercased()) else { return nil }
        return Double(index) * 22.5
    }

    /// A wave height in metres with one decimal (`1.25` → `1.3m`).
    public static func waveHeight(_ metres: Double) -> String {
        let tenths = (metres * 10).rounded()
        return "\(tenths / 10)m"
    }

    /// "just now", "5 min ago", "3 h ago" or "2 d ago".
    public static func timeAgo(from date: Date, now: Date = Date()) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3_600) h ago"
        default: return "\(seconds / 86_400) d ago"
        }
    }
}
