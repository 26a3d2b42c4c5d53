import Foundation

/// What can go wrong talking to the TrebleSurf API.
public enum APIError: Error, Equatable {
    case invalidResponse
    case httpStatus(Int)
    case decoding(String)
    case notAuthenticated
}
