import Foundation

/// The sea and weather conditions at one spot and time.
public struct ConditionData: Codable, Hashable {
    public let waveHeight: Double
    public let wavePeriod: Double
    public let swellDirection: Double
    public let windSpeed: Double
    public let windDirection: Double
    public let waterTemperature: Double?

    enum CodingKeys: String, CodingKey {
        case waveHeight = "surf_size"
        case wavePeriod = "swell_period"
        case swellDirection = "swell_direction"
        case windSpeed = "wind_speed"
        case windDirection = "wind_direction"
        case waterTemperature = "water_temperature"
    }

    public init(
        waveHeight: Double, wavePeriod: Double, swellDirection: Double,
        windSpeed: Double, windDirection: Double, waterTemperature: Double? = nil
    ) {
        self.waveHeight = waveHeight
        self.wavePeriod = wavePeriod
        self.swellDirection = swellDirection
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.waterTemperature = waterTemperature
    }

    /// Offshore when the wind blows from the land towards the sea the spot faces.
    public func isOffshore(facing beachDegrees: Double) -> Bool {
        let difference = abs(windDirection - beachDegrees).truncatingRemainder(dividingBy: 360)
        let angle = min(difference, 360 - difference)
        return angle > 135
    }
}

/// The `/api/currentConditions` payload.
public struct CurrentConditionsResponse: Codable {
    public let data: ConditionData
    public let generatedAt: String

    enum CodingKeys: String, CodingKey {
        case data
        case generatedAt = "generated_at"
    }
}
