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
            MocksCommand.self,
            PlanCommand.self,
            ReportCommand.self,
        ]
    )

    /// Runs the command like `AsyncParsableCommand.main()`, except that usage errors exit with 2
    /// (argument-parser's default is 64) so that every usage or configuration error has the same code.
    static func main() async {
        Terminal.ignoreBrokenPipes()
        if let argument = firstArgumentNotUTF8() {
            // Swift would read it with its bad bytes replaced: a path that names another file. Refused instead.
            Terminal.writeError(
                "seam: error: the argument \(argument) is not valid UTF-8 (the bytes that are not are shown as \\xNN); "
                    + "seam cannot name such a path: rename it")
            Foundation.exit(SeamExitCode.usageError.rawValue)
        }
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

    /// The first command-line argument whose bytes are not UTF-8, escaped (`caf\xE9.txt`).
    private static func firstArgumentNotUTF8() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            if let escaped = PathText.escapedIfNotUTF8(bytes) { return escaped }
        }
        return nil
    }
}
