import Testing
import SeamNavigation

/// A sign-in flow that finishes with the signed-in user's id, or `nil` when cancelled.
private final class SignInFlow: ChildCoordinator<String?> {
    let navigation = Coordinator<SurfRoute>()
}

@MainActor
@Suite("Child coordinators")
struct ChildCoordinatorTests {
    @Test func childFinishesWithItsResultAndIsReleased() throws {
        let parent = Coordinator<SurfRoute>()
        var results: [String?] = []
        weak var weakChild: SignInFlow?
        do {
            let child = SignInFlow()
            weakChild = child
            try parent.start(child) { results.append($0) }
        }
        #expect(weakChild != nil, "the parent keeps a running child alive")
        #expect(weakChild?.isRunning == true)
        #expect(parent.childCount == 1)

        try weakChild?.finish(with: "surfer-42")

        #expect(results == ["surfer-42"])
        #expect(parent.childCount == 0)
        #expect(weakChild == nil, "a finished child is released")
    }

    @Test func childThatPresentsItsOwnStackIsReleasedWithIt() throws {
        let parent = Coordinator<SurfRoute>()
        try parent.present(.signIn, as: .sheet, withNavigationStack: true)
        weak var weakChild: SignInFlow?
        weak var weakNavigation: Coordinator<SurfRoute>?
        do {
            let child = SignInFlow()
            weakChild = child
            weakNavigation = child.navigation
            try child.navigation.push(.settings)
            try parent.start(child) { [weak parent] _ in try? parent?.dismiss() }
        }
        try weakChild?.finish(with: nil)
        #expect(parent.state.entries.isEmpty)
        #expect(weakChild == nil)
        #expect(weakNavigation == nil)
    }

    @Test func finishingTwiceThrows() throws {
        let parent = Coordinator<SurfRoute>()
        let child = SignInFlow()
        var count = 0
        try parent.start(child) { _ in count += 1 }
        try child.finish(with: nil)
        let error = #expect(throws: NavigationError.self) { try child.finish(with: "again") }
        #expect(error?.code == .childNotRunning)
        #expect(error?.message.contains("already finished") == true)
        #expect(count == 1)
    }

    @Test func finishingAChildNeverStartedThrows() {
        let error = #expect(throws: NavigationError.self) { try SignInFlow().finish(with: nil) }
        #expect(error?.code == .childNotRunning)
        #expect(error?.message.contains("never started") == true)
    }

    @Test func startingTwiceThrows() throws {
        let parent = Coordinator<SurfRoute>()
        let child = SignInFlow()
        try parent.start(child) { _ in }
        let error = #expect(throws: NavigationError.self) { try parent.start(child) { _ in } }
        #expect(error?.code == .childAlreadyStarted)
        #expect(parent.childCount == 1)
    }

    @Test func parentReleasedBeforeTheChildFinishesStillDeliversTheResult() throws {
        var parent: Coordinator<SurfRoute>? = Coordinator()
        weak let weakParent = parent
        let child = SignInFlow()
        var results: [String?] = []
        try parent?.start(child) { results.append($0) }
        parent = nil
        #expect(weakParent == nil, "a child does not keep its parent alive")
        try child.finish(with: "late")
        #expect(results == ["late"])
    }
}
