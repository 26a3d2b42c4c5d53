import Foundation
import SeamTestSupport
import Testing

/// Every `--format` of `seam audit` and `seam graph`, run on Examples/LegacyApp.
@Suite("seam output formats")
struct FormatTests {
    private func audit(_ format: String, _ extra: [String] = []) async throws -> CommandResult {
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--format", format] + extra)
        #expect(result.status == 1, "\(format): \(result.stderr)")
        return result
    }

    @Test func xcodeLinesPointAtFiles() async throws {
        let lines = try await audit("xcode").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 66)
        #expect(
            lines.contains(
                "Examples/LegacyApp/Sources/LegacyApp/ViewModels/SpotDetailViewModel.swift:34:9: error: "
                    + "'SpotDetailViewModel' injects 'dataStore: DataStoreProtocol' but still reaches 'DataStore.shared' "
                    + "[injection-bypass]"
            )
        )
        let pattern = #/^Examples/LegacyApp/[^:]+\.swift:\d+:\d+: (error|warning|note): .+ \[[a-z-]+\]$/#
        #expect(lines.allSatisfy { $0.wholeMatch(of: pattern) != nil })
    }

    @Test func jsonValidatesAgainstTheSchema() async throws {
        let errors = try await SchemaValidator.errors(
            in: try audit("json").stdout, schema: SchemaValidator.auditReport
        )
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func sarifValidatesAgainstTheOASISSchema() async throws {
        let output = try await audit("sarif").stdout
        let errors = try await SchemaValidator.errors(in: output, schema: SchemaValidator.sarif)
        #expect(errors.isEmpty, "\(errors)")
        let log = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == 66)
        let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"]
        var expected = PackageCheckout.legacyApp.standardizedFileURL.absoluteString
        if !expected.hasSuffix("/") { expected += "/" }
        #expect(base == expected)
    }

    @Test func markdownHasTheTableAndTheOffenders() async throws {
        let output = try await audit("markdown").stdout
        #expect(output.hasPrefix("## Seam audit: `Examples/LegacyApp`\n"))
        #expect(output.contains("| View models using injection | 2/6 (33%) |"))
        #expect(output.contains("| `.shared` sites in view models | 18 |"))
        #expect(output.contains("| `APIClient` | 8 |"))
        #expect(output.contains("- `AuthManager` → `DataStore` → `AuthManager`"))
    }

    @Test func githubAnnotationsOnePerFinding() async throws {
        let lines = try await audit("github").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 66)
        #expect(lines.filter { $0.hasPrefix("::error file=Examples/LegacyApp/Sources/") }.count == 5)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 8)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "::error file=Examples/LegacyApp/Sources/LegacyApp/ViewModels/SpotDetailViewModel.swift,line=34,col=9,title=injection-bypass::"
                )
            })
    }

    @Test func textGroupedByRule() async throws {
        let output = try await audit("text", ["--group-by", "rule"]).stdout
        #expect(output.contains("singleton-access (33)"))
        #expect(output.contains("injection-bypass (2)"))
    }

    @Test func outputGoesToAFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url("audit.sarif")
        let result = try await SeamCLI.run(["audit", "Examples/LegacyApp", "--format", "sarif", "--output", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\"version\" : \"2.1.0\""))
    }

    @Test func graphAsDotMermaidAndJSON() async throws {
        let dot = try await SeamCLI.run(["graph", "Examples/LegacyApp"])
        #expect(dot.status == 0)
        #expect(dot.stdout.contains("\"AuthManager\" -> \"DataStore\" [style=solid, color=red, penwidth=2];"))
        #expect(dot.stdout.contains("\"SpotDetailViewModel\" -> \"DataStore\" [style=dashed];"))

        let mermaid = try await SeamCLI.run(["graph", "Examples/LegacyApp", "--format", "mermaid"])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("flowchart LR\n"))
        #expect(mermaid.stdout.contains("linkStyle "))

        let json = try await SeamCLI.run(["graph", "Examples/LegacyApp", "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(
            (object["graph"] as? [String: Any])?["cycles"] as? [[String]] == [
                ["AuthManager", "DataStore", "AuthManager"]
            ])
    }
}
