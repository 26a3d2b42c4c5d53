import Foundation
#if canImport(Combine)
import Combine
#endif

/// The list of spots in a region, with their photos.
///
/// Loads spots through `DataStore.shared`, like every screen written before the container existed.
public final class SpotsViewModel: ObservableObject {
    @Published public private(set) var spots: [Spot] = []
    @Published public private(set) var isLoading = false
    @Published public private(set) var errorMessage: String?

    public init() {}

    public func loadSpots(region: String) {
        isLoading = true
        DataStore.shared.fetchRegionSpots(region: region) { [weak self] result in
            DispatchQueue.main.async {
                self?.isLoading = false
                switch result {
                case let .success(spots):
                    self?.spots = spots
                        .filter { $0.country == "Ireland" }
                        .sorted { $0.name < $1.name }
                case let .failure(error):
                    self?.errorMessage = error.localizedDescription
                }
            }
        }
    }

    public func imageData(for spot: Spot, completion: @escaping (Data?) -> Void) {
        ImageCacheService.shared.imageData(for: spot, completion: completion)
    }

    public func isFavourite(_ spot: Spot) -> Bool {
        AuthManager.shared.currentUser?.favouriteSpotIDs.contains(spot.id) ?? false
    }
}
