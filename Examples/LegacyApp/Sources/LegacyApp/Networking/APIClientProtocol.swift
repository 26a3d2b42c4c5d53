import Foundation

/// What the app needs from the TrebleSurf API.
public protocol APIClientProtocol {
    func fetchSpots(country: String, region: String, completion: @escaping (Result<[Spot], Error>) -> Void)
    func fetchForecast(spot: Spot, completion: @escaping (Result<ForecastResponse, Error>) -> Void)
    func fetchCurrentConditions(spot: Spot, completion: @escaping (Result<CurrentConditionsResponse, Error>) -> Void)
    func fetchBuoys(names: [String], completion: @escaping (Result<[BuoyReading], Error>) -> Void)
}
