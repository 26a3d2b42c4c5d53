import Testing
import SeamNavigation

@Suite("Step planner")
struct StepPlannerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let from: [PresentedRoute<SurfRoute>]
        let to: [PresentedRoute<SurfRoute>]
        let steps: [NavigationCommand<SurfRoute>]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "same stack: no steps", from: [.push(.spots), .push(.map)], to: [.push(.spots), .push(.map)],
            steps: []),
        Case(
            name: "empty to deep stack: pushes only", from: [], to: [.push(.spots), .push(.spot(id: "a"))],
            steps: [.push(.spots), .push(.spot(id: "a"))]),
        Case(
            name: "deep stack to root: one pop", from: [.push(.spots), .push(.spot(id: "a")), .push(.map)], to: [],
            steps: [.pop(count: 3)]),
        Case(
            name: "sibling: pop then push", from: [.push(.spots), .push(.spot(id: "a"))],
            to: [.push(.spots), .push(.spot(id: "b"))], steps: [.pop(count: 1), .push(.spot(id: "b"))]),
        Case(
            name: "modal above divergence: dismiss, pop, push",
            from: [
                .push(.spots), .push(.spot(id: "a")),
                .sheet(.forecast(spotID: "a", days: 3), withNavigationStack: true),
                .push(.map),
            ],
            to: [.push(.spots), .push(.spot(id: "b"))],
            steps: [.dismiss(count: 1), .pop(count: 1), .push(.spot(id: "b"))]),
        Case(
            name: "two nested modals dismissed in one step",
            from: [
                .push(.spots), .sheet(.map, withNavigationStack: true), .push(.spot(id: "a")),
                .fullScreenCover(.signIn, withNavigationStack: false),
            ],
            to: [.push(.spots), .push(.settings)],
            steps: [.dismiss(count: 2), .push(.settings)]),
        Case(
            name: "divergence inside a sheet keeps the sheet",
            from: [.push(.spots), .sheet(.map, withNavigationStack: true), .push(.spot(id: "a"))],
            to: [
                .push(.spots), .sheet(.map, withNavigationStack: true), .push(.spot(id: "b")),
                .push(.forecast(spotID: "b", days: 5)),
            ],
            steps: [.pop(count: 1), .push(.spot(id: "b")), .push(.forecast(spotID: "b", days: 5))]),
        Case(
            name: "same route, different presentation, is a divergence",
            from: [.push(.spots), .sheet(.settings, withNavigationStack: false)],
            to: [.push(.spots), .fullScreenCover(.settings, withNavigationStack: true), .push(.signIn)],
            steps: [
                .dismiss(count: 1), .present(.settings, .fullScreenCover, withNavigationStack: true), .push(.signIn),
            ]),
        Case(
            name: "present on top of a kept prefix",
            from: [.push(.spots)],
            to: [.push(.spots), .sheet(.signIn, withNavigationStack: false)],
            steps: [.present(.signIn, .sheet, withNavigationStack: false)]),
        Case(
            name: "pop below a modal whose root diverges",
            from: [.push(.spots), .push(.map), .sheet(.settings, withNavigationStack: false)],
            to: [.push(.spots)],
            steps: [.dismiss(count: 1), .pop(count: 1)]),
    ]

    @Test(arguments: cases)
    func plansTheExpectedSteps(_ testCase: Case) throws {
        let from = try NavigationState(testCase.from)
        let to = try NavigationState(testCase.to)
        #expect(from.steps(to: to) == testCase.steps)
    }

    @Test(arguments: cases)
    func stepsApplyToTheCurrentStateAndReachTheTarget(_ testCase: Case) throws {
        var state = try NavigationState(testCase.from)
        let target = try NavigationState(testCase.to)
        try state.apply(state.steps(to: target))
        #expect(state == target)
    }

    @Test(arguments: cases)
    func theReversePlanAlsoReachesItsTarget(_ testCase: Case) throws {
        var state = try NavigationState(testCase.to)
        let target = try NavigationState(testCase.from)
        try state.apply(state.steps(to: target))
        #expect(state == target)
    }

    @Test func atMostOneDismissAndOnePopAndRemovalsComeFirst() throws {
        let from = try NavigationState<SurfRoute>([
            .push(.spots), .push(.map), .sheet(.settings, withNavigationStack: true), .push(.signIn),
            .fullScreenCover(.spot(id: "a"), withNavigationStack: true), .push(.map),
        ])
        let to = try NavigationState<SurfRoute>([
            .push(.spots), .sheet(.signIn, withNavigationStack: true), .push(.map),
        ])
        let steps = from.steps(to: to)
        #expect(
            steps == [
                .dismiss(count: 2), .pop(count: 1), .present(.signIn, .sheet, withNavigationStack: true), .push(.map),
            ])
    }
}
