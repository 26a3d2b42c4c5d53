import ArgumentParser

/// The `seam` command-line tool: measure and migrate singleton debt in a Swift codebase.
@main
struct SeamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seam",
        abstract: "Measure and migrate singleton and dependency-injection debt in a Swift codebase."
    )
}
