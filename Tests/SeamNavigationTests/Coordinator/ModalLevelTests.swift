import Foundation
import Testing
import SeamNavigation

/// Levels the UI reports are validated before any arithmetic: an absurd level is a no-op, never a trap.
@MainActor
@Suite("Coordinator modal levels")
struct ModalLevelTests {
    private func coordinatorWithTwoModals() throws -> Coordinator<SurfRoute> {
        let coordinator = Coordinator<SurfRoute>()
        try coordinator.push(.spots)
        try coordinator.present(.map, as: .sheet, withNavigationStack: true)
        try coordinator.present(.signIn, as: .fullScreenCover, withNavigationStack: false)
        return coordinator
    }

    @Test("a dismissal at a level no modal opens changes nothing", arguments: [-1, 0, 3])
    func outOfRangeDismissalIsIgnored(level: Int) throws {
        let coordinator = try coordinatorWithTwoModals()
        let before = coordinator.state
        let eventCount = coordinator.events.count
        coordinator.modalDismissed(level: level)
        #expect(coordinator.state == before)
        #expect(coordinator.events.count == eventCount)
    }

    @Test("a dismissal at an existing level dismisses that modal and the ones above it")
    func dismissalAtAnExistingLevel() throws {
        let coordinator = try coordinatorWithTwoModals()
        coordinator.modalDismissed(level: 2)
        #expect(coordinator.state.modalCount == 1)
        #expect(coordinator.events.last == .applied(.dismiss(count: 1)))
    }

    @Test("the modal binding at an out-of-range level reads nil and ignores writes", arguments: [-1, 2])
    func outOfRangeModalBinding(level: Int) throws {
        let coordinator = try coordinatorWithTwoModals()
        let before = coordinator.state
        #expect(coordinator[modalAbove: level, style: .sheet] == nil)
        coordinator[modalAbove: level, style: .sheet] = nil
        #expect(coordinator.state == before)
    }

    // `Int.min` and `Int.max` trapped (overflow) before: they run in a child process, so a regression fails
    // the test instead of killing the test run.
    @Test("Int.min and Int.max levels are ignored, not a trap")
    func extremeLevels() async {
        await #expect(processExitsWith: .success) {
            let unchanged = await MainActor.run { () -> Bool in
                let coordinator = Coordinator<SurfRoute>()
                do {
                    try coordinator.push(.spots)
                    try coordinator.present(.map, as: .sheet, withNavigationStack: true)
                } catch {
                    return false
                }
                let before = coordinator.state
                for level in [Int.min, Int.max] {
                    coordinator.modalDismissed(level: level)
                    guard coordinator[modalAbove: level, style: .sheet] == nil else { return false }
                    coordinator[modalAbove: level, style: .sheet] = nil
                }
                return coordinator.state == before
            }
            if !unchanged { exit(1) }
        }
    }
}
