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
}
