import Foundation

/// Runs a process to completion and captures its exit status, standard output and standard error.
///
/// ```swift
/// let build = try await Command.run("swift", ["build"], in: package.url)
/// #expect(build.status == 0, "\(build.output.suffix(4000))")
/// ```
public enum Command {
    /// Runs the program `name`, looked up on `PATH` (through `/usr/bin/env`), in `directory`.
    public static func run(
        _ name: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) async throws -> CommandResult {
        try await run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: directory,
            environment: environment)
    }

    /// Runs `executable` in `directory`, with this process's environment plus `environment`
    /// (minus the variables named in `removing`); standard input is `/dev/null`.
    ///
    /// A ``RunningProcess`` awaited to its end: output goes through files rather than pipes, the wait holds no
    /// thread of Swift's cooperative pool (two on a two-core machine: a hundred tests blocked in a wait would
    /// starve every asynchronous test beside them), and the child is reaped as soon as it ends.
    ///
    /// - Throws: when the program cannot be started or its output cannot be read.
    public static func run(
        executable: URL,
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = [:],
        removing removedVariables: Set<String> = []
    ) async throws -> CommandResult {
        try await RunningProcess(
            executable: executable, arguments, in: directory, environment: environment, removing: removedVariables
        ).result()
    }
}
