#if canImport(SwiftUI)
import SwiftUI

/// The spots of the home region.
public struct SpotsListView: View {
    @StateObject private var viewModel = SpotsViewModel()
    private let region: String

    public init(region: String) {
        self.region = region
    }

    public var body: some View {
        List(viewModel.spots) { spot in
            VStack(alignment: .leading) {
                Text(spot.name)
                Text(spot.region).font(.caption)
            }
        }
        .onAppear { viewModel.loadSpots(region: region) }
        .onDisappear { ImageCacheService.shared.purgeMemory() }
    }
}
#endif
