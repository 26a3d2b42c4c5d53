// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamNavigation/SeamNavigation.docc/GettingStarted.md, compiled and run: each block is
// here verbatim, inside a namespace (SeamTests' DocCCatalogTests checks every line is here).
import Foundation
import Seam
import SeamNavigation
import SeamTesting
import Testing

enum NavigationArticle {
    enum SurfRoute: NavigationRoute {
        case spots, spot(id: String), forecast(spotID: String, days: Int), settings
    }

    struct Outcome {
        let steps: [NavigationCommand<SurfRoute>]
        let saved: Data
        let coordinator: Coordinator<SurfRoute>
    }

    @MainActor
    static func navigate() throws -> Outcome {
        let links = try DeepLinkTable<SurfRoute>(schemes: ["treblesurf"], hosts: ["treblesurf.app"], rules: [
            DeepLinkRule("/spots/:id") { link in [.spots, .spot(id: try link.value("id"))] },
            DeepLinkRule("/spots/:id/forecast") { link in
                let id = try link.value("id")
                let days = try link.optionalValue("days", as: Int.self) ?? 3
                return [.spots, .spot(id: id), .forecast(spotID: id, days: days)]
            },
            DeepLinkRule("/settings", entries: { _ in [.sheet(.settings, withNavigationStack: true)] }),
        ])

        let coordinator = Coordinator(deepLinks: links)
        try coordinator.push(.spots)
        try coordinator.push(.spot(id: "pipeline"))
        try coordinator.present(.settings, as: .sheet, withNavigationStack: true)

        // The fewest steps from the current state: dismiss 1, pop 1, push spot(uluwatu), push forecast(...)
        let steps = try coordinator.open(URL(string: "treblesurf://spots/uluwatu/forecast?days=7")!)

        let saved = try coordinator.encodedState()      // state restoration; decoding re-checks the invariants
        return Outcome(steps: steps, saved: saved, coordinator: coordinator)
    }

    enum SurfNavigatorKey: NavigatorDependencyKey {
        typealias Route = SurfRoute
    }

    @MainActor final class SpotListViewModel {
        private let navigator: any Navigating<SurfRoute>
        init(navigator: any Navigating<SurfRoute>) { self.navigator = navigator }
        func select(spotID: String) throws { try navigator.push(.spot(id: spotID)) }
        func showSettings() throws { try navigator.present(.settings, as: .sheet, withNavigationStack: true) }
    }

    @Suite("Article: Getting started with SeamNavigation")
    struct Tests {
        @Test(.seamDependencies) @MainActor
        func selectingASpotPushesIt() throws {
            let navigator = try Container().resolve(SurfNavigatorKey.self)
            let model = SpotListViewModel(navigator: navigator)
            try model.select(spotID: "pipeline")
            try model.showSettings()

            let recorder = try #require(navigator as? RecordingNavigator<SurfRoute>)
            #expect(recorder.commands == [.push(.spot(id: "pipeline")), .present(.settings, .sheet, withNavigationStack: true)])
        }

        @Test("the deep link takes the fewest steps, and the saved state restores")
        @MainActor
        func deepLink() throws {
            let outcome = try NavigationArticle.navigate()
            #expect(outcome.steps == [
                .dismiss(count: 1), .pop(count: 1), .push(.spot(id: "uluwatu")), .push(.forecast(spotID: "uluwatu", days: 7)),
            ])
            #expect(outcome.coordinator.state.routes == [.spots, .spot(id: "uluwatu"), .forecast(spotID: "uluwatu", days: 7)])
            #expect(!outcome.saved.isEmpty)
        }

        @Test("live, the key is a Coordinator the view model drives")
        @MainActor
        func live() throws {
            let navigator = try Container(context: .live).resolve(SurfNavigatorKey.self)
            try SpotListViewModel(navigator: navigator).select(spotID: "pipeline")
            #expect(navigator is Coordinator<SurfRoute>)
            #expect(navigator.state.routes == [.spot(id: "pipeline")])
        }
    }
}
