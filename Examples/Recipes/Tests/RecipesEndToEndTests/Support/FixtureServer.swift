import Foundation

/// `recipes-server --port 0` as a subprocess: started on a free port, its base URL read from the
/// first line it prints, stopped (SIGTERM, then waited for) by ``stop()`` or on deinit.
final class FixtureServer {
    let process = Process()
    let baseURL: String
    private let logURL: URL

    /// Starts the server; waits up to `timeout` for its URL (generous: a loaded machine builds beside it).
    init(arguments: [String] = [], timeout: Duration = .seconds(60)) async throws {
        let server = Products.server
        guard FileManager.default.isExecutableFile(atPath: server.path) else {
            throw HarnessError("recipes-server is not built at \(server.path)")
        }
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let stdout = Pipe()
        process.executableURL = server
        process.arguments = ["--port", "0"] + arguments
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()

        var line = Data()
        let deadline = ContinuousClock.now + timeout
        while !line.contains(UInt8(ascii: "\n")) {
            guard ContinuousClock.now < deadline, process.isRunning else {
                process.terminate()
                throw HarnessError("recipes-server printed no URL; log: \((try? String(contentsOf: logURL, encoding: .utf8)) ?? "")")
            }
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            line.append(chunk)
        }
        baseURL = String(decoding: line.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// What the server logged on standard error (one line per request).
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Stops the server and waits until its port is closed.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: logURL)
    }
}
