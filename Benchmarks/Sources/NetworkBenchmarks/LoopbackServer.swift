import FlyingSocks
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    static let response = Data(
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: keep-alive\r\n\r\n" + body).utf8)

    /// Serves until killed or until the parent benchmark is gone, printing `port N` once listening.
    static func serve() async throws {
        ParentWatch.exitWhenParentIsGone()
        let socket = try Socket(domain: AF_INET)
        try socket.setValue(true, for: .localAddressReuse)
        // Inherited by accepted sockets.
        try socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
        try socket.listen()
        guard case .ip4(_, let port) = try socket.sockname() else { throw URLError(.cannotConnectToHost) }
        let pool: some AsyncSocketPool = .make()
        try await pool.prepare()
        let listener = try AsyncSocket(socket: socket, pool: pool)
        FileHandle.standardOutput.write(Data("port \(port)\n".utf8))  // unbuffered: the parent waits for it
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
            // The child's standard input is a pipe only this process holds open: when this process ends,
            // however it ends, the child reads end-of-file and exits (see `ParentWatch`). Its standard
            // error is not the caller's: a child that outlived us must not hold the caller's pipe open.
            let lifeline = Pipe()
            process.standardInput = lifeline
            process.standardError = FileHandle.nullDevice
            try process.run()
            try? lifeline.fileHandleForReading.close()
            Child.lifelines.withLock { $0.append(lifeline) }
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

        /// The write ends of the children's standard input, held open for this process's life.
        private static let lifelines = Mutex<[Pipe]>([])

        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// Ends the `--serve` child with its parent: its standard input is a pipe whose write end only the
/// parent holds, so when the parent ends (normally, by `exit`, by a signal or by SIGKILL) the kernel
/// closes it and the child reads end-of-file and exits at once.
///
/// Not `PR_SET_PDEATHSIG`: on Linux it fires when the parent *thread* that spawned the child exits, and
/// the benchmark spawns from a pool thread that may be retired while the process lives.
enum ParentWatch {
    static func exitWhenParentIsGone() {
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 0 || (count < 0 && errno != EINTR) { _exit(0) }
            }
        }
        thread.start()
    }
}
