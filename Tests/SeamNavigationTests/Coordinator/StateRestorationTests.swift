import Foundation
import Testing
import SeamNavigation

@MainActor
@Suite("State restoration")
struct StateRestorationTests {
    @Test func stateRoundTripsThroughCodable() throws {
        let state = try NavigationState<SurfRoute>([
            .push(.spots), .push(.spot(id: "pipeline")),
            .sheet(.forecast(spotID: "pipeline", days: 5), withNavigationStack: true),
            .push(.map), .fullScreenCover(.signIn, withNavigationStack: false),
        ])
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(NavigationState<SurfRoute>.self, from: data) == state)
    }

    @Test func coordinatorRestoresAndLogsIt() throws {
        let original = Coordinator<RecipeRoute>()
        try original.push(.mealsByCategory("Dessert"))
        try original.push(.mealDetail(id: "52768"))
        try original.present(.favorites, as: .sheet, withNavigationStack: true)

        let restored = Coordinator<RecipeRoute>()
        try restored.restore(from: original.encodedState())

        #expect(restored.state == original.state)
        #expect(restored.events == [.restored(original.state)])
    }

    @Test func restoringAStateThatBreaksAnInvariantFails() throws {
        let json =
            #"{"entries":[{"route":{"settings":{}},"presentation":{"sheet":{"withNavigationStack":false}}},"#
            + #"{"route":{"map":{}},"presentation":{"push":{}}}]}"#
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.push(.spots)
        #expect { try coordinator.restore(from: Data(json.utf8)) } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return context.debugDescription.contains("has no navigation stack")
        }
        #expect(coordinator.state.routes == [.spots])
        #expect(coordinator.events == [.applied(.push(.spots))])
    }

    @Test func restoringGarbageFailsWithoutChangingTheState() throws {
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.push(.spots)
        #expect(throws: DecodingError.self) { try coordinator.restore(from: Data("{\"entries\": [".utf8)) }
        #expect(coordinator.state.routes == [.spots])
    }
}
