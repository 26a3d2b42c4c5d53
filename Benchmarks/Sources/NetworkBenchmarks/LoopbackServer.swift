import FlyingSocks
import Foundation

/// The loopback server both clients call: every request gets `200 OK` with a small JSON array (about
/// 70 bytes), keep-alive.
///
/// It is a minimal HTTP/1.1 responder on FlyingFox's socket layer (FlyingSocks) rather than FlyingFox's
/// `HTTPServer`, because `HTTPServer` writes a response's head and body in two writes and offers no
/// `TCP_NODELAY`: with libcurl's delayed ACK that costs 40 ms per request on Linux, which would bury
/// the client-side cost this benchmark compares. Here each response is one write on a `TCP_NODELAY`
/// socket; requests are GETs without a body.
enum LoopbackServer {
    static let body = #"[{"id":"lahinch","name":"Lahinch"},{"id":"bundoran","name":"Bundoran"}]"#
    static let response = Data((
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: keep-alive\r\n\r\n" + body
    ).utf8)

    /// Serves until killed, printing `port N` once listening.
    static func serve() async throws {
        let socket = try Socket(domain: AF_INET)
        try socket.setValue(true, for: .localAddressReuse)
        try socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))   // inherited by accepted sockets
        try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
        try socket.listen()
        guard case .ip4(_, let port) = try socket.sockname() else { throw URLError(.cannotConnectToHost) }
        let pool: some AsyncSocketPool = .make()
        try await pool.prepare()
        let listener = try AsyncSocket(socket: socket, pool: pool)
        FileHandle.standardOutput.write(Data("port \(port)\n".utf8))   // unbuffered: the parent waits for it
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await pool.run() }
            group.addTask {
                for try await connection in listener.sockets {
                    Task { try? await answer(connection) }
                }
            }
            try await group.next()
        }
    }

    /// Answers each request of a keep-alive connection until the client closes it.
    private static func answer(_ connection: AsyncSocket) async throws {
        defer { try? connection.close() }
        let terminator = Array("\r\n\r\n".utf8)
        var pending: [UInt8] = []
        while true {
            pending += try await connection.read(atMost: 4096)
            while let end = pending.firstRange(of: terminator) {
                pending.removeSubrange(..<end.upperBound)
                try await connection.write(response)
            }
        }
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
