import Testing
import SeamNavigation

/// A view model as the app writes it: it only sees `Navigating`.
@MainActor
private final class SpotListViewModel {
    private let navigator: any Navigating<SurfRoute>
    init(navigator: any Navigating<SurfRoute>) { self.navigator = navigator }

    func select(spotID: String) throws { try navigator.push(.spot(id: spotID)) }
    func showForecast(spotID: String) throws {
        try navigator.present(.forecast(spotID: spotID, days: 3), as: .sheet, withNavigationStack: false)
    }
    func close() throws { try navigator.dismiss() }
}

@MainActor
@Suite("RecordingNavigator")
struct RecordingNavigatorTests {
    @Test func recordsWhatTheViewModelRequests() throws {
        let navigator = RecordingNavigator<SurfRoute>()
        let model = SpotListViewModel(navigator: navigator)
        try model.select(spotID: "pipeline")
        try model.showForecast(spotID: "pipeline")
        try model.close()
        #expect(
            navigator.commands == [
                .push(.spot(id: "pipeline")),
                .present(.forecast(spotID: "pipeline", days: 3), .sheet, withNavigationStack: false),
                .dismiss(count: 1),
            ])
        #expect(navigator.state.routes == [.spot(id: "pipeline")])
    }

    @Test func enforcesTheSameInvariantsAsTheCoordinator() throws {
        let navigator = RecordingNavigator<SurfRoute>()
        let model = SpotListViewModel(navigator: navigator)
        let error = #expect(throws: NavigationError.self) { try model.close() }
        #expect(error?.code == .nothingPresented)
        #expect(navigator.commands == [.dismiss(count: 1)])
    }

    @Test func canRecordWithoutEnforcing() throws {
        let navigator = RecordingNavigator<SurfRoute>(enforcesInvariants: false)
        try SpotListViewModel(navigator: navigator).close()
        #expect(navigator.commands == [.dismiss(count: 1)])
        #expect(navigator.state.entries.isEmpty)
    }
}
