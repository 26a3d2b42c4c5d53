import Foundation
import SeamTestSupport
import Testing

/// `seam audit Examples/Recipes`, the README's "after" picture: the Whisked app built on Seam has no
/// singletons, no `.shared` sites and no other finding.
@Suite("seam audit Examples/Recipes")
struct RecipesAuditTests {
    @Test func theRecipeAppHasNoSingletonDebt() async throws {
        let result = try await SeamCLI.run(["audit", "Examples/Recipes", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout.prefix(4000))\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let metrics = try #require(report["metrics"] as? [String: Any])
        #expect(metrics["singletons"] as? Int == 0)
        #expect(metrics["singletonAccesses"] as? Int == 0)
        #expect(metrics["injectionBypasses"] as? Int == 0)
        #expect(metrics["viewModels"] as? Int == metrics["viewModelsUsingInjection"] as? Int)
        #expect((metrics["viewModels"] as? Int ?? 0) >= 4)
        #expect((report["findings"] as? [Any])?.isEmpty == true)
    }
}
