import Foundation

/// The signed-in surfer.
public struct User: Codable, Hashable {
    public let email: String
    public let name: String
    public let favouriteSpotIDs: [String]

    enum CodingKeys: String, CodingKey {
        case email
        case name
        case favouriteSpotIDs = "favourite_spots"
    }
}
