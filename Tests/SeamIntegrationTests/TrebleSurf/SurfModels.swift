import SeamArchitecture
import SeamConfiguration
import SeamNavigation

/// A surf spot (TrebleSurf).
struct Spot: Hashable, Sendable, Codable {
    var id: String
    var name: String
}

/// One forecast hour for a spot.
struct Forecast: Hashable, Sendable, Codable {
    var spotID: String
    var waveHeight: Double
}

/// The surf app's screens.
enum SurfRoute: NavigationRoute {
    case spots
    case spot(id: String)
    case forecast(spotID: String, days: Int)
}

extension AppError.Code {
    /// The backend has no such region.
    static let unknownRegion: Self = "unknownRegion"
}
