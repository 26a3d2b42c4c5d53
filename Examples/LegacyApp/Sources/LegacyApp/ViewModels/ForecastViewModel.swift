import Foundation
#if canImport(Combine)
import Combine
#endif

/// A spot's hourly forecast.
public final class ForecastViewModel: ObservableObject {
    @Published public private(set) var entries: [ForecastEntry] = []
    @Published public private(set) var best: ForecastEntry?
    @Published public private(set) var errorMessage: String?

    private let apiClient: APIClientProtocol

    public init(apiClient: APIClientProtocol? = nil) {
        self.apiClient = apiClient ?? APIClient.shared
    }

    public func load(spot: Spot) {
        apiClient.fetchForecast(spot: spot) { [weak self] result in
            DispatchQueue.main.async {
                switch result {
                case let .success(forecast):
                    self?.entries = forecast.entries
                    self?.best = forecast.bestEntry
                case let .failure(error):
                    self?.errorMessage = error.localizedDescription
                }
            }
        }
    }

    public func heightText(for entry: ForecastEntry) -> String {
        SettingsStore.sharedInstance.formattedHeight(entry.conditions.waveHeight)
    }
}
