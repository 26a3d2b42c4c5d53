import Foundation
#if canImport(Combine)
import Combine
#endif

/// The home screen: featured spots, the conditions at the home spot, the nearest buoys and the best
/// session of the day.
public final class HomeViewModel: ObservableObject {
    @Published public var featuredSpots: [Spot] = []
    @Published public var currentConditions: ConditionData?
    @Published public var buoyReadings: [BuoyReading] = []
    @Published public var bestForecast: ForecastEntry?
    @Published public var isLoadingSpots = false
    @Published public var isLoadingBuoys = false
    @Published public var isLoadingForecast = false
    @Published public var errorMessage: String?
    @Published public var lastUpdated: Date?
    @Published public var selectedRegion = "Donegal"
    @Published public var greeting: String?
    private var refreshCount = 0
    private let featuredBuoys = ["M4", "M6"]

    public init() {}

    public func loadData() {
        refreshCount += 1
        greeting = AuthManager.shared.currentUser.map { "Welcome back, \($0.name)" }
        fetchSpots()
        fetchBuoys()
    }

    private func fetchSpots() {
        isLoadingSpots = true
        DataStore.shared.fetchRegionSpots(region: selectedRegion) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.isLoadingSpots = false
                switch result {
                case let .success(spots):
                    self.featuredSpots = Array(spots.filter { $0.country == "Ireland" }.prefix(5))
                    self.lastUpdated = Date()
                    if let first = self.featuredSpots.first {
                        self.fetchForecast(for: first)
                    }
                case let .failure(error):
                    self.errorMessage = error.localizedDescription
                }
            }
        }
    }

    private func fetchBuoys() {
        if let cached = BuoyCacheService.shared.cachedReadings(for: featuredBuoys) {
            buoyReadings = cached
            return
        }
        isLoadingBuoys = true
        APIClient.shared.fetchBuoys(names: featuredBuoys) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.isLoadingBuoys = false
                if case let .success(readings) = result {
                    BuoyCacheService.shared.store(readings, for: self.featuredBuoys)
                    self.buoyReadings = readings
                }
            }
        }
    }

    private func fetchForecast(for spot: Spot) {
        isLoadingForecast = true
        APIClient.shared.fetchForecast(spot: spot) { [weak self] result in
            DispatchQueue.main.async {
                self?.isLoadingForecast = false
                if case let .success(forecast) = result {
                    self?.bestForecast = forecast.bestEntry
                }
            }
        }
    }
}
