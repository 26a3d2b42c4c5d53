import SeamAnalysis
import Testing

@Suite("ui-state-off-main-actor")
struct ThreadSafetyTests {
    @Test("@Published state written in a background closure or a completion handler is reported")
    func reported() async throws {
        let report = try await audit([
            "SpotsViewModel.swift": """
            final class SpotsViewModel: ObservableObject {
                @Published var spots: [String] = []
                @Published var isLoading = false
                let api = API()
                func load() {
                    DispatchQueue.global(qos: .userInitiated).async {
                        self.isLoading = true
                    }
                    api.fetch { [weak self] result in
                        self?.spots = result
                    }
                    URLSession.shared.dataTask(with: url) { data, _, _ in
                        self.isLoading = false
                    }.resume()
                }
            }
            final class API { func fetch(completion: @escaping ([String]) -> Void) {} }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == [
            "SpotsViewModel.swift:7", "SpotsViewModel.swift:10", "SpotsViewModel.swift:13",
        ])
        #expect(report.subjects(.uiStateOffMainActor) == ["isLoading", "spots", "isLoading"])
    }

    @Test("the state, the completion-taking function and the writing extension can live in three files")
    func acrossFiles() async throws {
        let report = try await audit([
            "SpotsViewModel.swift": """
            final class SpotsViewModel: ObservableObject {
                @Published var spots: [String] = []
            }
            """,
            "API.swift": "final class API { func fetch(completion: @escaping ([String]) -> Void) {} }",
            "SpotsViewModel+Load.swift": """
            extension SpotsViewModel {
                func load(api: API) {
                    api.fetch { result in
                        self.spots = result
                    }
                    other.fetch { self.spots = [] }
                }
            }
            """,
        ])
        // `other.fetch` also names `fetch`: a trailing closure is judged by the callee's name alone.
        #expect(report.lines(.uiStateOffMainActor) == ["SpotsViewModel+Load.swift:4", "SpotsViewModel+Load.swift:6"])
        #expect(report.findings(.uiStateOffMainActor).map(\.location.column) == [13, 23])
    }

    @Test("@Observable state counts, and a hop to the main actor is safe")
    func observableAndHops() async throws {
        let report = try await audit([
            "Store.swift": """
            @Observable final class ForecastModel {
                var waves: [Int] = []
                @ObservationIgnored var cache: [Int] = []
                func load() {
                    DispatchQueue.global().async {
                        self.cache = []
                        self.waves = []
                        DispatchQueue.main.async { self.waves = [1] }
                        Task { @MainActor in self.waves = [2] }
                    }
                    Task.detached {
                        await MainActor.run { self.waves = [3] }
                    }
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["Store.swift:7"])
    }

    @Test("mutating calls, subscripts and member writes of UI state off the main actor are reported")
    func mutations() async throws {
        let report = try await audit([
            "FeedViewModel.swift": """
            final class FeedViewModel: ObservableObject {
                @Published var posts: [String] = []
                @Published var filter = Filter()
                @Published var isOn = false
                let api = API()
                func load() {
                    api.fetch { result in
                        self.posts.append(contentsOf: result)
                        self?.posts[0] = "first"
                        self.filter.query = "surf"
                        self.isOn.toggle()
                    }
                    DispatchQueue.global().async {
                        self.posts.removeAll()
                        let sorted = self.posts.sorted()
                        var local: [String] = []
                        local.append("x")
                        self.api.cache.append("x")
                    }
                    DispatchQueue.main.async { self.posts.append("main") }
                }
            }
            struct Filter { var query = "" }
            final class API {
                var cache: [String] = []
                func fetch(completion: @escaping ([String]) -> Void) {}
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == [
            "FeedViewModel.swift:8", "FeedViewModel.swift:9", "FeedViewModel.swift:10", "FeedViewModel.swift:11",
            "FeedViewModel.swift:14",
        ])
        #expect(report.subjects(.uiStateOffMainActor) == ["posts", "posts", "filter", "isOn", "posts"])
        // The finding points at the mutated expression (`self.posts`), as for an assignment.
        #expect(report.findings(.uiStateOffMainActor).first?.location.column == 13)
    }

    @Test("@MainActor classes, main-queue writes and non-UI state are not reported")
    func trueNegatives() async throws {
        let report = try await audit([
            "VM.swift": """
            @MainActor final class SafeViewModel: ObservableObject {
                @Published var items: [Int] = []
                func load() { DispatchQueue.global().async { self.items = [] } }
            }
            final class PlainViewModel: ObservableObject {
                @Published var items: [Int] = []
                var counter = 0
                func load() {
                    DispatchQueue.global().async { self.counter += 1 }
                    DispatchQueue.main.async { self.items = [] }
                    items = [1]
                    self.items.append(2)
                }
            }
            """
        ])
        #expect(report.findings(.uiStateOffMainActor).isEmpty)
    }
}

@Suite("ui-state-off-main-actor: tasks and async methods")
struct TaskThreadSafetyTests {
    @Test("a Task in a non-isolated method and a non-isolated async method run off the main actor")
    func tasksAndAsync() async throws {
        let report = try await audit([
            "VM.swift": """
            final class FeedViewModel: ObservableObject {
                @Published var posts: [Int] = []
                func refresh() {
                    Task { self.posts = [] }
                }
                func load() async {
                    posts = [1]
                }
                @MainActor func reload() {
                    Task { self.posts = [2] }
                }
                func sync() { posts = [3] }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:4", "VM.swift:7"])
    }
}
