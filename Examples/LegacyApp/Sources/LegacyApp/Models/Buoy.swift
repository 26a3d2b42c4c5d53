import Foundation

/// A reading from one of the Irish weather buoys (M2–M6).
public struct BuoyReading: Codable, Hashable, Identifiable {
    public let name: String
    public let time: String
    public let waveHeight: Double?
    public let wavePeriod: Double?
    public let seaTemperature: Double?

    public var id: String { "\(name)@\(time)" }

    enum CodingKeys: String, CodingKey {
        case name
        case time
        case waveHeight = "WaveHeight"
        case wavePeriod = "WavePeriod"
        case seaTemperature = "SeaTemperature"
    }
}
