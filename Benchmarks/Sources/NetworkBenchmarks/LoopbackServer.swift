import FlyingFox
import Foundation

/// The loopback server both clients call: `GET /spots` answers a small JSON array (about 100 bytes).
enum LoopbackServer {
    static let body = Data(#"[{"id":"lahinch","name":"Lahinch"},{"id":"bundoran","name":"Bundoran"}]"#.utf8)

    /// Serves until killed, printing `port N` once listening.
    static func serve() async throws {
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled,
            handler: ClosureHTTPHandler { _ in
                HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
            }
        )
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw URLError(.cannotConnectToHost) }
        FileHandle.standardOutput.write(Data("port \(port)\n".utf8))   // unbuffered: the parent waits for it
        try await task.value
    }

    /// The server running as a child process of this benchmark (its own CPU time, not the clients').
    struct Child {
        let process: Process
        let port: Int

        static func start() throws -> Child {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
            process.arguments = ["--serve"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw URLError(.cannotConnectToHost) }
                line += chunk
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.hasPrefix("port "), let port = Int(text.dropFirst(5)) else {
                process.terminate()
                throw URLError(.cannotConnectToHost)
            }
            return Child(process: process, port: port)
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
