import Foundation

/// A child process awaited without blocking a thread, for long tests that would otherwise hold one of the
/// few threads Swift's cooperative pool has (two on a two-core machine) and starve the asynchronous tests
/// running beside them.
///
/// ```swift
/// let child = try RunningProcess(executable: SeamCLI.executable, ["migrate", ".", "--write"], in: folder.url)
/// try await Task.sleep(for: .milliseconds(40))
/// child.kill()
/// let status = await child.exit()
/// ```
public final class RunningProcess: Sendable {
    private let child: ChildProcess
    private let scratch: TemporaryDirectory

    /// Starts `executable arguments...` in `directory`, with this process's environment plus `environment` (minus
    /// the variables named in `removing`); standard input is `/dev/null`. Output goes through files rather than
    /// pipes, so a chatty child can never block on a full pipe.
    public init(
        executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        removing removedVariables: Set<String> = []
    ) throws {
        scratch = try TemporaryDirectory(prefix: "process")
        child = try ChildProcess(
            executable: executable, arguments, in: directory,
            environment: ProcessInfo.processInfo.environment.filter { !removedVariables.contains($0.key) }
                .merging(environment) { _, new in new },
            standardOutput: .file(scratch.url("stdout")), standardError: .file(scratch.url("stderr"))
        )
    }

    deinit { scratch.remove() }

    /// Whether the process is still running.
    public var isRunning: Bool { child.isRunning }

    /// Sends SIGKILL.
    public func kill() { child.kill() }

    /// Waits for the process to end (without blocking a thread) and returns what it left; output that cannot be
    /// read (a killed child's, say) reads as empty.
    public func exit() async -> CommandResult {
        let status = await child.ending().status
        let read = { (name: String) in
            String(decoding: (try? Data(contentsOf: self.scratch.url(name))) ?? Data(), as: UTF8.self)
        }
        return CommandResult(status: status, stdout: read("stdout"), stderr: read("stderr"))
    }

    /// Waits for the process to end (without blocking a thread) and returns what it left.
    ///
    /// - Throws: when its output cannot be read.
    public func result() async throws -> CommandResult {
        let status = await child.ending().status
        return CommandResult(
            status: status,
            stdout: String(decoding: try Data(contentsOf: scratch.url("stdout")), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: scratch.url("stderr")), as: UTF8.self))
    }

    /// Runs `executable arguments...` to completion without blocking a thread (``Command/run(executable:_:in:environment:removing:)``).
    public static func run(
        executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) async throws -> CommandResult {
        try await Command.run(executable: executable, arguments, in: directory, environment: environment)
    }
}
