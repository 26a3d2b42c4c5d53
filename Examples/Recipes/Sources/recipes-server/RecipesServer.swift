import ArgumentParser
import FlyingFox
import Foundation
import RecipesFixtures

/// `recipes-server`: serves the checked-in TheMealDB fixtures over HTTP so the app runs (and is
/// tested) with no internet.
///
///     swift run --package-path Examples/Recipes recipes-server --port 8080
///
/// Prints the base URL it listens on as its first line of standard output (with `--port 0`, the
/// free port the system chose), then one line per request on standard error.
@main
struct RecipesServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes-server",
        abstract: "Serve the checked-in TheMealDB fixtures over HTTP (categories.php, filter.php, lookup.php).",
        discussion: """
            The first line of standard output is the API base URL to give the app \
            (RECIPES_API_BASE_URL); requests are logged on standard error. Stop it with Ctrl-C.
            """
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 8080

    @Option(help: "The IPv4 address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Seconds to wait before each answer, to try the app on a slow network.")
    var delay: Double = 0

    @Option(help: "A fixture directory to serve instead of the bundled one (categories.json, filter/, lookup/).")
    var fixtures: String?

    func validate() throws {
        guard delay >= 0, delay.isFinite else { throw ValidationError("--delay must be 0 or more seconds, not \(delay)") }
    }

    func run() async throws {
        let catalog = try fixtures.map { try FixtureCatalog(directory: URL(fileURLWithPath: $0)) } ?? FixtureCatalog.bundled()
        let router = FixtureRouter(catalog: catalog)
        let delay = Duration.milliseconds(Int(delay * 1000))
        let server = HTTPServer(address: try .inet(ip4: host, port: port), logger: .disabled)
        await server.appendRoute("*") { request in
            try await FixtureHTTP.respond(to: request, router: router, delay: delay)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            try await server.waitUntilListening()
            guard case .ip4(let address, let boundPort)? = await server.listeningAddress else {
                throw ValidationError("the server is not listening on an IPv4 address")
            }
            StandardStreams.printLine("http://\(address):\(boundPort)\(router.basePath)")
            StandardStreams.log(
                "Serving \(catalog.categoryNames.count) categories and \(catalog.mealIDs.count) meals "
                    + "from \(catalog.directory.path)"
            )
            try await group.next()
        }
    }
}
