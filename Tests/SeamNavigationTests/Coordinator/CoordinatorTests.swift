import Foundation
import Testing
import SeamNavigation

@MainActor
@Suite("Coordinator")
struct CoordinatorTests {
    @Test func everyAppliedOperationIsLogged() throws {
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.push(.spots)
        try coordinator.push(.spot(id: "pipeline"))
        try coordinator.present(.forecast(spotID: "pipeline", days: 3), as: .sheet, withNavigationStack: false)
        try coordinator.dismiss()
        try coordinator.pop(to: .spots)
        try coordinator.popToRoot()
        try coordinator.replace(with: [.push(.map)])
        #expect(
            coordinator.events == [
                .applied(.push(.spots)),
                .applied(.push(.spot(id: "pipeline"))),
                .applied(.present(.forecast(spotID: "pipeline", days: 3), .sheet, withNavigationStack: false)),
                .applied(.dismiss(count: 1)),
                .applied(.popTo(.spots)),
                .applied(.popToRoot),
                .applied(.replace([.push(.map)])),
            ])
        #expect(coordinator.state.routes == [.map])
    }

    @Test func refusedOperationsAreLoggedWithTheirError() throws {
        let coordinator = Coordinator<SurfRoute>()
        let error = #expect(throws: NavigationError.self) { try coordinator.pop() }
        let unwrapped = try #require(error)
        #expect(coordinator.events == [.rejected(.pop(count: 1), unwrapped)])
        #expect(coordinator.state.entries.isEmpty)
    }

    @Test func openingADeepLinkAppliesTheFewestSteps() throws {
        let coordinator = Coordinator(deepLinks: try surfLinks())
        try coordinator.push(.spots)
        try coordinator.push(.spot(id: "pipeline"))
        try coordinator.present(.settings, as: .sheet, withNavigationStack: true)
        let url = try #require(URL(string: "treblesurf://spots/uluwatu/forecast?days=7"))

        let steps = try coordinator.open(url)

        #expect(
            steps == [
                .dismiss(count: 1), .pop(count: 1), .push(.spot(id: "uluwatu")),
                .push(.forecast(spotID: "uluwatu", days: 7)),
            ])
        #expect(coordinator.state.routes == [.spots, .spot(id: "uluwatu"), .forecast(spotID: "uluwatu", days: 7)])
        #expect(Array(coordinator.events.suffix(5)) == [.openedDeepLink(url)] + steps.map { .applied($0) })
    }

    @Test func aFailingDeepLinkChangesNothingAndIsLogged() throws {
        let coordinator = Coordinator(deepLinks: try surfLinks())
        try coordinator.push(.map)
        let url = try #require(URL(string: "treblesurf://tides"))
        let error = #expect(throws: DeepLinkError.self) { try coordinator.open(url) }
        #expect(error?.code == .noMatch)
        #expect(coordinator.state.routes == [.map])
        #expect(coordinator.events.last == error.map { .rejectedDeepLink($0) })
    }

    @Test func aCoordinatorWithoutATableRejectsLinks() throws {
        let coordinator = Coordinator<SurfRoute>()
        let error = #expect(throws: DeepLinkError.self) { try coordinator.open(URL(string: "treblesurf://spots")!) }
        #expect(error?.code == .noMatch)
    }

    @Test func swipeBackIsRecordedAsAPop() throws {
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.replace(with: [.push(.spots), .push(.spot(id: "a")), .push(.map)])
        coordinator[pathAtLevel: 0] = [.spots]
        #expect(coordinator.state.routes == [.spots])
        #expect(coordinator.events.last == .applied(.pop(count: 2)))
    }

    @Test func writingTheSamePathIsANoOp() throws {
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.push(.spots)
        let eventCount = coordinator.events.count
        coordinator[pathAtLevel: 0] = [.spots]
        coordinator.updatePath([.map], atLevel: 5)
        #expect(coordinator.events.count == eventCount)
    }

    @Test func pathWritesInsideASheetOnlyTouchThatLevel() throws {
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.replace(with: [.push(.spots), .sheet(.map, withNavigationStack: true)])
        coordinator[pathAtLevel: 1] = [.spot(id: "a")]
        #expect(
            coordinator.state.entries == [
                .push(.spots), .sheet(.map, withNavigationStack: true), .push(.spot(id: "a")),
            ])
        #expect(coordinator.events.last == .applied(.push(.spot(id: "a"))))
    }

    @Test func modalBindingReflectsAndDismissesTheModal() throws {
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.push(.spots)
        try coordinator.present(.map, as: .sheet, withNavigationStack: true)
        try coordinator.present(.signIn, as: .fullScreenCover, withNavigationStack: false)

        let sheet = PresentedModal<SurfRoute>(level: 1, entry: .sheet(.map, withNavigationStack: true))
        #expect(coordinator[modalAbove: 0, style: .sheet] == sheet)
        #expect(coordinator[modalAbove: 0, style: .fullScreenCover] == nil)
        #expect(coordinator[modalAbove: 1, style: .fullScreenCover]?.entry.route == .signIn)
        #expect(coordinator[modalAbove: 2, style: .sheet] == nil)

        coordinator[modalAbove: 0, style: .sheet] = nil  // the user swiped the sheet down
        #expect(coordinator.state.routes == [.spots])
        #expect(coordinator.events.last == .applied(.dismiss(count: 2)))

        let eventCount = coordinator.events.count
        coordinator[modalAbove: 0, style: .sheet] = nil  // SwiftUI writes the binding again
        coordinator.modalDismissed(level: 1)
        #expect(coordinator.events.count == eventCount)
    }
}
