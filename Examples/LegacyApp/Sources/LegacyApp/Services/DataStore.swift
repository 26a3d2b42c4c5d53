import Foundation
#if canImport(Combine)
import Combine
#endif

/// The app's in-memory store of spots and conditions, with time-limited caches.
public final class DataStore: ObservableObject, DataStoreProtocol {
    public static let shared = DataStore()

    @Published public private(set) var regionSpots: [Spot] = []
    @Published public private(set) var currentConditions: ConditionData?
    @Published public private(set) var favouriteSpots: [Spot] = []

    /// Conditions are refreshed every half hour; spot lists change a few times a year.
    let cacheExpirationInterval: TimeInterval = 30 * 60
    let spotCacheExpirationInterval: TimeInterval = 60 * 60 * 24 * 4

    private var spotsCache: [String: CacheEntry<[Spot]>] = [:]
    private var conditionsCache: [String: CacheEntry<ConditionData>] = [:]

    private init() {}

    public func fetchRegionSpots(region: String, completion: @escaping (Result<[Spot], Error>) -> Void) {
        if let cached = spotsCache[region], !cached.isExpired(lifetime: spotCacheExpirationInterval) {
            completion(.success(cached.value))
            return
        }
        APIClient.shared.fetchSpots(country: "Ireland", region: region) { [weak self] result in
            if case let .success(spots) = result {
                self?.spotsCache[region] = CacheEntry(value: spots)
                DispatchQueue.main.async {
                    self?.regionSpots = spots
                }
            }
            completion(result)
        }
    }

    public func fetchConditions(for spot: Spot, completion: @escaping (Bool) -> Void) {
        if let cached = conditionsCache[spot.id], !cached.isExpired(lifetime: cacheExpirationInterval) {
            DispatchQueue.global(qos: .userInitiated).async {
                self.currentConditions = cached.value
                completion(true)
            }
            return
        }
        APIClient.shared.fetchCurrentConditions(spot: spot) { [weak self] result in
            guard case let .success(response) = result else {
                completion(false)
                return
            }
            self?.conditionsCache[spot.id] = CacheEntry(value: response.data)
            DispatchQueue.main.async {
                self?.currentConditions = response.data
                completion(true)
            }
        }
    }

    /// Loads the signed-in user's favourite spots from the cached region lists.
    public func loadFavourites() {
        guard let user = AuthManager.shared.currentUser else {
            favouriteSpots = []
            return
        }
        let known = spotsCache.values.flatMap(\.value)
        favouriteSpots = known.filter { user.favouriteSpotIDs.contains($0.id) }
    }

    public func clearCache(for spotID: String?) {
        if let spotID = spotID {
            conditionsCache.removeValue(forKey: spotID)
        } else {
            conditionsCache.removeAll()
            spotsCache.removeAll()
        }
    }

    /// Forgets everything that belongs to the signed-in user.
    public func clearUserData() {
        favouriteSpots = []
        clearCache(for: nil)
    }
}
