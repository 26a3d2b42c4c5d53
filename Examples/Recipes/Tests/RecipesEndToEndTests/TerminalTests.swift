import Foundation
import Testing

/// The progress line, seen through a real pseudo-terminal (util-linux `script`).
@Suite(
    "End to end: the progress line on a slow server",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux script for a pty")
)
struct TerminalTests {
    func inTerminal(_ command: String, session: Session) async throws -> RunResult {
        try await run(URL(fileURLWithPath: "/usr/bin/script"), ["-q", "-e", "-c", command, "/dev/null"], environment: session.environment)
    }

    @Test("a terminal sees a spinner on stderr while the server is slow; a pipe sees nothing")
    func spinner() async throws {
        let server = try await FixtureServer(arguments: ["--delay", "0.8"])
        let session = try Session()
        session.baseURL = server.baseURL
        let recipes = Products.recipes.path

        let terminal = try await inTerminal("\(recipes) meals Beef", session: session)
        #expect(terminal.status == 0, "\(terminal)")
        #expect(terminal.stdout.contains("Loading Beef…"))
        #expect(terminal.stdout.contains("Massaman Beef Curry"))

        let stderrRedirected = try await inTerminal("\(recipes) meals Beef 2>/dev/null", session: session)
        #expect(!stderrRedirected.stdout.contains("Loading"))
        #expect(stderrRedirected.stdout.contains("Massaman Beef Curry"))

        let piped = try await session.recipes("meals", "Beef")
        #expect(piped.stderr.isEmpty)
    }
}
