import Foundation

/// One hour of a spot's forecast.
public struct ForecastEntry: Codable, Hashable {
    public let dateTime: String
    public let conditions: ConditionData
    public let rating: Int

    enum CodingKeys: String, CodingKey {
        case dateTime = "date_time"
        case conditions
        case rating
    }
}

/// The `/api/forecast` payload: a spot and its hourly entries.
public struct ForecastResponse: Codable {
    public let spot: String
    public let entries: [ForecastEntry]

    /// The best-rated entry, earliest first on ties.
    public var bestEntry: ForecastEntry? {
        entries.enumerated().max { lhs, rhs in
            lhs.element.rating == rhs.element.rating ? lhs.offset > rhs.offset : lhs.element.rating < rhs.element.rating
        }?.element
    }
}
