import Foundation

/// The API's endpoints and their query items.
public enum Endpoint: Equatable {
    case spots(country: String, region: String)
    case forecast(country: String, region: String, spot: String)
    case currentConditions(country: String, region: String, spot: String)
    case buoys(names: [String])
    case spotImage(key: String)
    case session

    /// The path below the API's base URL.
    public var path: String {
        switch self {
        case .spots: return "/api/spots"
        case .forecast: return "/api/forecast"
        case .currentConditions: return "/api/currentConditions"
        case .buoys: return "/api/getMultipleBuoyData"
        case .spotImage: return "/api/spotImage"
        case .session: return "/api/auth/validate"
        }
    }

    /// The query items, in the order the API documents them.
    public var queryItems: [URLQueryItem] {
        switch self {
        case let .spots(country, region):
            return [URLQueryItem(name: "country", value: country), URLQueryItem(name: "region", value: region)]
        case let .forecast(country, region, spot), let .currentConditions(country, region, spot):
            return [
                URLQueryItem(name: "country", value: country),
                URLQueryItem(name: "region", value: region),
                URLQueryItem(name: "spot", value: spot),
            ]
        case let .buoys(names):
            return [URLQueryItem(name: "buoys", value: names.joined(separator: ","))]
        case let .spotImage(key):
            return [URLQueryItem(name: "key", value: key)]
        case .session:
            return []
        }
    }
}
