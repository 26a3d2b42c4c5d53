import Foundation
import Testing

@testable import SeamAnalysis

/// `seam plan`'s roadmap: the reference write-up's six phases, filled with a codebase's own work.
@Suite struct RoadmapTests {
    static let app: [String: String] = [
        "App/Services.swift": """
        final class APIClient {
            static let shared = APIClient()
            func get() {}
        }
        final class AuthService {
            static let shared = AuthService()
            func signOut() { APIClient.shared.get() }
        }
        final class Logger {
            static let shared = Logger()
            func log(_ message: String) {}
        }
        """,
        "App/ProfileViewModel.swift": """
        final class ProfileViewModel: ObservableObject {
            private let api: APIClient
            init(api: APIClient) { self.api = api }
            func signOut() {
                AuthService.shared.signOut()
                AuthService.shared.signOut()
                Logger.shared.log("signed out")
            }
        }
        """,
        "App/SettingsView.swift": """
        struct SettingsView: View {
            var body: some View {
                Button("Sign out") { AuthService.shared.signOut() }
            }
        }
        """,
    ]

    private func roadmap(_ files: [String: String] = Self.app) async throws -> Roadmap {
        Auditor().roadmap(try await load(files))
    }

    @Test func theReferenceCountsGiveTheWriteUpsOwnHours() {
        let estimates = EffortCalibration.reference.rates.map { $0.estimate(units: $0.referenceUnits) }
        #expect(estimates.reduce(0) { $0 + $1.lowHours } == 520)
        #expect(estimates.reduce(0) { $0 + $1.highHours } == 720)
        #expect(estimates.map(\.hours) == ["40 h", "80–120 h", "120–160 h", "80–120 h", "120–160 h", "80–120 h"])
    }

    @Test func eachPhaseListsItsTypesWork() async throws {
        let roadmap = try await roadmap()
        #expect(
            roadmap.phases.map(\.title) == [
                "Foundation", "Core view models", "Service layer", "Protocols", "View layer", "Fewer singletons",
            ])
        let foundation = roadmap.phases[0].tasks
        // No container in the app, and the view model takes a service through init but still reaches another.
        #expect(foundation.map(\.typeName) == [nil, "ProfileViewModel"])
        #expect(foundation[1].units == 2, "two bypass sites; the logger is global by design")
        #expect(roadmap.phases[1].tasks.map(\.typeName) == ["ProfileViewModel"])
        #expect(roadmap.phases[2].tasks.map(\.typeName) == ["AuthService"])
        #expect(roadmap.phases[4].tasks.map(\.typeName) == ["SettingsView"])
        #expect(roadmap.phases[4].tasks.first?.title == "Read `AuthService` from the environment in `SettingsView`")
        // The logger stays: only the other two singletons are to retire, the one with fewer uses first.
        #expect(
            roadmap.phases[5].tasks.map(\.title) == [
                "Retire `APIClient.shared`: the container creates the instance",
                "Retire `AuthService.shared`: the container creates the instance",
            ])
    }

    @Test func statusIsDoneForEmptyPhasesAndNextForTheFirstWithWork() async throws {
        let roadmap = try await roadmap()
        #expect(roadmap.phases.map(\.status) == [.next, .pending, .pending, .pending, .pending, .pending])
        let clean = try await self.roadmap(["A.swift": "struct Point { var x = 0 }"])
        #expect(
            clean.phases.map(\.status) == [.next, .done, .done, .done, .done, .done], "only the container is missing")
        #expect(clean.total.hours == "0 h")
    }

    @Test func estimatesScaleTheReferenceRatesByTheUnitsOfWork() async throws {
        let roadmap = try await roadmap()
        let views = roadmap.phases[4]
        #expect(views.units == 1)
        #expect(views.estimate.lowHours == 0.6 && views.estimate.highHours == 0.8)
        #expect(views.estimate.basis.hasPrefix("1 view site × 0.6–0.8 h (the reference: 120–160 h for 200 view sites"))
        let sum = roadmap.phases.reduce(0) { $0 + $1.estimate.highHours }
        #expect(roadmap.total.highHours == sum)
    }

    @Test func theProgressTableSetsTheRoadmapsTargets() async throws {
        let progress = try await roadmap().progress
        let rows = Dictionary(uniqueKeysWithValues: progress.map { ($0.metric, $0) })
        #expect(rows["Singletons"]?.current == "3")
        #expect(rows["Singletons"]?.target == "≤ 1 (kept global)")
        #expect(rows["`.shared` sites to migrate"]?.current == "4")
        #expect(rows["Injection bypasses"]?.isMet == false)
        #expect(rows["Dependency cycles"]?.isMet == true)
    }

    @Test func theMarkdownHasTheTablesAndEveryPhase() async throws {
        let text = RoadmapMarkdown.render(try await roadmap())
        #expect(text.contains("| Metric | Current | Target | Met |"))
        #expect(text.contains("| 5. View layer | 1 | 1 h | pending |"))
        for number in 1...6 { #expect(text.contains("## Phase \(number): ")) }
        #expect(text.contains("## How the estimate is made"))
    }

    @Test func theJSONFormRoundTrips() async throws {
        let roadmap = try await roadmap()
        let decoded = try JSONDecoder().decode(Roadmap.self, from: JSONEncoder().encode(roadmap))
        #expect(decoded == roadmap)
    }
}
