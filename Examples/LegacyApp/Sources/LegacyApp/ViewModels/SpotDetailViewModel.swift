import Foundation
#if canImport(Combine)
import Combine
#endif

/// One spot's current conditions.
public final class SpotDetailViewModel: ObservableObject {
    @Published public private(set) var conditions: ConditionData?
    @Published public private(set) var isOffshore = false

    public let spot: Spot
    private let dataStore: DataStoreProtocol

    public init(spot: Spot, dataStore: DataStoreProtocol) {
        self.spot = spot
        self.dataStore = dataStore
    }

    public func load() {
        dataStore.fetchConditions(for: spot) { [weak self] success in
            guard success, let self = self else { return }
            DispatchQueue.main.async {
                let conditions = self.dataStore.currentConditions
                self.conditions = conditions
                if let conditions = conditions, let facing = DataFormatter.degrees(forCompassPoint: self.spot.orientation) {
                    self.isOffshore = conditions.isOffshore(facing: facing)
                }
            }
        }
    }

    /// Pull-to-refresh: drop the cached conditions and load them again.
    public func refresh() {
        DataStore.shared.clearCache(for: spot.id)
        load()
    }

    public var windDescription: String? {
        conditions.map { "\(Int($0.windSpeed)) km/h \(DataFormatter.compassPoint(for: $0.windDirection))" }
    }
}
