import ArgumentParser
import RecipesCore
import SeamArchitecture

/// The options every command takes.
public struct GlobalOptions: ParsableArguments, Sendable {
    @Flag(help: "Print JSON for scripts instead of tables.")
    var json = false

    @Flag(help: "Never use the network: favourites still open (from SQLite), everything else fails.")
    var offline = false

    @Flag(help: "Run on the checked-in fixtures in memory: no server, nothing saved between runs.")
    var mock = false

    @Flag(name: .shortAndLong, help: "Also print each error's technical detail on standard error.")
    var verbose = false

    /// The defaults: text, online, live dependencies.
    public init() {}

    /// Builds the app, runs `body` on the main actor, and turns a failure into a message on standard
    /// error and an exit code (1 for app errors, 2 for bad input such as an unknown deep link).
    func run(_ body: @MainActor @Sendable (TerminalApp) async throws -> Void) async throws {
        try await Self.execute(self, console: .standard(), body)
    }

    @MainActor
    static func execute(
        _ options: GlobalOptions,
        console: Console,
        _ body: @MainActor @Sendable (TerminalApp) async throws -> Void
    ) async throws {
        let reporter = ErrorReporter(write: { line in if options.verbose { console.writeError(line + "\n") } })
        do {
            let dependencies = options.mock
                ? AppDependencies.mock(isOffline: options.offline, errorReporter: reporter)
                : try await AppDependencies.load(isOffline: options.offline, errorReporter: reporter)
            try await body(TerminalApp(dependencies: dependencies, console: console, format: options.json ? .json : .text))
        } catch {
            throw RecipesExit.report(error, console: console, verbose: options.verbose)
        }
    }
}
