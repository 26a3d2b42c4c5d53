import Foundation

/// The composition root: which concrete services the screens get.
///
/// Only the screens written since it was introduced are built here; the rest still reach for `.shared`.
public final class AppDependencies {
    public lazy var dataStore: DataStoreProtocol = DataStore.shared
    public lazy var apiClient: APIClientProtocol = APIClient.shared

    public init() {}

    public func makeForecastViewModel() -> ForecastViewModel {
        ForecastViewModel(apiClient: apiClient)
    }

    public func makeSpotDetailViewModel(spot: Spot) -> SpotDetailViewModel {
        SpotDetailViewModel(spot: spot, dataStore: dataStore)
    }
}
