import Foundation

/// A surf spot as returned by `/api/spots`.
public struct Spot: Codable, Identifiable, Hashable {
    public let country: String
    public let region: String
    public let name: String
    public let latitude: Double
    public let longitude: Double
    public let orientation: String
    public let imageKey: String?

    public var id: String { "\(country)#\(region)#\(name)" }

    enum CodingKeys: String, CodingKey {
        case country
        case region
        case name = "spot"
        case latitude = "lat"
        case longitude = "lon"
        case orientation = "beach_direction"
        case imageKey = "image_key"
    }

    public init(
        country: String, region: String, name: String,
        latitude: Double, longitude: Double, orientation: String, imageKey: String? = nil
    ) {
        self.country = country
        self.region = region
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.orientation = orientation
        self.imageKey = imageKey
    }
}
