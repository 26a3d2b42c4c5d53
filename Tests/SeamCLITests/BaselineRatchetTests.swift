import Foundation
import SeamTestSupport
import Testing

/// `--baseline`: record today's findings, then fail only on new ones.
@Suite("seam audit --baseline")
struct BaselineRatchetTests {
    private let store = """
        final class Store {
            static let shared = Store()
            private init() {}
            func load() {}
        }
        """

    @Test func recordsThenFailsOnlyOnNewFindings() async throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/Store.swift": store,
            "Sources/Screen.swift": "final class Screen {\n    func show() {\n        Store.shared.load()\n    }\n}\n",
        ])
        defer { folder.remove() }

        let plain = try await SeamCLI.run(["audit", "."], in: folder.url)
        #expect(plain.status == 1, "the fixture has debt")

        let record = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(record.status == 0)
        #expect(record.stderr.hasPrefix("seam: recorded "))
        #expect(record.stderr.hasSuffix(" findings in the baseline seam-baseline.json\n"))
        #expect(FileManager.default.fileExists(atPath: folder.url("seam-baseline.json").path))

        let again = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)

        // Moving code down does not make the known findings new.
        try Data(("\n\n" + store).utf8).write(to: folder.url("Sources/Store.swift"))
        let moved = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(moved.status == 0, "\(moved.stdout)")

        // A new access is new.
        try Data("final class Other {\n    func go() {\n        Store.shared.load()\n    }\n}\n".utf8)
            .write(to: folder.url("Sources/Other.swift"))
        let new = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--format", "xcode"], in: folder.url)
        #expect(new.status == 1)
        let lines = new.stdout.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("Sources/Other.swift:") }, "\(new.stdout)")

        let text = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url)
        #expect(text.stdout.contains("more in the baseline)"))

        // --update-baseline accepts the new debt.
        let update = try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json", "--update-baseline"], in: folder.url)
        #expect(update.status == 0)
        #expect(try await SeamCLI.run(["audit", ".", "--baseline", "seam-baseline.json"], in: folder.url).status == 0)
    }
}
