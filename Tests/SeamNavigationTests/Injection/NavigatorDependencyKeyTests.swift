import Foundation
import Seam
import SeamNavigation
import SeamTesting
import Testing

private enum SurfNavigatorKey: NavigatorDependencyKey {
    typealias Route = SurfRoute
    @MainActor static var deepLinks: DeepLinkTable<SurfRoute>? { get throws { try surfLinks() } }
}

/// A table with a parameter that has no name: the live navigator cannot be built.
private enum BrokenLinksNavigatorKey: NavigatorDependencyKey {
    typealias Route = SurfRoute
    @MainActor static var deepLinks: DeepLinkTable<SurfRoute>? {
        get throws { try DeepLinkTable(schemes: ["treblesurf"], rules: [DeepLinkRule("/spots/:") { _ in [.spots] }]) }
    }
}

private enum RecipeNavigatorKey: NavigatorDependencyKey {
    typealias Route = RecipeRoute
}

@MainActor
@Suite("NavigatorDependencyKey")
struct NavigatorDependencyKeyTests {
    @Test("live, the key is one Coordinator per container with the key's deep links")
    func live() throws {
        let container = Container(context: .live) { SurfNavigatorKey.self }
        let navigator = try container.resolve(SurfNavigatorKey.self)
        let coordinator = try #require(navigator as? Coordinator<SurfRoute>)
        #expect(try container.resolve(SurfNavigatorKey.self) === navigator)
        try coordinator.open(URL(string: "treblesurf://spots/pipeline")!)
        #expect(coordinator.state.routes == [.spots, .spot(id: "pipeline")])
    }

    @Test("without deep links, the live coordinator rejects every link")
    func liveWithoutLinks() throws {
        let coordinator = try #require(
            try Container(context: .live).resolve(RecipeNavigatorKey.self) as? Coordinator<RecipeRoute>)
        let error = #expect(throws: DeepLinkError.self) { try coordinator.open(URL(string: "whisked://favorites")!) }
        #expect(error?.code == .noMatch)
    }

    @Test("a deep-link table that fails to build fails the resolve, naming the key and the pattern")
    func brokenDeepLinks() throws {
        let error = #expect(throws: ResolutionError.self) {
            try Container(context: .live).resolve(BrokenLinksNavigatorKey.self)
        }
        #expect(error?.isFactoryFailure == true)
        #expect(error?.description.contains("BrokenLinksNavigatorKey") == true)
        #expect(error?.description.contains("/spots/:") == true)
    }

    @Test("in a test scope, it is a RecordingNavigator that enforces the invariants")
    func testDouble() async throws {
        let container = Container()
        try await withTestDependencies {
            let navigator = try container.resolve(SurfNavigatorKey.self)
            let recorder = try #require(navigator as? RecordingNavigator<SurfRoute>)
            #expect(recorder.enforcesInvariants)
            try navigator.push(.spots)
            #expect(throws: NavigationError.self) { try navigator.pop(count: 2) }
            #expect(recorder.commands == [.push(.spots), .pop(count: 2)])
            #expect(try container.resolve(SurfNavigatorKey.self) === recorder)
        }
    }

    @Test("a test can hand in its own navigator as a plain value override")
    func valueOverride() async throws {
        let mine = RecordingNavigator<SurfRoute>(enforcesInvariants: false)
        try await withTestDependencies({ $0[SurfNavigatorKey.self] = mine }) {
            try Container().resolve(SurfNavigatorKey.self).pop()
        }
        #expect(mine.commands == [.pop(count: 1)])
    }
}
