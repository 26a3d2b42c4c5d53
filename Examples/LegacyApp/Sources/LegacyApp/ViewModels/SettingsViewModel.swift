import Foundation
#if canImport(Combine)
import Combine
#endif

/// The settings screen: units, home region and signing out.
public final class SettingsViewModel: ObservableObject {
    @Published public var units: SettingsStore.Units
    @Published public private(set) var userName: String?

    public init() {
        units = SettingsStore.sharedInstance.units
        userName = AuthManager.shared.currentUser?.name
    }

    public func setUnits(_ newUnits: SettingsStore.Units) {
        SettingsStore.sharedInstance.units = newUnits
        units = newUnits
    }

    public func signOut() {
        AuthManager.shared.logout { _ in }
        userName = nil
    }
}
