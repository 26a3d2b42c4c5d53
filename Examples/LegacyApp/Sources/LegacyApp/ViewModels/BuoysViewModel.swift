import Foundation
#if canImport(Combine)
import Combine
#endif

/// The Irish weather buoys' latest readings.
public final class BuoysViewModel: ObservableObject {
    @Published public private(set) var readings: [BuoyReading] = []

    public let buoyNames: [String]

    public init(buoyNames: [String] = ["M2", "M3", "M4", "M5", "M6"]) {
        self.buoyNames = buoyNames
    }

    public func load() {
        if let cached = BuoyCacheService.shared.cachedReadings(for: buoyNames) {
            readings = cached
            return
        }
        APIClient.shared.fetchBuoys(names: buoyNames) { [weak self] result in
            guard let self = self, case let .success(readings) = result else { return }
            BuoyCacheService.shared.store(readings, for: self.buoyNames)
            self.readings = readings.sorted { $0.name < $1.name }
        }
    }

    /// The highest wave height among the readings, in metres.
    public var maximumWaveHeight: Double? {
        readings.compactMap(\.waveHeight).max()
    }
}
