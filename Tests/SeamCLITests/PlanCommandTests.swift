import Foundation
import SeamTestSupport
import Testing

/// `seam plan`, run as a user would: the roadmap of `Examples/LegacyApp` in Markdown and JSON.
@Suite("seam plan")
struct PlanCommandTests {
    @Test func theLegacyAppsRoadmapHasSixPhasesWithTheirHours() async throws {
        let result = try await SeamCLI.run(["plan", "Examples/LegacyApp"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("# Refactoring roadmap: Examples/LegacyApp\n"))
        #expect(result.stdout.contains("| 1. Foundation | 2 | 3 h | next |"))
        #expect(result.stdout.contains("| 2. Core view models | 6 | 37–55 h | pending |"))
        #expect(result.stdout.contains("| **Total** | **26** | **60–87 h** | |"))
        #expect(
            result.stdout.contains(
                "1. **Use the injected services in `ForecastViewModel`**: 1 site still reaches `SettingsStore`"))
    }

    @Test func theJSONFormHasEveryTask() async throws {
        let result = try await SeamCLI.run(["plan", "Examples/LegacyApp", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let roadmap = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let phases = try #require(roadmap["phases"] as? [[String: Any]])
        #expect(phases.map { ($0["tasks"] as? [Any])?.count ?? -1 } == [2, 6, 4, 6, 2, 6])
        #expect(
            phases.map { $0["status"] as? String } == ["next", "pending", "pending", "pending", "pending", "pending"])
        let total = try #require(roadmap["total"] as? [String: Any])
        #expect((total["basis"] as? String)?.contains("520–720 h") == true)
    }

    @Test func aMissingFolderIsAUsageError() async throws {
        let result = try await SeamCLI.run(["plan", "No/Such/Folder"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no such file or directory: No/Such/Folder"))
    }
}
