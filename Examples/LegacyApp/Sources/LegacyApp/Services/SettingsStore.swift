import Foundation
#if canImport(Combine)
import Combine
#endif

/// Units and region preferences, persisted in user defaults.
public final class SettingsStore: ObservableObject {
    public static let sharedInstance = SettingsStore()

    public enum Units: String, CaseIterable {
        case metric
        case imperial
    }

    @Published public var units: Units {
        didSet { defaults.set(units.rawValue, forKey: Keys.units) }
    }
    @Published public var homeRegion: String {
        didSet { defaults.set(homeRegion, forKey: Keys.homeRegion) }
    }
    public let country = "Ireland"

    private let defaults: UserDefaults

    private enum Keys {
        static let units = "preferredUnits"
        static let homeRegion = "homeRegion"
    }

    private init() {
        defaults = UserDefaults(suiteName: "TrebleSurfSettings") ?? .standard
        units = Units(rawValue: defaults.string(forKey: Keys.units) ?? "metric") ?? .metric
        homeRegion = defaults.string(forKey: Keys.homeRegion) ?? "Donegal"
    }

    /// A wave height in the preferred units.
    public func formattedHeight(_ metres: Double) -> String {
        switch units {
        case .metric:
            return DataFormatter.waveHeight(metres)
        case .imperial:
            let feet = (metres * 3.28084).rounded()
            return "\(Int(feet))ft"
        }
    }
}
