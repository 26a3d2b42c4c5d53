import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SeamArchitecture
import Synchronization
import SeamLocking

/// The surf backend, as the view models see it (the write-up's `APIClientProtocol`, async).
protocol SurfAPIClient: Sendable {
    func fetchSpots(region: String) async throws -> [Spot]
    func fetchForecast(spotID: String) async throws -> [Forecast]
}

/// The test double: canned answers, and a log of every call so tests can count them.
final class MockSurfAPI: SurfAPIClient {
    private let spots: Result<[Spot], URLError>
    private let calls = Locked<[String]>([])

    init(spots: [Spot] = [Spot(id: "pipeline", name: "Pipeline")]) { self.spots = .success(spots) }
    init(failingWith code: URLError.Code) { self.spots = .failure(URLError(code)) }

    /// Every call, oldest first: `spots(Donegal)`, `forecast(pipeline)`.
    var log: [String] { calls.withLock { $0 } }

    func fetchSpots(region: String) async throws -> [Spot] {
        calls.withLock { $0.append("spots(\(region))") }
        return try spots.get()
    }

    func fetchForecast(spotID: String) async throws -> [Forecast] {
        calls.withLock { $0.append("forecast(\(spotID))") }
        return [Forecast(spotID: spotID, waveHeight: 1.5)]
    }
}

/// The live client: JSON over HTTP. The tests resolve it in a live container to check the wiring
/// and never call it.
struct LiveSurfAPI: SurfAPIClient {
    let baseURL: URL
    var session: URLSession = .shared

    func fetchSpots(region: String) async throws -> [Spot] {
        try await get([Spot].self, path: "spots", query: [URLQueryItem(name: "region", value: region)])
    }

    func fetchForecast(spotID: String) async throws -> [Forecast] {
        try await get([Forecast].self, path: "spots/\(spotID)/forecast", query: [])
    }

    private func get<T: Decodable>(_ type: T.Type, path: String, query: [URLQueryItem]) async throws -> T {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.queryItems = query.isEmpty ? nil : query
        guard let url = components?.url else { throw URLError(.badURL) }
        let (data, response) = try await session.data(from: url)
        if let http = response as? HTTPURLResponse, let error = AppError(httpStatus: http.statusCode, url: url) {
            throw error
        }
        return try JSONDecoder().decode(T.self, from: data)
    }
}
