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
    /// holds no thread: a test blocked in `waitUntilExit()` would hold one of the few threads of Swift's
    /// cooperative pool (two on a two-core machine), and a hundred such tests starve every asynchronous test
    /// beside them until their deadlines pass.
    public static func run(
        executable: URL,
        _ arguments: [String],
        in directory: URL,
        environment: [String: String] = [:],
        removing removedVariables: Set<String> = []
    ) async throws -> CommandResult {
        let scratch = try TemporaryDirectory(prefix: "command")
        defer { scratch.remove() }
        let outURL = scratch.url("stdout")
        let errURL = scratch.url("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment.filter { !removedVariables.contains($0.key) }
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try out.close()
        try err.close()
        return CommandResult(
            status: status,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }
}
