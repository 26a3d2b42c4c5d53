import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks to the TrebleSurf API.
public final class APIClient: APIClientProtocol {
    public static let shared = APIClient()

    private static let decoder = JSONDecoder()

    private let baseURL = "https://api.treblesurf.com"
    private let session: URLSession

    private init() {
        let configuration: URLSessionConfiguration = .default
        configuration.timeoutIntervalForRequest = 20
        session = URLSession(configuration: configuration)
    }

    /// The full URL of `endpoint`.
    public func url(for endpoint: Endpoint) -> URL {
        var components = URLComponents(string: baseURL + endpoint.path)!
        components.queryItems = endpoint.queryItems.isEmpty ? nil : endpoint.queryItems
        return components.url!
    }

    public func fetchSpots(country: String, region: String, completion: @escaping (Result<[Spot], Error>) -> Void) {
        request(.spots(country: country, region: region), completion: completion)
    }

    public func fetchForecast(spot: Spot, completion: @escaping (Result<ForecastResponse, Error>) -> Void) {
        request(.forecast(country: spot.country, region: spot.region, spot: spot.name), completion: completion)
    }

    public func fetchCurrentConditions(
        spot: Spot, completion: @escaping (Result<CurrentConditionsResponse, Error>) -> Void
    ) {
        request(
            .currentConditions(country: spot.country, region: spot.region, spot: spot.name),
            completion: completion
        )
    }

    public func fetchBuoys(names: [String], completion: @escaping (Result<[BuoyReading], Error>) -> Void) {
        request(.buoys(names: names), completion: completion)
    }

    /// Downloads the raw bytes of a spot's photo.
    public func fetchImageData(key: String, completion: @escaping (Result<Data, Error>) -> Void) {
        session.dataTask(with: url(for: .spotImage(key: key))) { data, _, error in
            if let data = data {
                completion(.success(data))
            } else {
                completion(.failure(error ?? APIError.invalidResponse))
            }
        }.resume()
    }

    /// Validates a session token; calls back with the signed-in user.
    public func validateSession(token: String, completion: @escaping (Result<User, Error>) -> Void) {
        var request = URLRequest(url: url(for: .session))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        perform(request, completion: completion)
    }

    private func request<Response: Decodable>(
        _ endpoint: Endpoint, completion: @escaping (Result<Response, Error>) -> Void
    ) {
        perform(URLRequest(url: url(for: endpoint)), completion: completion)
    }

    private func perform<Response: Decodable>(
        _ request: URLRequest, completion: @escaping (Result<Response, Error>) -> Void
    ) {
        session.dataTask(with: request) { data, response, error in
            if let error = error {
                completion(.failure(error))
                return
            }
            guard let http = response as? HTTPURLResponse, let data = data else {
                completion(.failure(APIError.invalidResponse))
                return
            }
            guard (200..<300).contains(http.statusCode) else {
                completion(.failure(APIError.httpStatus(http.statusCode)))
                return
            }
            completion(APIClient.decode(Response.self, from: data))
        }.resume()
    }

    /// Decodes an API payload, turning decoding failures into `APIError.decoding`.
    public static func decode<Response: Decodable>(_ type: Response.Type, from data: Data) -> Result<Response, Error> {
        do {
            return .success(try decoder.decode(type, from: data))
        } catch {
            return .failure(APIError.decoding(String(describing: error)))
        }
    }
}
