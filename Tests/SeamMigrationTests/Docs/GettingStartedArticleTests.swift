// swift-format-ignore-file
// Laid out by hand: its code is copied, as written here, into a DocC article or the README (DocCCatalogTests).
// The code of Sources/SeamMigration/SeamMigration.docc/GettingStarted.md, compiled and run: each block is here
// verbatim (SeamTests' DocCCatalogTests checks every line is here).
import Foundation
import SeamAnalysis
import SeamMigration
import SeamTestSupport
import Testing

/// A struct, so the article's free functions are instance methods here.
struct MigrationArticle {
    func previewMigration(of root: String) async throws -> String {
        var options = MigrationOptions()
        options.protocolNameTemplate = "{name}Protocol"    // APIClient → APIClientProtocol
        let plan = try await Migrator(options: options).plan(root: root)
        return plan.unifiedDiff() + "\n" + plan.summaryText
    }

    func migrate(_ root: String) async throws -> MigrationPlan {
        let plan = try await Migrator().plan(root: root)
        try MigrationWriter.apply(plan)
        return plan
    }

    func staleMocks(in root: String) async throws -> [String] {
        var options = MockOptions()
        options.protocolPatterns = ["*Protocol"]
        options.outputDirectory = "Tests/Mocks"            // else Tests/<Target>Tests/Mocks
        let mocks = try await MockGeneration(options: options).generate(root: root)
        return mocks.stale.map(\.protocolName)
    }

    static let legacyFiles = [
        "Sources/App/APIClient.swift": "final class APIClient {\n    static let shared = APIClient()\n    func fetch() -> [String] { [] }\n}\n",
        "Sources/App/FeedViewModel.swift": "final class FeedViewModel {\n    func load() -> [String] { APIClient.shared.fetch() }\n}\n",
        "Sources/App/SpotsProtocol.swift": "protocol SpotsProtocol {\n    func spots() -> [String]\n}\n",
    ]

    @Suite("Article: Getting started with SeamMigration")
    struct Tests {
        @Test("the preview names the protocol and writes nothing")
        func preview() async throws {
            let folder = try TemporaryDirectory(prefix: "migration-article", files: MigrationArticle.legacyFiles)
            defer { folder.remove() }
            let preview = try await MigrationArticle().previewMigration(of: folder.url.path)
            #expect(preview.contains("APIClientProtocol"), "\(preview)")
            let viewModel = try String(contentsOf: folder.url.appendingPathComponent("Sources/App/FeedViewModel.swift"), encoding: .utf8)
            #expect(viewModel.contains("APIClient.shared"))
        }

        @Test("applied, the view model takes the client in init, and planning again plans nothing")
        func apply() async throws {
            let folder = try TemporaryDirectory(prefix: "migration-article", files: MigrationArticle.legacyFiles)
            defer { folder.remove() }
            let plan = try await MigrationArticle().migrate(folder.url.path)
            #expect(!plan.isEmpty)
            let viewModel = try String(contentsOf: folder.url.appendingPathComponent("Sources/App/FeedViewModel.swift"), encoding: .utf8)
            #expect(viewModel.contains("init(apiClient: any APIClientProtocol"), "\(viewModel)")
            #expect(viewModel.contains("apiClient.fetch()"), "\(viewModel)")
            #expect(try await Migrator().plan(root: folder.url.path).isEmpty)
        }

        @Test("a protocol matching the pattern has no mock yet: it is stale")
        func mocks() async throws {
            let folder = try TemporaryDirectory(prefix: "migration-article", files: MigrationArticle.legacyFiles)
            defer { folder.remove() }
            #expect(try await MigrationArticle().staleMocks(in: folder.url.path) == ["SpotsProtocol"])
        }
    }
}
