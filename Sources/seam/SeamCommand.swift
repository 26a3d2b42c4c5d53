import ArgumentParser
import Foundation
import SeamAnalysis

/// The `seam` command-line tool: measure and migrate singleton debt in a Swift codebase.
///
/// Exit codes (every subcommand): 0 clean, 1 findings over the threshold, 2 usage or configuration error or
/// output that could not be written.
@main
struct SeamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seam",
        abstract: "Measure and migrate singleton and dependency-injection debt in a Swift codebase.",
        discussion: """
            Exit codes: 0 clean, 1 findings over the threshold (thresholds.max-findings in .seam.yml, \
            after the baseline), 2 usage or configuration error, or output that could not be written \
            (a full disk; silently when standard output is a closed pipe).
            """,
        version: SeamVersion.current,
        subcommands: [
            AuditCommand.self,
            GraphCommand.self,
            MigrateCommand.self,
        ]
    )

    /// Runs the command like `AsyncParsableCommand.main()`, except that usage errors exit with 2
    /// (argument-parser's default is 64) so that every usage or configuration error has the same code.
    static func main() async {
        Terminal.ignoreBrokenPipes()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                Terminal.writeError(fullMessage(for: error))
                Foundation.exit(SeamExitCode.usageError.rawValue)
            }
            exit(withError: error)
        }
    }
}
