import SeamAnalysis
import Testing

/// Hold-out round 28's misses and wrong findings (bitchat, FSNotes, Mammoth, Waktaverse Music; tuning apps since),
/// each a shape met there.
@Suite("hold-out 28: use cases, named constants, dequeued cells, keyword tables")
struct HoldOut28Tests {
    /// Waktaverse Music's reactors take `fetchSongUseCase: any FetchSongUseCase` and read `PreferenceManager.shared`:
    /// a use case is the domain layer's service (Clean Architecture), so taking one is injection. 14 of the app's 32
    /// listed bypasses went unreported.
    @Test("a use case is a service: taking one through init and reaching a singleton is a bypass")
    func useCasesAreServices() async throws {
        let report = try await audit([
            "Domain.swift": """
            protocol FetchSongUseCase { func execute(id: String) -> [String] }
            protocol SongRepository { func fetch(id: String) -> [String] }
            struct FetchSongUseCaseImpl: FetchSongUseCase {
                let songRepository: any SongRepository
                func execute(id: String) -> [String] { songRepository.fetch(id: id) }
            }
            final class PreferenceManager { static let shared = PreferenceManager(); var userID: String? }
            """,
            "SongReactor.swift": """
            final class SongReactor {
                private let fetchSongUseCase: any FetchSongUseCase
                init(fetchSongUseCase: any FetchSongUseCase) { self.fetchSongUseCase = fetchSongUseCase }
                func load() -> [String] { fetchSongUseCase.execute(id: PreferenceManager.shared.userID ?? "") }
            }
            """,
        ])
        #expect(
            report.lines(.injectionBypass) == ["SongReactor.swift:4"],
            "\(report.findings(.injectionBypass).map(\.message))")
    }

    /// bitchat's `BLEService` keeps `private let meshTopology = MeshTopologyTracker()` and `private let contentCache:
    /// LRUDeduplicationCache<Date>`: in-memory parts of their one owner, with no dependency of their own (4 of round
    /// 28's 7 wrong `missing-protocol` findings). Held by two owners, held openly, keeping a service, or a client (it
    /// talks to the world whoever holds it), a helper is a service like any other.
    @Test("a cache or tracker one other type keeps privately, with no dependency of its own, needs no protocol")
    func privateHelpers() async throws {
        let report = try await audit([
            "Mesh.swift": """
            protocol Transport { func send() }
            final class MeshTopologyTracker { private var edges: [String: Set<String>] = [:]; func add(_ a: String) {} }
            final class LRUDeduplicationCache<Value> { private var values: [String: Value] = [:]; init(capacity: Int) {} }
            final class BLEService: Transport {
                private let meshTopology = MeshTopologyTracker()
                private let contentCache: LRUDeduplicationCache<Date>
                init() { contentCache = LRUDeduplicationCache(capacity: 10) }
                func send() {}
            }
            """,
            "Open.swift": """
            final class RouteCache { private var routes: [String] = []; func add(_ route: String) {} }
            final class SharedCache { private var items: [String] = []; func add(_ item: String) {} }
            final class APIClient { func get() {} }
            final class FeedCache { private let api = APIClient(); func refresh() { api.get() } }
            final class FeedService: Transport {
                let routes = RouteCache()
                private let shared = SharedCache()
                private let feed = FeedCache()
                func send() {}
            }
            final class ChatService: Transport { private let shared = SharedCache(); func send() {} }
            """,
        ])
        #expect(
            report.subjects(.missingProtocol).sorted() == ["APIClient", "FeedCache", "RouteCache", "SharedCache"],
            "\(report.findings(.missingProtocol).map(\.message))")
    }

    /// Waktaverse Music's `LogHistoryStorage` is declared under `#if DEBUG || QA`; Mammoth's `struct GlobalStruct {
    /// init() {}; static let shared = GlobalStruct(); static var … }` shares an instance with nothing to call.
    @Test("a type compiled only for debug or QA builds, or a shared instance with no member, needs no protocol")
    func debugOnlyAndMemberless() async throws {
        let report = try await audit([
            "Log.swift": """
            #if DEBUG || QA
            final class LogHistoryStorage {
                static let shared = LogHistoryStorage()
                private var logs: [String] = []
                func append(_ log: String) { logs.append(log) }
            }
            #endif
            public struct GlobalStruct {
                static var isSubscribed: Bool = false
                init() {}
                static let shared = GlobalStruct()
                static var clientID = ""
            }
            final class ReleaseStore {
                static let shared = ReleaseStore()
                private init() {}
                func load() {}
            }
            """
        ])
        #expect(
            report.subjects(.missingProtocol) == ["ReleaseStore"], "\(report.findings(.missingProtocol).map(\.message))"
        )
    }

    /// bitchat's `ChatVerificationCoordinator(context: self)` takes `any ChatVerificationContext`, which only
    /// `ChatViewModel` adopts, and `NetworkActivationService`'s `private init()` fills what its other `init` takes
    /// with `LocationStateManager.shared`: no injection bypassed. A coordinator given a service protocol still bypasses.
    @Test("an owner's interface taken by its helper, and a parameterless init filling the other, bypass nothing")
    func ownerInterfacesAndDefaultSets() async throws {
        let report = try await audit([
            "Chat.swift": """
            final class VerificationService { static let shared = VerificationService(); func verify() {} }
            protocol ChatVerificationContext: AnyObject { func fingerprint() -> String? }
            final class ChatViewModel: ObservableObject {
                lazy var verification = ChatVerificationCoordinator(context: self)
            }
            extension ChatViewModel: ChatVerificationContext { func fingerprint() -> String? { nil } }
            final class ChatVerificationCoordinator {
                private unowned let context: any ChatVerificationContext
                init(context: any ChatVerificationContext) { self.context = context }
                func verify() { VerificationService.shared.verify() }
            }
            protocol NetworkMonitor: AnyObject { func start() }
            final class LocationManager { static let shared = LocationManager(); var isOn = false }
            final class NetworkActivationService {
                static let shared = NetworkActivationService()
                private let reachability: any NetworkMonitor
                private let isLocationOn: () -> Bool
                init(reachability: any NetworkMonitor, isLocationOn: @escaping () -> Bool) {
                    self.reachability = reachability
                    self.isLocationOn = isLocationOn
                }
                private convenience init() {
                    self.init(reachability: LiveNetworkMonitor(), isLocationOn: { LocationManager.shared.isOn })
                }
                func check() -> Bool { LocationManager.shared.isOn }
            }
            final class LiveNetworkMonitor: NetworkMonitor { func start() {} }
            final class RelayCoordinator {
                private let reachability: any NetworkMonitor
                init(reachability: any NetworkMonitor) { self.reachability = reachability }
                func verify() { VerificationService.shared.verify() }
            }
            """
        ])
        #expect(
            report.lines(.injectionBypass) == ["Chat.swift:25", "Chat.swift:31"],
            "\(report.findings(.injectionBypass).map(\.message))")
    }

    /// FSNotes' `Storage` keeps `noteList: [Note]`, `projects = [Project]()` and `welcomeNote: Note?`; `Note` takes its
    /// `Project` and reads `Storage.shared()`, and `MoveViewController(notes: [Note])` does too. Entities a store keeps
    /// in collections are data: no dependency cycle through the store, no injection set up by taking them (round 28's
    /// 3 wrong `dependency-cycle` and 4 wrong `injection-bypass` findings).
    @Test("entities a store keeps in collections are data: no cycle through the store, no injection")
    func storeEntities() async throws {
        let report = try await audit([
            "Storage.swift": """
            final class Storage {
                static let instance = Storage()
                var noteList: [Note] = []
                var projects = [Project]()
                var welcomeNote: Note?
                var allNotesProject: Project?
                func save() {}
            }
            final class Project {
                let storage: Storage
                var label = ""
                init(storage: Storage) { self.storage = storage }
            }
            final class Note {
                var project: Project
                var title = ""
                init(project: Project) { self.project = project }
                func save() { Storage.instance.save() }
            }
            final class MoveViewController {
                let notes: [Note]
                init(notes: [Note]) { self.notes = notes }
                func move() { Storage.instance.save() }
            }
            """,
            "Services.swift": """
            final class APIClient { static let shared = APIClient(); var session: Session? }
            final class Session { func refresh() { APIClient.shared.reset() } }
            extension APIClient { func reset() {} }
            """,
        ])
        #expect(report.findings(.injectionBypass).isEmpty, "\(report.findings(.injectionBypass).map(\.message))")
        #expect(
            report.findings(.dependencyCycle).map(\.message) == ["Dependency cycle: APIClient → Session → APIClient"])
    }

    /// bitchat's `ConversationStore` keeps `conversationsByID: [ConversationID: Conversation]`, each `Conversation` an
    /// `ObservableObject` of 305 lines: an entity views observe, not a view model. One named a view model stays one.
    @Test("an observable entity a store keeps in a collection is no fat view model")
    func observableEntities() async throws {
        var configuration = AuditConfiguration()
        configuration.thresholds.viewModelLines = 4
        let report = try await audit(
            [
                "Store.swift": """
                import Combine
                final class Conversation: ObservableObject, Identifiable {
                    let id: String
                    @Published var messages: [String] = []
                    init(id: String) { self.id = id }
                    func append(_ message: String) { messages.append(message) }
                }
                final class RowViewModel: ObservableObject {
                    @Published var title = ""
                    func load() { title = "" }
                    func clear() { title = "" }
                }
                final class ConversationStore: ObservableObject {
                    @Published private(set) var conversationsByID: [String: Conversation] = [:]
                    @Published var rows: [RowViewModel] = []
                }
                """
            ], configuration: configuration)
        #expect(report.subjects(.fatViewModel) == ["RowViewModel"], "\(report.findings(.fatViewModel).map(\.message))")
    }
}
