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

    /// Hold-out round 26 (amakaflow's `AppDependencies`): a view model taking the container itself
    /// (`dependencies: AppDependencies = .current`) got a factory taking it again; one with an optional service parameter
    /// (`apiService: APIServiceProviding? = nil`) got a factory asking for it. The container passes `self` and its own
    /// instance.
    @Test func aFactoryPassesItselfAndItsInstancesToOptionalParameters() async throws {
        let result = try await assertMigrationTypeChecks(
            before: [
                "Sources/App/AppDependencies.swift": """
                protocol APIServiceProviding: Sendable { func fetch() -> [String] }
                final class APIService: APIServiceProviding {
                    static let shared = APIService()
                    func fetch() -> [String] { [] }
                }
                @MainActor final class AppDependencies {
                    let apiService: any APIServiceProviding
                    init(apiService: any APIServiceProviding = APIService.shared) { self.apiService = apiService }
                    static let current = AppDependencies()
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
                    private let dependencies: AppDependencies
                    init(id: Int, dependencies: AppDependencies = .current) {
                        self.id = id
                        self.dependencies = dependencies
                    }
                    func load() -> [String] { Feed.shared.items() }
                }

                @MainActor final class HomeViewModel {
                    private let apiService: any APIServiceProviding
                    init(apiService: (any APIServiceProviding)? = nil) { self.apiService = apiService ?? APIService.shared }
                    func load() -> [String] { Feed.shared.items() + apiService.fetch() }
                }
                """,
            ],
            modes: SwiftLanguageMode.both,
            rewritten: ["Sources/App/AppDependencies.swift", "Sources/App/ViewModels.swift"])
        let container = try #require(result.after["Sources/App/AppDependencies.swift"])
        #expect(container.contains("func makeDetailViewModel(id: Int) -> DetailViewModel {"), "\(container)")
        #expect(container.contains("DetailViewModel(id: id, dependencies: self, feed: feed)"), "\(container)")
        #expect(container.contains("func makeHomeViewModel() -> HomeViewModel {"), "\(container)")
        #expect(container.contains("HomeViewModel(apiService: apiService, feed: feed)"), "\(container)")
    }
}
