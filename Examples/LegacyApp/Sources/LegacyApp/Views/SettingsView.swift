#if canImport(SwiftUI)
import SwiftUI

/// Units and the sign-out button.
public struct SettingsView: View {
    @StateObject private var viewModel = SettingsViewModel()

    public init() {}

    public var body: some View {
        Form {
            Picker("Units", selection: $viewModel.units) {
                ForEach(SettingsStore.Units.allCases, id: \.self) { units in
                    Text(units.rawValue.capitalized).tag(units)
                }
            }
            if AuthManager.shared.isAuthenticated {
                Button("Sign Out") { viewModel.signOut() }
            }
        }
    }
}
#endif
