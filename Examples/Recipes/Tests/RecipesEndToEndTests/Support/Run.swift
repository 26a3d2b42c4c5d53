import Foundation

/// What a finished process left: exit status and both streams.
struct RunResult: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs a program to completion with a clean environment plus `environment`, stdin from
/// /dev/null, output through files (a chatty child never blocks on a full pipe). The wait holds no
/// thread: a test blocked in `waitUntilExit()` would hold one of the cooperative pool's few threads.
func run(_ executable: URL, _ arguments: [String], environment: [String: String]) async throws -> RunResult {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = baseEnvironment().merging(environment) { _, new in new }
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
    return RunResult(
        status: status,
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    )
}

/// The inherited environment without anything that would change the app's behaviour.
func baseEnvironment() -> [String: String] {
    ProcessInfo.processInfo.environment.filter { key, _ in
        !key.hasPrefix("RECIPES_") && key != "APP_ENV" && key != "COLUMNS"
    }
}
