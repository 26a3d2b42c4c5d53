import Foundation
import SeamTestSupport
import Testing

/// `seam mocks`, run as a user would: generate, check in CI, notice a changed protocol.
@Suite("seam mocks")
struct MocksCommandTests {
    private static let files = [
        "Sources/App/Network/NetworkServiceProtocol.swift": """
        import Foundation

        protocol NetworkServiceProtocol: Sendable {
            func fetch(_ url: URL) async throws -> Data
        }
        """,
        "Sources/App/Clock.swift": """
        /// Tells the time.
        // seam:mock
        @MainActor
        protocol Clock {
            var now: Double { get }
        }

        protocol Unmarked {
            func run()
        }
        """,
        "Tests/AppTests/AppTests.swift": "import Testing\n",
    ]

    @Test func generateThenCheckPassesThenAnEditedProtocolFailsTheCheck() async throws {
        let folder = try TemporaryDirectory(files: Self.files)
        defer { folder.remove() }
        let generate = try await SeamCLI.run(["mocks", ".", "--protocol", "*Service*Protocol"], in: folder.url)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(
            generate.stderr.contains(
                "seam: wrote Tests/AppTests/Mocks/MockNetworkService.swift (`NetworkServiceProtocol`)"),
            "\(generate.stderr)")
        #expect(
            generate.stderr.contains("seam: wrote Tests/AppTests/Mocks/MockClock.swift (`Clock`)"),
            "the marked protocol is picked up:\n\(generate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url("Tests/AppTests/Mocks/MockUnmarked.swift").path))
        let network = try String(
            contentsOf: folder.url("Tests/AppTests/Mocks/MockNetworkService.swift"), encoding: .utf8)
        #expect(network.contains("@testable import App"))
        #expect(network.contains("final class MockNetworkService: NetworkServiceProtocol, @unchecked Sendable {"))
        let clock = try String(contentsOf: folder.url("Tests/AppTests/Mocks/MockClock.swift"), encoding: .utf8)
        #expect(clock.contains("@MainActor\nfinal class MockClock: Clock {"))

        let check = try await SeamCLI.run(["mocks", ".", "--protocol", "*Service*Protocol", "--check"], in: folder.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("seam: 2 mock(s) up to date"), "\(check.stderr)")

        // Running again rewrites nothing: the files keep their modification dates.
        let mockPath = folder.url("Tests/AppTests/Mocks/MockNetworkService.swift").path
        let written = try FileManager.default.attributesOfItem(atPath: mockPath)[.modificationDate] as? Date
        try await Task.sleep(for: .milliseconds(20))
        let again = try await SeamCLI.run(["mocks", ".", "--protocol", "*Service*Protocol"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stderr.contains("seam: 0 mock(s) written, 2 up to date"), "\(again.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: mockPath)[.modificationDate] as? Date == written)

        try folder.write(
            """
            import Foundation

            protocol NetworkServiceProtocol: Sendable {
                func fetch(_ url: URL) async throws -> Data
                func cancelAll()
            }
            """, to: "Sources/App/Network/NetworkServiceProtocol.swift")
        let stale = try await SeamCLI.run(["mocks", ".", "--protocol", "*Service*Protocol", "--check"], in: folder.url)
        #expect(stale.status == 1, "\(stale.stderr)")
        #expect(
            stale.stderr.contains(
                "Tests/AppTests/Mocks/MockNetworkService.swift: out of date (the mock of `NetworkServiceProtocol`"),
            "\(stale.stderr)")
        #expect(!stale.stderr.contains("MockClock.swift"), "an up-to-date mock is not named")
        #expect(
            try String(contentsOf: URL(fileURLWithPath: mockPath), encoding: .utf8) == network, "--check writes nothing"
        )

        try FileManager.default.removeItem(at: folder.url("Tests/AppTests/Mocks/MockClock.swift"))
        let missing = try await SeamCLI.run(["mocks", ".", "--check"], in: folder.url)
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains("Tests/AppTests/Mocks/MockClock.swift: missing (the mock of `Clock`"),
            "\(missing.stderr)")
    }

    @Test func aMarkedProtocolThatCannotBeMockedIsAnErrorNamingItsLine() async throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/App/Repository.swift": """
            // seam:mock
            protocol Repository {
                func all() -> [Item]
                associatedtype Item
            }
            """,
            "Sources/App/Clock.swift": "// seam:mock\nprotocol Clock { var now: Double { get } }\n",
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["mocks", ".", "--output", "Tests/Mocks"], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "Sources/App/Repository.swift:4:5: error: no mock for `Repository`: it has an associated type, `Item`"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url("Tests/Mocks").path), "nothing is written")
    }

    @Test func badInputIsAUsageError() async throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/App/Clock.swift": "protocol Clock { var now: Double { get } }\n"
        ])
        defer { folder.remove() }
        let nothing = try await SeamCLI.run(["mocks", "."], in: folder.url)
        #expect(nothing.status == 2)
        #expect(
            nothing.stderr.contains("no protocol under . is marked `// seam:mock`, and no name pattern was given"),
            "\(nothing.stderr)")
        let unmatched = try await SeamCLI.run(["mocks", ".", "--protocol", "Clok"], in: folder.url)
        #expect(unmatched.status == 2)
        #expect(unmatched.stderr.contains("no protocol matches `Clok`"), "\(unmatched.stderr)")
        let outside = try await SeamCLI.run(
            ["mocks", ".", "--protocol", "Clock", "--output", "../elsewhere"], in: folder.url)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("the output directory ../elsewhere is outside ."), "\(outside.stderr)")
        let noTests = try await SeamCLI.run(["mocks", ".", "--protocol", "Clock"], in: folder.url)
        #expect(noTests.status == 2)
        #expect(
            noTests.stderr.contains(
                "Sources/App/Clock.swift:1:10: error: no mock for `Clock`: there is no Tests/AppTests folder"),
            "\(noTests.stderr)")
    }

    @Test func aHandWrittenFileIsNeverReplaced() async throws {
        let folder = try TemporaryDirectory(files: [
            "Sources/App/Clock.swift": "protocol Clock { var now: Double { get } }\n",
            "Tests/AppTests/Mocks/MockClock.swift": "// mine\n",
        ])
        defer { folder.remove() }
        let result = try await SeamCLI.run(["mocks", ".", "--protocol", "Cl*"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "note: no mock for `Clock`: Tests/AppTests/Mocks/MockClock.swift exists and was not written by seam mocks"
            ), "\(result.stderr)")
        #expect(
            try String(contentsOf: folder.url("Tests/AppTests/Mocks/MockClock.swift"), encoding: .utf8) == "// mine\n")
    }
}
