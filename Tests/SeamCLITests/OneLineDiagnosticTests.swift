import Foundation
import SeamTestSupport
import Testing

/// The line-based formats keep one line per finding, whatever the quoted code looks like.
@Suite("seam audit: one line per diagnostic")
struct OneLineDiagnosticTests {
    static let source = """
        struct Client { func fetch(_ id: Int) -> Int? { id } }
        func load(client: Client) -> Int {
            return client
                .fetch(
                    42
                )!
        }
        let long = [1, 2, 3].map { $0 * 2 }.filter { $0 > 2 }.first { $0 > 100000 }.map { $0 + 1 }.flatMap { Optional($0) }!

        """

    @Test func aMultiLineExpressionIsQuotedOnOneLine() async throws {
        let folder = try TemporaryDirectory(files: ["A.swift": Self.source])
        defer { folder.remove() }
        let json = try await SeamCLI.run(["audit", ".", "--format", "json"], in: folder.url)
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(
            findings.contains { ($0["message"] as? String)?.contains("\n") == true },
            "the JSON keeps the message as it is")

        let xcode = try await SeamCLI.run(["audit", ".", "--format", "xcode"], in: folder.url)
        let lines = xcode.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == findings.count, "\(xcode.stdout)")
        #expect(
            lines.allSatisfy { $0.wholeMatch(of: #/A\.swift:\d+:\d+: (warning|error|note): .+ \[[a-z-]+\]/#) != nil })
        #expect(
            lines.contains(
                "A.swift:6:10: warning: Force unwrap 'client .fetch( 42 )!' crashes when the value is nil [force-unwrap]"
            ))
        #expect(
            lines.contains {
                $0.contains(
                    "Force unwrap '[1, 2, 3].map { $0 * 2 }.filter { $0 > 2 }.first { $0 > 100…ap { Optional($0) }!' crashes"
                )
            }, "a long expression keeps its start and end")

        let text = try await SeamCLI.run(["audit", ".", "--no-color"], in: folder.url)
        #expect(
            text.stdout.contains(
                "  6:10  warning  Force unwrap 'client .fetch( 42 )!' crashes when the value is nil  [force-unwrap]\n"))
    }
}
