import Testing
@testable import SeamNavigation

@Suite("NavigationState operations")
struct NavigationStateTests {
    private func state(_ commands: NavigationCommand<SurfRoute>...) throws -> NavigationState<SurfRoute> {
        var state = NavigationState<SurfRoute>()
        try state.apply(commands)
        return state
    }

    @Test func pushAppendsToTheRootStack() throws {
        let state = try state(.push(.spots), .push(.spot(id: "pipeline")))
        #expect(state.entries == [.push(.spots), .push(.spot(id: "pipeline"))])
        #expect(state.path(atLevel: 0) == [.spots, .spot(id: "pipeline")])
        #expect(state.top == .push(.spot(id: "pipeline")))
    }

    @Test func popRemovesTheTopRoute() throws {
        var state = try state(.push(.spots), .push(.spot(id: "pipeline")))
        try state.apply(.pop(count: 1))
        #expect(state.routes == [.spots])
    }

    @Test func popSeveralInOneStep() throws {
        var state = try state(.push(.spots), .push(.spot(id: "a")), .push(.forecast(spotID: "a", days: 3)))
        try state.apply(.pop(count: 2))
        #expect(state.routes == [.spots])
    }

    @Test func popOnAnEmptyStackThrows() {
        var state = NavigationState<SurfRoute>()
        #expect { try state.apply(.pop(count: 1)) } throws: { error in
            let error = error as? NavigationError
            return error?.code == .nothingToPop && error?.message.contains("the root stack has 0 pushed") == true
        }
    }

    @Test func popMoreThanPushedThrowsAndLeavesTheStateUnchanged() throws {
        var state = try state(.push(.spots))
        let before = state
        #expect(throws: NavigationError.self) { try state.apply(.pop(count: 2)) }
        #expect(state == before)
    }

    @Test(arguments: [0, -1])
    func popCountBelowOneThrows(count: Int) throws {
        var state = try state(.push(.spots))
        let error = #expect(throws: NavigationError.self) { try state.apply(.pop(count: count)) }
        #expect(error?.code == .invalidCount)
    }

    @Test func popInsideAModalWithNothingPushedPointsToDismiss() throws {
        var state = try state(.push(.spots), .present(.settings, .sheet, withNavigationStack: true))
        let error = #expect(throws: NavigationError.self) { try state.apply(.pop(count: 1)) }
        #expect(error?.code == .nothingToPop)
        #expect(error?.message.contains("dismiss the modal instead") == true)
        #expect(state.routes == [.spots, .settings])
    }

    @Test func popToARouteInTheStack() throws {
        var state = try state(.push(.spots), .push(.spot(id: "a")), .push(.forecast(spotID: "a", days: 3)), .push(.map))
        try state.apply(.popTo(.spot(id: "a")))
        #expect(state.routes == [.spots, .spot(id: "a")])
    }

    @Test func popToTheCurrentTopIsAlreadySatisfied() throws {
        var state = try state(.push(.spots), .push(.map))
        try state.apply(.popTo(.map))
        #expect(state.routes == [.spots, .map])
    }

    @Test func popToARouteNotInTheStackThrowsNamingIt() throws {
        var state = try state(.push(.spots))
        let error = #expect(throws: NavigationError.self) { try state.apply(.popTo(.settings)) }
        #expect(error?.code == .routeNotInStack)
        #expect(error?.message.contains("settings") == true)
    }

    @Test func popToARouteBelowAModalThrowsAndSaysToDismissFirst() throws {
        var state = try state(.push(.spots), .present(.map, .sheet, withNavigationStack: true), .push(.spot(id: "a")))
        let error = #expect(throws: NavigationError.self) { try state.apply(.popTo(.spots)) }
        #expect(error?.code == .routeNotInStack)
        #expect(error?.message.contains("dismiss first") == true)
    }

    @Test func popToTheModalRootPopsItsWholeStack() throws {
        var state = try state(
            .present(.map, .sheet, withNavigationStack: true), .push(.spot(id: "a")),
            .push(.forecast(spotID: "a", days: 1))
        )
        try state.apply(.popTo(.map))
        #expect(state.entries == [.sheet(.map, withNavigationStack: true)])
    }

    @Test func popToRootInOneStepStaysInTheTopLevel() throws {
        var state = try state(
            .push(.spots), .present(.map, .sheet, withNavigationStack: true), .push(.spot(id: "a")),
            .push(.spot(id: "b"))
        )
        try state.apply(.popToRoot)
        #expect(state.entries == [.push(.spots), .sheet(.map, withNavigationStack: true)])
    }

    @Test func popToRootAtTheRootIsAlreadySatisfied() throws {
        var state = NavigationState<SurfRoute>()
        try state.apply(.popToRoot)
        #expect(state.entries.isEmpty)
    }

    @Test func presentOpensALevel() throws {
        let state = try state(.push(.spots), .present(.signIn, .fullScreenCover, withNavigationStack: false))
        #expect(state.modalCount == 1)
        #expect(
            state.levels == [
                NavigationLevel(modal: nil, path: [.spots]),
                NavigationLevel(modal: .fullScreenCover(.signIn, withNavigationStack: false), path: []),
            ])
        #expect(!state.canPush)
    }

    @Test func pushInsideASheetWithANavigationStack() throws {
        let state = try state(.present(.map, .sheet, withNavigationStack: true), .push(.spot(id: "a")))
        #expect(state.path(atLevel: 1) == [.spot(id: "a")])
        #expect(state.path(atLevel: 0).isEmpty)
        #expect(state.path(atLevel: 7).isEmpty)
    }

    @Test(arguments: ModalStyle.allCases)
    func pushInsideAModalWithoutNavigationStackThrows(style: ModalStyle) throws {
        var state = try state(.present(.settings, style, withNavigationStack: false))
        let error = #expect(throws: NavigationError.self) { try state.apply(.push(.map)) }
        #expect(error?.code == .pushWithoutNavigationStack)
        #expect(error?.message.contains("settings") == true)
        #expect(state.routes == [.settings])
    }

    @Test func dismissRemovesTheTopModalAndWhatIsPushedInside() throws {
        var state = try state(
            .push(.spots), .present(.map, .sheet, withNavigationStack: true), .push(.spot(id: "a"))
        )
        try state.apply(.dismiss(count: 1))
        #expect(state.routes == [.spots])
    }

    @Test func dismissSeveralModalsInOneStep() throws {
        var state = try state(
            .push(.spots), .present(.map, .sheet, withNavigationStack: true),
            .present(.signIn, .fullScreenCover, withNavigationStack: false)
        )
        try state.apply(.dismiss(count: 2))
        #expect(state.routes == [.spots])
    }

    @Test func dismissWithNothingPresentedThrows() throws {
        var state = try state(.push(.spots))
        let error = #expect(throws: NavigationError.self) { try state.apply(.dismiss(count: 1)) }
        #expect(error?.code == .nothingPresented)
        #expect(error?.message == "cannot dismiss 1 modal: 0 presented")
    }

    @Test func dismissCountBelowOneThrows() throws {
        var state = try state(.present(.map, .sheet, withNavigationStack: false))
        let error = #expect(throws: NavigationError.self) { try state.apply(.dismiss(count: 0)) }
        #expect(error?.code == .invalidCount)
    }

    @Test func replaceInstallsAValidStack() throws {
        var state = try state(.push(.map))
        try state.apply(.replace([.push(.spots), .sheet(.settings, withNavigationStack: true), .push(.signIn)]))
        #expect(state.routes == [.spots, .settings, .signIn])
    }

    @Test func replaceWithAnInvalidStackThrowsNamingTheEntry() throws {
        var state = try state(.push(.map))
        let error = #expect(throws: NavigationError.self) {
            try state.apply(.replace([.sheet(.settings, withNavigationStack: false), .push(.signIn)]))
        }
        #expect(error?.code == .invalidStack)
        #expect(error?.message.contains("entry 1") == true)
        #expect(state.routes == [.map])
    }

    @Test func aFailingBatchLeavesTheStateUnchanged() throws {
        var state = try state(.push(.spots))
        #expect(throws: NavigationError.self) { try state.apply([.push(.map), .dismiss(count: 1)]) }
        #expect(state.routes == [.spots])
    }

    @Test func errorDescriptionStartsWithTheCode() {
        var state = NavigationState<SurfRoute>()
        let error = #expect(throws: NavigationError.self) { try state.apply(.dismiss(count: 1)) }
        #expect(error?.description.hasPrefix("nothingPresented: ") == true)
    }
}
