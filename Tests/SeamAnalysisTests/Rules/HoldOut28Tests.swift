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
}
