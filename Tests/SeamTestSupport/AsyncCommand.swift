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
public final class RunningProcess: @unchecked Sendable {
    private let process = Process()
    private let exited = AsyncStream<Int32>.makeStream()
    private let scratch: TemporaryDirectory

    /// Starts `executable arguments...` in `directory` (environment: this process's plus `environment`).
    public init(executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        scratch = try TemporaryDirectory(prefix: "process")
        let out = scratch.url("stdout")
        let err = scratch.url("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let continuation = exited.continuation
        process.terminationHandler = { process in
            continuation.yield(process.terminationStatus)
            continuation.finish()
        }
        try process.run()
    }

    deinit { scratch.remove() }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// Sends SIGKILL.
    public func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to end (without blocking a thread) and returns what it left.
    public func exit() async -> CommandResult {
        var status: Int32 = -1
        for await code in exited.stream { status = code }
        let read = { (name: String) in String(decoding: (try? Data(contentsOf: self.scratch.url(name))) ?? Data(), as: UTF8.self) }
        return CommandResult(status: status, stdout: read("stdout"), stderr: read("stderr"))
    }

    /// Runs `executable arguments...` to completion without blocking a thread.
    public static func run(
        executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) async throws -> CommandResult {
        await (try RunningProcess(executable: executable, arguments, in: directory, environment: environment)).exit()
    }
}
