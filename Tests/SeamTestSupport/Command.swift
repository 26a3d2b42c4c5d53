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
        try await run(executable: URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: directory, environment: environment)
    }

    /// Runs `executable` in `directory`, with this process's environment plus `environment`
    /// (minus the variables named in `removing`); standard input is `/dev/null`.
    ///
    /// Output goes through files rather than pipes, so a chatty child can never block on a full pipe. The wait
    /// holds no thread of Swift's cooperative pool (two on a two-core machine: a hundred tests blocked in a wait
    /// would starve every asynchronous test beside them), and the child is a ``ChildProcess``, reaped as soon as
    /// it ends.
    public static func run(
        executable: URL,
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = [:],
        removing removedVariables: Set<String> = []
    ) async throws -> CommandResult {
        let scratch = try TemporaryDirectory(prefix: "command")
        defer { scratch.remove() }
        var env = ProcessInfo.processInfo.environment.filter { !removedVariables.contains($0.key) }
        env.merge(environment) { _, new in new }
        let child = try ChildProcess(
            executable: executable, arguments, in: directory, environment: env,
            standardOutput: .file(scratch.url("stdout")), standardError: .file(scratch.url("stderr"))
        )
        let status = await child.ending().status
        return CommandResult(
            status: status,
            stdout: String(decoding: try Data(contentsOf: scratch.url("stdout")), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: scratch.url("stderr")), as: UTF8.self)
        )
    }
}
