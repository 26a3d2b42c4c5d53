import Foundation
import SeamMigration
import Testing

/// Phase 2's last step: the container gets a factory for each view model that takes services, passing its own
/// instances and taking the view model's other parameters. Type-checked before and after, in Swift 5 and 6.
@Suite struct ViewModelFactoryTypeCheckTests {
    @Test func eachViewModelGetsAFactoryThatPassesTheContainersServices() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppContainer.swift": """
                @MainActor final class AppContainer {
                    init() {}

                    func makeDetailViewModel(id: Int) -> DetailViewModel {
                        DetailViewModel(id: id)
                    }
                }
                """,
                "Sources/App/Feed.swift": """
                final class Feed: Sendable {
                    static let shared = Feed()
                    func items() -> [String] { [] }
                }
                """,
                "Sources/App/ViewModels.swift": """
                @MainActor final class DetailViewModel {
                    let id: Int
                    init(id: Int) { self.id = id }
                }

                @MainActor final class FeedViewModel {
                    let title: String
                    init(title: String = "Feed") { self.title = title }
                    func load() -> [String] { Feed.shared.items() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/AppContainer.swift", "Sources/App/ViewModels.swift"])
        let container = try #require(result.after["Sources/App/AppContainer.swift"])
        #expect(
            container.contains(
                """
                    func makeFeedViewModel(title: String = "Feed") -> FeedViewModel {
                        FeedViewModel(title: title, feed: feed)
                    }
                """))
        #expect(
            !container.contains("makeDetailViewModel(id: Int) -> DetailViewModel {\n        DetailViewModel(id: id, "),
            "a view model without services keeps its own factory")
        #expect(result.plan.summary.factoriesAdded == ["FeedViewModel"])
    }
}
