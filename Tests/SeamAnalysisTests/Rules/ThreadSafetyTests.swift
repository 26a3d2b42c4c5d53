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
            final class API {
                func fetch(completion: @escaping ([String]) -> Void) {
                    URLSession.shared.dataTask(with: url) { _, _, _ in completion([]) }.resume()
                }
            }
            """
        ])
        #expect(
            report.lines(.uiStateOffMainActor) == [
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
            "API.swift": """
            final class API {
                func fetch(completion: @escaping ([String]) -> Void) {
                    DispatchQueue.global().async { completion([]) }
                }
            }
            """,
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
        // `other.fetch` also names `fetch` with matching labels: a call is matched to declarations by name and
        // labels (receivers' types are not inferred), and the only `fetch` calls back off the main actor.
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
                func fetch(completion: @escaping ([String]) -> Void) {
                    DispatchQueue.global().async { completion([]) }
                }
            }
            """
        ])
        #expect(
            report.lines(.uiStateOffMainActor) == [
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

@Suite("ui-state-off-main-actor: where callbacks run")
struct CallbackThreadSafetyTests {
    @Test(
        "a Combine chain after receive(on:) the main queue or run loop runs on the main actor, an immediate scheduler in place"
    )
    func receiveOnMain() async throws {
        let report = try await audit([
            "VM.swift": """
            final class SupportViewModel: ObservableObject {
                @Published var isSending = false
                func send(upload: AnyPublisher<String, Error>) {
                    upload
                        .receive(on: DispatchQueue.main)
                        .sink(receiveCompletion: { _ in self.isSending = false }, receiveValue: { _ in })
                        .store(in: &bag)
                    upload.map { $0 }.receive(on: RunLoop.main).sink { _ in self.isSending = true }
                    upload.receive(on: DispatchQueue.global()).sink { _ in self.isSending = false }
                    upload.receive(on: ImmediateScheduler.shared).sink { _ in self.isSending = false }
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:9"])
    }

    @Test("queue: .main runs the observer on the main actor, another queue off it, nil on the posting thread")
    func queueArgument() async throws {
        let report = try await audit([
            "Observer.swift": """
            final class ReloadObserver: ObservableObject {
                @Published var token = 0
                func observe(center: NotificationCenter, work: OperationQueue) {
                    center.addObserver(forName: .didSync, object: nil, queue: .main) { _ in self.token += 1 }
                    center.addObserver(forName: .didSync, object: nil, queue: OperationQueue.main) { _ in self.token = 2 }
                    center.addObserver(forName: .didSync, object: nil, queue: nil) { _ in self.token = 3 }
                    center.addObserver(forName: .didSync, object: nil, queue: work) { _ in self.token = 4 }
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["Observer.swift:7"])
    }

    @Test("a completion-like name is no evidence: the called function's declaration decides")
    func declarationDecides() async throws {
        let report = try await audit([
            "Poller.swift": """
            final class Poller {
                var onChange: ((Int) -> Void)?
                func start(onChange: @escaping (Int) -> Void) { self.onChange = onChange }
                func runOnMain(completion: @escaping () -> Void) {
                    DispatchQueue.main.async { completion() }
                }
                func load(completion: @escaping (Int) -> Void) {
                    guard ready else { return completion(0) }
                    URLSession.shared.dataTask(with: url) { _, _, _ in completion(1) }.resume()
                }
                func reload(handler: @escaping (Int) -> Void) {
                    load { value in handler(value) }
                }
            }
            """,
            "VM.swift": """
            final class RowViewModel: ObservableObject {
                @Published var value = 0
                let poller = Poller()
                func bind() {
                    poller.start { self.value = $0 }
                    DispatchQueue.global().async {
                        self.poller.runOnMain { self.value = 1 }
                    }
                    poller.load { self.value = $0 }
                    poller.reload(handler: { self.value = $0 })
                    download(request) { self.value = 2 }
                    item.observe(\\.isCollapsed, changeHandler: { _, _ in self.value = 3 })
                }
            }
            """,
        ])
        // `load` calls back from a data task, `reload` through `load`; `start` stores its closure,
        // `runOnMain` hops to the main queue, `download` and `observe` are not declared in the codebase.
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:9", "VM.swift:10"])
    }

    @Test("a closure parameter typed @MainActor, MainActor.assumeIsolated and SwiftUI callbacks run on the main actor")
    func mainActorCallbacks() async throws {
        let report = try await audit([
            "VM.swift": """
            final class PlayerModel: ObservableObject {
                @Published var progress = 0.0
                func onMain(_ body: @escaping @MainActor () -> Void) {}
                func tick() {
                    DispatchQueue.global().async {
                        self.onMain { self.progress = 1 }
                        MainActor.assumeIsolated { self.progress = 2 }
                        withAnimation { self.progress = 3 }
                        self.progress = 4
                    }
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:9"])
    }

    @Test("a completion forwarded by name runs where the function it is passed to calls it")
    func forwarded() async throws {
        let report = try await audit([
            "Client.swift": """
            final class Client {
                func fetchBuoys(names: [String], completion: @escaping ([Int]) -> Void) {
                    request(path: "buoys", completion: completion)
                }
                func fetchTides(completion: @escaping ([Int]) -> Void) {
                    DispatchQueue.main.async(execute: { completion([]) })
                }
                func fetchSwell(completion: @escaping ([Int]) -> Void) { store(completion) }
                private func request(path: String, completion: @escaping ([Int]) -> Void) {
                    URLSession.shared.dataTask(with: url) { _, _, _ in completion([]) }.resume()
                }
            }
            """,
            "VM.swift": """
            final class BuoysModel: ObservableObject {
                @Published var readings: [Int] = []
                func load(client: Client) {
                    client.fetchBuoys(names: []) { self.readings = $0 }
                    client.fetchTides { self.readings = $0 }
                    client.fetchSwell { self.readings = $0 }
                }
            }
            """,
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:4"])
    }

    @Test(
        "a helper that runs its closure at once where Thread.isMainThread holds and on the main queue otherwise runs it on the main actor (Lunar's mainAsync)"
    )
    func checkedMainThreadHelpers() async throws {
        let report = try await audit([
            "Util.swift": """
            import Foundation
            func mainAsync(_ action: @escaping () -> Void) {
                guard !Thread.isMainThread else {
                    action()
                    return
                }
                DispatchQueue.main.async { action() }
            }
            func onMainIfNeeded(_ action: @escaping () -> Void) {
                if Thread.isMainThread { action() } else { DispatchQueue.main.async(execute: action) }
            }
            func maybeHere(_ action: @escaping () -> Void) {
                if Thread.isMainThread { DispatchQueue.global().async { action() } } else { action() }
            }
            """,
            "VM.swift": """
            final class DisplayModel: ObservableObject {
                @Published var brightness = 0
                func refresh() {
                    DispatchQueue.global().async {
                        mainAsync { self.brightness = 1 }
                        onMainIfNeeded { self.brightness = 2 }
                        maybeHere { self.brightness = 3 }
                    }
                }
            }
            """,
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:7"])
    }

    @Test("a protocol requirement without a body does not outvote the implementation")
    func requirementsDoNotDecide() async throws {
        let report = try await audit([
            "Router.swift": """
            protocol Router {
                func post(_ body: Data, completion: @escaping (Data?) -> Void)
            }
            extension Router {
                func post(_ body: Data, completion: @escaping (Data?) -> Void) {
                    URLSession.shared.uploadTask(with: request, from: body) { data, _, _ in completion(data) }.resume()
                }
            }
            """,
            "VM.swift": """
            final class IssueModel: ObservableObject {
                @Published var isSent = false
                func send(router: Router) {
                    router.post(payload) { _ in self.isSent = true }
                }
            }
            """,
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:4"])
    }

    @Test("a parameter or local of the same name as the state is not the state")
    func localsShadow() async throws {
        let report = try await audit([
            "Search.swift": """
            final class SearchState: ObservableObject {
                @Published var result: [Int] = []
                func evaluate(result: inout [Int]) async {
                    result = [1]
                    result.append(2)
                    self.result = [3]
                }
                func rebuild() async {
                    var result: [Int] = []
                    result.append(4)
                    self.result = result
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["Search.swift:6", "Search.swift:11"])
    }

    @Test("a call that cannot reach the declaration (other labels) is not judged by it")
    func labelsMustMatch() async throws {
        let report = try await audit([
            "VM.swift": """
            final class FeedModel: ObservableObject {
                @Published var items: [Int] = []
                func fetch(page: Int, completion: @escaping ([Int]) -> Void) {
                    DispatchQueue.global().async { completion([]) }
                }
                func refresh(store: Store) {
                    fetch(page: 1) { self.items = $0 }
                    store.fetch(request: query) { self.items = $0 }
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["VM.swift:7"])
    }
}

@Suite("ui-state-off-main-actor: build settings")
struct IsolationSettingsTests {
    static let model = """
        final class AudioState: ObservableObject {
            @Published var progress = 0.0
            func update() async { progress = 1 }
            func reset() { DispatchQueue.global().async { self.progress = 0 } }
        }
        """

    @Test("MainActor default isolation in the project's settings makes unannotated classes main-actor")
    func defaultMainActor() async throws {
        let report = try await audit([
            "App/AudioState.swift": Self.model,
            "App/target.yml": "settings:\n  base:\n    SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor\n",
        ])
        #expect(report.findings(.uiStateOffMainActor).isEmpty)
    }

    @Test("settings are read from files with CRLF line endings, and a NO before a YES does not hide it")
    func crlfAndLaterValue() async throws {
        let crlf = try await audit([
            "App/AudioState.swift": Self.model,
            "App/target.yml":
                "settings:\r\n  base:\r\n    SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor\r\n    OTHER: 1\r\n",
        ])
        #expect(crlf.findings(.uiStateOffMainActor).isEmpty)
        let later = try await audit([
            "AudioState.swift": Self.model,
            "App.xcodeproj/project.pbxproj":
                "Debug = {\n SWIFT_APPROACHABLE_CONCURRENCY = NO;\n};\nRelease = {\n SWIFT_APPROACHABLE_CONCURRENCY = YES;\n};",
        ])
        #expect(later.lines(.uiStateOffMainActor) == ["AudioState.swift:4"])
    }

    @Test("a package's default isolation covers its own folder only")
    func packageScope() async throws {
        let report = try await audit([
            "Kit/Package.swift":
                "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\", swiftSettings: [.defaultIsolation(MainActor.self)])])",
            "Kit/Sources/Kit/AudioState.swift": Self.model,
            "App/AudioState.swift": Self.model.replacingOccurrences(of: "AudioState", with: "AppAudioState"),
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["App/AudioState.swift:3", "App/AudioState.swift:4"])
    }

    @Test("approachable concurrency keeps non-isolated async methods on the caller's actor")
    func approachable() async throws {
        let report = try await audit([
            "AudioState.swift": Self.model,
            "App.xcodeproj/project.pbxproj": "buildSettings = {\n SWIFT_APPROACHABLE_CONCURRENCY = YES;\n};",
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["AudioState.swift:4"])
    }

    // Swiftfin: `final class ItemProvider: ViewModel` where `@MainActor class ViewModel: ObservableObject`.
    @Test("a class inherits main-actor isolation from its superclass or a main-actor protocol")
    func inheritedIsolation() async throws {
        let report = try await audit([
            "ViewModel.swift": """
            @MainActor class ViewModel: ObservableObject {}
            @MainActor protocol Screen {}
            """,
            "Providers.swift": """
            final class ItemProvider: ViewModel {
                @Published var item = 0
                func load() async { item = 1 }
            }
            final class ScreenModel: ObservableObject, Screen {
                @Published var title = ""
                func load() async { title = "x" }
            }
            final class Overlay: NSPanel {
                @Published var flags: Set<Int> = []
                func update() { Task { self.flags = [] } }
            }
            final class Loose: ObservableObject {
                @Published var value = 0
                func load() async { value = 1 }
            }
            """,
        ])
        // ItemProvider (superclass), ScreenModel (protocol) and Overlay (an AppKit panel) are main-actor types.
        #expect(report.lines(.uiStateOffMainActor) == ["Providers.swift:15"])
    }

    // Trio: `final class StateModel: BaseStateModel<Provider>`, `protocol StateModel: ObservableObject`;
    // mastodon: a publishing job's `@Published var _state` that no view observes.
    @Test("@Published is UI state in observed classes and view models, not in any class")
    func observedThroughInheritance() async throws {
        let report = try await audit([
            "Models.swift": """
            protocol StateModel: ObservableObject {}
            class BaseStateModel<Provider>: StateModel {}
            final class SettingsState: BaseStateModel<Int> {
                @Published var message = ""
                func save() async { message = "saved" }
            }
            final class FeedViewModel {
                @Published var isLoading = false
                func load() async { isLoading = true }
            }
            final class StatusPublisher: NSObject {
                @Published var _state = 0
                func publish() async { _state = 1 }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["Models.swift:5", "Models.swift:9"])
        #expect(report.subjects(.uiStateOffMainActor) == ["message", "isLoading"])
    }
}

@Suite("ui-state-off-main-actor: what a write changes")
struct WrittenStateTests {
    // mlem: `self.api.blocks?.communities[self.actorId] = self.id` in `Community`, `api` an `ApiClient` class.
    @Test("a write through a class-typed property changes the object, not the property")
    func throughReference() async throws {
        let report = try await audit([
            "Community.swift": """
            final class Cache { var ids: [String: Int] = [:] }
            final class ApiClient { var cache = Cache() }
            protocol Session: AnyObject { var token: String { get set } }
            final class Row { var title = "" }
            @Observable
            final class Community {
                var api = ApiClient()
                var client: ApiClient?
                var session: Session
                var rows: [Row] = []
                var titles: [String] = []
                func block(key: String) {
                    Task {
                        self.api.cache.ids[key] = 1
                        self.client?.cache.ids.removeValue(forKey: key)
                        session.token = key
                        self.rows[0].title = key
                        self.titles[0] = key
                    }
                }
            }
            """
        ])
        // Only `titles[0] = key` changes state of `Community`: an array of values.
        #expect(report.lines(.uiStateOffMainActor) == ["Community.swift:18"])
        #expect(report.subjects(.uiStateOffMainActor) == ["titles"])
    }

    @Test("a write through values all the way (structs, collections, unknown types) changes the property")
    func throughValues() async throws {
        let report = try await audit([
            "Community.swift": """
            struct Cache { var ids: [String: Int] = [:] }
            struct ApiClient { var cache = Cache() }
            final class Store { var ids: [String: Int] = [:] }
            struct Settings { var store = Store() }
            @Observable
            final class Community {
                var api = ApiClient()
                var external: URLComponents
                var settings: Settings
                func block(key: String) {
                    Task {
                        self.api.cache.ids[key] = 1
                        self.external.host = key
                        self.settings.store.ids[key] = 1
                    }
                }
            }
            """
        ])
        // `settings.store` is a class: `Settings` is read to reach it, not written (`let s = Settings()` would do).
        #expect(report.lines(.uiStateOffMainActor) == ["Community.swift:12", "Community.swift:13"])
        #expect(report.subjects(.uiStateOffMainActor) == ["api", "external"])
    }

    // mlem: `await api.markReadQueue.remove(id)` in `Post`, `MarkReadQueue` an actor.
    @Test("a mutating-like call on an actor or a class reached through a property does not change the property")
    func actorThroughProperty() async throws {
        let report = try await audit([
            "Post.swift": """
            actor MarkReadQueue {
                private var ids: Set<Int> = []
                func remove(_ id: Int) { ids.remove(id) }
            }
            final class ApiClient { let markReadQueue = MarkReadQueue() }
            final class Registry { func remove(_ id: Int) {} }
            struct Services { var queue = MarkReadQueue(); var registry = Registry() }
            @Observable
            final class Post {
                var api = ApiClient()
                var queue: MarkReadQueue
                var services = Services()
                var remote: RemoteQueue
                var ids: [Int] = []
                func markUnread(_ id: Int) {
                    Task {
                        await api.markReadQueue.remove(id)
                        await queue.remove(id)
                        await self.services.queue.remove(id)
                        self.services.registry.remove(id)
                        try await remote.remove(id)
                        self.ids.remove(at: 0)
                    }
                }
            }
            """
        ])
        // `RemoteQueue` is not declared here: only `await` tells its `remove` is no collection's.
        #expect(report.lines(.uiStateOffMainActor) == ["Post.swift:22"])
        #expect(report.subjects(.uiStateOffMainActor) == ["ids"])
    }

    // enchanted: `private var generation: AnyCancellable?` set on `DispatchQueue.global()`.
    @Test("subscriptions, tasks, timers and observer tokens are no UI state; observable state is")
    func handles() async throws {
        let report = try await audit([
            "Store.swift": """
            import Combine
            @Observable
            final class Store {
                private var generation: AnyCancellable?
                private var bag = Set<AnyCancellable>()
                private var subscriptions: [Combine.AnyCancellable] = []
                private var cancellable: (any Cancellable)?
                private var refresh: Task<Void, Never>?
                private var work: DispatchWorkItem?
                private var timer: Timer?
                private var observer: NSObjectProtocol?
                private var loads: [Int: Task<Void, Never>] = [:]
                @ObservationIgnored private var cache: [Int] = []
                private(set) var pendingRequests: Set<Int> = []
                func start(_ publisher: AnyPublisher<Int, Never>) {
                    DispatchQueue.global().async {
                        self.generation = publisher.sink { _ in }
                        publisher.sink { _ in }.store(in: &self.bag)
                        self.subscriptions.append(publisher.sink { _ in })
                        self.cancellable = nil
                        self.refresh = nil
                        self.work = nil
                        self.timer = nil
                        self.observer = nil
                        self.loads[1] = nil
                        self.cache = []
                        self.pendingRequests.insert(1)
                    }
                }
            }
            final class FeedViewModel: ObservableObject {
                @Published var items: [Int] = []
                @Published var loading: Task<Void, Never>?
                func load() {
                    DispatchQueue.global().async {
                        self.items = [1]
                        self.loading = nil
                    }
                }
            }
            """
        ])
        // A set of requests is observable state, which a view may show.
        #expect(report.lines(.uiStateOffMainActor) == ["Store.swift:27", "Store.swift:36"])
        #expect(report.subjects(.uiStateOffMainActor) == ["pendingRequests", "items"])
    }

    @Test("a type of the codebase named like a handle (a model `Task`) is state")
    func handleNamesOfTheCodebase() async throws {
        let report = try await audit([
            "Todo.swift": """
            struct Task { var title = "" }
            @Observable
            final class TodoList {
                var current: Task?
                var tasks: [Task] = []
                private var refresh: _Concurrency.Task<Void, Never>?
                func load() {
                    DispatchQueue.global().async {
                        self.current = nil
                        self.tasks = []
                        self.refresh = nil
                    }
                }
            }
            """
        ])
        #expect(report.lines(.uiStateOffMainActor) == ["Todo.swift:9", "Todo.swift:10"])
        #expect(report.subjects(.uiStateOffMainActor) == ["current", "tasks"])
    }
}
